import type { RxReview } from '@apothecall/domain/rx/rx-visits.api';
import { Button, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { Facts } from '../../../components/facts';
import { useLang, useT } from '../../../lib/i18n';
import { formatDateTime } from '../../../lib/payments/payment-format';
import { useAnswerClinicRxChangeRequest } from '../api/clinic-answer-change-request';
import { ClinicRxReviewSection } from './clinic-rx-review-section';
import { useClinicRxReviewToasts } from './clinic-rx-review-toasts';
import { RxPrescribeForm } from './rx-prescribe-form';

/**
 * A pharmacy's request to change the prescription, answered by the prescriber: approve with a
 * new prescription, or deny; a note to the pharmacy either way.
 */
export function ClinicRxChangeRequest({
  visitId,
  review,
  changeRequest,
}: {
  visitId: string;
  review: RxReview;
  changeRequest: NonNullable<RxReview['changeRequest']>;
}) {
  const t = useT();
  const toasts = useClinicRxReviewToasts();
  const [changeNote, setChangeNote] = useState('');
  const { visit, packageLines } = review;
  const version = visit.version;
  const answer = useAnswerClinicRxChangeRequest({
    onSuccess: (_updated, { body }) => {
      setChangeNote('');
      toasts.done(
        body.decision === 'approve'
          ? t('rxScreens.change.approvedDone')
          : t('rxScreens.change.deniedDone'),
      );
    },
    onError: toasts.failed,
  });
  const pendingOf = (decision: 'approve' | 'deny') =>
    answer.isPending && answer.variables?.body.decision === decision;

  return (
    <ClinicRxReviewSection
      id="rx-change-request"
      title={t('rxScreens.change.title')}
      testId="rx-change-request"
    >
      <ClinicRxChangeRequestFacts visit={visit} changeRequest={changeRequest} />
      <Textarea
        label={t('rxScreens.change.note')}
        description={t('rxScreens.change.noteHint')}
        value={changeNote}
        onChange={(event) => setChangeNote(event.currentTarget.value)}
        autosize
        minRows={2}
        maxLength={2000}
        data-testid="rx-change-note"
      />
      <Title order={3} size="h5">
        {t('rxScreens.change.approveTitle')}
      </Title>
      <RxPrescribeForm
        lines={packageLines}
        pending={pendingOf('approve')}
        submitLabel={t('rxScreens.change.approve')}
        testId="rx-change-approve-form"
        onPrescribe={(prescription) =>
          answer.mutate({
            visitId,
            body: {
              decision: 'approve',
              version,
              note: changeNote.trim(),
              prescriptions: [prescription],
            },
          })
        }
      />
      <Button
        color="red"
        variant="outline"
        w="fit-content"
        loading={pendingOf('deny')}
        disabled={answer.isPending}
        onClick={() =>
          answer.mutate({ visitId, body: { decision: 'deny', version, note: changeNote.trim() } })
        }
        data-testid="rx-change-deny"
      >
        {t('rxScreens.change.deny')}
      </Button>
    </ClinicRxReviewSection>
  );
}

/** The request: which pharmacy, why, when, and the prescription it would change. */
function ClinicRxChangeRequestFacts({
  visit,
  changeRequest,
}: {
  visit: RxReview['visit'];
  changeRequest: NonNullable<RxReview['changeRequest']>;
}) {
  const t = useT();
  const lang = useLang();
  return (
    <Facts
      rows={[
        {
          key: 'pharmacy',
          label: t('rxScreens.change.pharmacy'),
          value: changeRequest.pharmacyName,
        },
        { key: 'reason', label: t('rxScreens.change.reason'), value: changeRequest.reason },
        {
          key: 'when',
          label: t('rxScreens.change.when'),
          value: formatDateTime(changeRequest.requestedAt, lang),
        },
        {
          key: 'current',
          label: t('rxScreens.change.current'),
          value:
            visit.prescriptions
              .map((p) => `${p.medication} ${p.strength} ×${p.quantity} · ${p.directions}`)
              .join('\n') || '—',
        },
      ]}
    />
  );
}
