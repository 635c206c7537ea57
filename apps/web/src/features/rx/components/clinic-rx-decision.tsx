import type { RxReview } from '@apothecall/domain/rx/rx-visits.api';
import { Button, Checkbox, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useT } from '../../../lib/i18n';
import { ClinicRxReviewSection } from './clinic-rx-review-section';
import { RxPrescribeForm } from './rx-prescribe-form';
import { type ClinicRxDecisionState, useClinicRxDecision } from './use-clinic-rx-decision';

/**
 * The decision on a visit under review, by its status: claim it (waiting); ask for more or
 * approve (started); wait for the patient (exit); prescribe (ended); the prescription and its
 * PDF (rxed); decline and refund while it may be.
 */
export function ClinicRxDecision({ visitId, review }: { visitId: string; review: RxReview }) {
  const t = useT();
  const { visit, packageLines } = review;
  const status = visit.status;
  const decision = useClinicRxDecision(visitId, visit.version);
  const canRefund =
    status === 'started' || status === 'ended' || status === 'exit' || status === 'waiting';
  return (
    <ClinicRxReviewSection id="rx-decision" title={t('rxScreens.clinic.actions')}>
      {status === 'waiting' ? (
        <Button
          w="fit-content"
          loading={decision.claim.pending}
          onClick={() => decision.claim.run()}
        >
          {t('rxScreens.clinic.claim')}
        </Button>
      ) : null}
      {status === 'started' ? <ClinicRxRequestInfo decision={decision} /> : null}
      {status === 'exit' ? (
        <Text size="sm" role="status">
          {t('rxScreens.clinic.waitingForPatient')}
        </Text>
      ) : null}
      {status === 'ended' ? (
        <Stack gap="sm">
          <Title order={3} size="h5">
            {t('rxClinic.review.prescribe')}
          </Title>
          <RxPrescribeForm
            lines={packageLines}
            pending={decision.prescribe.pending}
            onPrescribe={(prescription) => decision.prescribe.run(prescription)}
          />
        </Stack>
      ) : null}
      {status === 'rxed' ? (
        <Stack gap="xs">
          <Text size="sm" role="status">
            {t('rxScreens.clinic.done')}
          </Text>
          {visit.prescriptions.map((p) => (
            <Text key={p.id} size="sm">
              {p.medication} {p.strength} ×{p.quantity} · {p.directions}
            </Text>
          ))}
          <Button w="fit-content" loading={decision.pdf.pending} onClick={() => decision.pdf.run()}>
            {t('rxClinic.review.download')}
          </Button>
        </Stack>
      ) : null}
      {canRefund ? (
        <Button
          color="red"
          variant="outline"
          w="fit-content"
          loading={decision.refund.pending}
          disabled={decision.busy}
          onClick={() => decision.refund.run()}
        >
          {t('rxClinic.review.refund')}
        </Button>
      ) : null}
    </ClinicRxReviewSection>
  );
}

/** A claimed visit: ask the patient for more (a note, maybe an upload), or approve it. */
function ClinicRxRequestInfo({ decision }: { decision: ClinicRxDecisionState }) {
  const t = useT();
  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        {t('rxClinic.review.requestInfo')}
      </Title>
      <Textarea
        label={t('rxClinic.review.requestText')}
        value={decision.note}
        onChange={(event) => decision.setNote(event.currentTarget.value)}
        error={decision.noteError}
        autosize
        minRows={2}
        maxLength={2000}
      />
      <Checkbox
        label={t('rxClinic.review.requestUpload')}
        checked={decision.askUpload}
        onChange={(event) => decision.setAskUpload(event.currentTarget.checked)}
      />
      <Group gap="xs">
        <Button
          variant="light"
          loading={decision.requestPending}
          disabled={decision.busy}
          onClick={decision.sendRequest}
        >
          {t('rxClinic.review.send')}
        </Button>
        <Button
          color="green"
          loading={decision.approve.pending}
          disabled={decision.busy}
          onClick={() => decision.approve.run()}
        >
          {t('rxClinic.review.approve')}
        </Button>
      </Group>
    </Stack>
  );
}
