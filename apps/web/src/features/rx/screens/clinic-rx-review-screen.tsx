import { visitShortRef } from '@apothecall/domain/backoffice/people.api';
import { link } from '@apothecall/domain/navigation/links';
import { realtimeEvents } from '@apothecall/domain/realtime/realtime.events';
import { rxProductById } from '@apothecall/domain/rx/rx-products.rules';
import type { RxReview } from '@apothecall/domain/rx/rx-visits.api';
import { Alert, Anchor, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useT } from '../../../lib/i18n';
import { useSocket, useSocketEvent } from '../../../lib/realtime';
import { useDownloadClinicRxConsents } from '../api/clinic-download-rx-consents';
import { useClinicRxReview, useRefreshClinicRxReview } from '../api/clinic-get-rx-review';
import { clinicSendRxMessage } from '../api/clinic-send-rx-message';
import { ClinicRxChangeRequest } from '../components/clinic-rx-change-request';
import { ClinicRxDecision } from '../components/clinic-rx-decision';
import {
  ClinicRxAnswersSections,
  ClinicRxHistorySection,
  ClinicRxLinkSection,
  ClinicRxPatientSection,
  ClinicRxPharmacySection,
} from '../components/clinic-rx-review-facts';
import { ClinicRxReviewSection } from '../components/clinic-rx-review-section';
import { useClinicRxReviewToasts } from '../components/clinic-rx-review-toasts';
import { RxAssessmentFacts } from '../components/rx-assessment-facts';
import { errorText, productName, saveBlob, stateLabel } from '../components/rx-format';
import { RxMessageThread } from '../components/rx-message-thread';
import { RxStatusBadge } from '../components/rx-status-badge';

/**
 * A prescription visit under review (/clinic/rx/:id): the patient, alarms, the evaluation's
 * answers, the ID and attachments, earlier visits and messages; then the decision: claim, ask
 * for more information (a note, maybe an upload), approve, prescribe from the package, decline
 * and refund; and the prescription PDF once written. A pharmacy's request to change the
 * prescription is answered here too: approve with a new prescription, or deny (a note to the
 * pharmacy either way); the pharmacy link's medication list and comment are shown.
 */
export function ClinicRxReviewScreen() {
  const t = useT();
  const { id = '' } = useParams();
  const review = useClinicRxReview(id);
  // The prescriber is told when one of their visits changes (the patient uploaded, cancelled).
  const socket = useSocket();
  const refresh = useRefreshClinicRxReview(id);
  useSocketEvent(socket, realtimeEvents.rxQueueChanged, refresh);
  useSocketEvent(socket, realtimeEvents.rxMessage, refresh);
  useSocketEvent(socket, 'connect', refresh);

  if (review.isPending) {
    return (
      <Stack p="md" maw={960} mx="auto" w="100%">
        <Loader role="status" size="sm" aria-label={t('shell.loading')} />
      </Stack>
    );
  }
  if (review.isError) {
    return (
      <Stack p="md" maw={960} mx="auto" w="100%">
        <Title order={1} size="h2">
          {t('rxClinic.queue.title')}
        </Title>
        <Alert color="red" role="alert">
          {t('rxScreens.clinic.loadFailed', { message: errorText(t, review.error) })}
        </Alert>
        <Anchor component={Link} to={link('/clinic/rx')}>
          {t('rxScreens.clinic.back')}
        </Anchor>
      </Stack>
    );
  }
  return <ClinicRxReviewBody visitId={id} review={review.data} refresh={refresh} />;
}

/** The review once loaded: its heading, then each section in reading order. */
function ClinicRxReviewBody({
  visitId,
  review,
  refresh,
}: {
  visitId: string;
  review: RxReview;
  refresh: () => void;
}) {
  const t = useT();
  const { visit, patient, bmi, history, messages } = review;
  return (
    <Stack
      p="md"
      maw={960}
      mx="auto"
      w="100%"
      data-testid="clinic-rx-review"
      data-status={visit.status}
    >
      <ClinicRxReviewHeading review={review} />
      {review.changeRequest ? (
        <ClinicRxChangeRequest
          visitId={visitId}
          review={review}
          changeRequest={review.changeRequest}
        />
      ) : null}
      {visit.assessment ? (
        <ClinicRxReviewSection
          id="rx-assessment"
          title={t('assessmentUi.visitTitle')}
          testId="rx-review-assessment"
        >
          <RxAssessmentFacts assessment={visit.assessment} />
        </ClinicRxReviewSection>
      ) : null}
      {review.link ? <ClinicRxLinkSection link={review.link} /> : null}
      <ClinicRxPharmacySection pharmacy={review.pharmacy} />
      <ClinicRxDecision visitId={visitId} review={review} />
      <ClinicRxPatientSection patient={patient} bmi={bmi} />
      <ClinicRxAnswersSections review={review} />
      {(rxProductById(visit.productId)?.consentDocumentIds.length ?? 0) > 0 ? (
        <ClinicRxConsentsButton visitId={visitId} />
      ) : null}
      <ClinicRxHistorySection history={history} />
      <ClinicRxReviewSection id="rx-messages" title={t('rxScreens.clinic.messages')}>
        <RxMessageThread
          messages={messages}
          self="prescriber"
          placeholder={t('rxScreens.clinic.messagePlaceholder')}
          send={(text) => clinicSendRxMessage(visit.id, text)}
          onSent={refresh}
        />
      </ClinicRxReviewSection>
    </Stack>
  );
}

/** Back to the queue, the product, its status, state and record, refill and changed marks. */
function ClinicRxReviewHeading({ review }: { review: RxReview }) {
  const t = useT();
  const { visit } = review;
  return (
    <>
      <Anchor component={Link} to={link('/clinic/rx')} size="sm">
        {t('rxScreens.clinic.back')}
      </Anchor>
      <Title order={1} size="h2">
        {t('rxClinic.review.title', { product: productName(t, visit.productId) })}
      </Title>
      <Group gap="md">
        <RxStatusBadge status={visit.status} />
        <Text size="sm" c="dimmed">
          {stateLabel(t, visit.state)} ·{' '}
          {t('rxScreens.visits.record', { ref: visitShortRef(visit.id) })}
        </Text>
        {visit.refillOf ? (
          <Text size="sm" fw={600}>
            {t('rxClinic.review.refillOf')}
          </Text>
        ) : null}
        {review.statusChanged ? (
          <Text size="sm" fw={600} c="orange.9">
            {t('rxClinic.review.statusChanged')}
          </Text>
        ) : null}
      </Group>
    </>
  );
}

/** The consent record's PDF, for a product that asks for consents. */
function ClinicRxConsentsButton({ visitId }: { visitId: string }) {
  const t = useT();
  const toasts = useClinicRxReviewToasts();
  const consents = useDownloadClinicRxConsents({
    onSuccess: (blob) => saveBlob(blob, `consents-${visitId}.pdf`),
    onError: toasts.failed,
  });
  return (
    <Button
      variant="light"
      w="fit-content"
      loading={consents.isPending}
      onClick={() => consents.mutate({ visitId, offlineMessage: t('errors.network') })}
    >
      {t('rxScreens.visits.consentsPdf')}
    </Button>
  );
}
