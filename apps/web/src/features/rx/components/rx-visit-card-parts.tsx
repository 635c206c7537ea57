import { visitShortRef } from '@apothecall/domain/backoffice/people.api';
import { link } from '@apothecall/domain/navigation/links';
import { rxProductById } from '@apothecall/domain/rx/rx-products.rules';
import type { RxVisitFile, RxVisitView } from '@apothecall/domain/rx/rx-visits.api';
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useLang, useT } from '../../../lib/i18n';
import { useCancelRxVisit } from '../api/cancel-rx-visit';
import { useDownloadRxConsents } from '../api/download-rx-consents';
import { useDownloadRxPrescription } from '../api/download-rx-prescription';
import { useRefreshRxVisits } from '../api/get-rx-visits';
import { useRequestRxRefill } from '../api/request-rx-refill';
import { uploadRxAttachment } from '../api/upload-rx-attachment';
import { uploadRxId } from '../api/upload-rx-id';
import { RxFileUpload } from './rx-file-upload';
import { errorText, formatDate, newIdempotencyKey, productName, saveBlob } from './rx-format';
import { prepayStateLabelKey, prepayStateNoteKey } from './rx-prepay';
import { RxPharmacyStatusBadge, RxStatusBadge } from './rx-status-badge';

const cancellable = new Set(['pendingMedPayment', 'waiting']);

function latestFile(files: readonly RxVisitFile[], docType: RxVisitFile['docType']) {
  return files
    .filter((f) => f.docType === docType)
    .reduce<RxVisitFile | undefined>(
      (a, f) => (!a || f.uploadedAt > a.uploadedAt ? f : a),
      undefined,
    );
}

/** The treatment, for whom, when, its record and refill mark, and its status. */
export function RxVisitHeading({ visit, titleId }: { visit: RxVisitView; titleId: string }) {
  const t = useT();
  const lang = useLang();
  return (
    <Group justify="space-between" align="flex-start" gap="xs">
      <Stack gap={2}>
        <Title order={2} size="h4" id={titleId}>
          {productName(t, visit.productId)}
        </Title>
        <Text size="sm" c="dimmed">
          {t('rxUi.visits.for', { name: visit.patientName })} ·{' '}
          {t('rxScreens.visits.created', { date: formatDate(visit.createdAt, lang) })} ·{' '}
          {t('rxScreens.visits.record', { ref: visitShortRef(visit.id) })}
          {visit.refillOf ? ` · ${t('rxScreens.clinic.refill')}` : ''}
        </Text>
      </Stack>
      <RxStatusBadge status={visit.status} />
    </Group>
  );
}

/** The pharmacy it goes to, where that pharmacy is with it, and the pharmacy's note. */
export function RxVisitPharmacy({ visit }: { visit: RxVisitView }) {
  const t = useT();
  if (!visit.pharmacy) return null;
  return (
    <Stack gap={4} data-testid="rx-visit-pharmacy" data-pharmacy-id={visit.pharmacy.id}>
      <Group gap="sm" wrap="wrap">
        <Text size="sm" fw={600}>
          {t('rxScreens.visits.pharmacy', { name: visit.pharmacy.name })}
        </Text>
        {visit.pharmacyStatus ? <RxPharmacyStatusBadge status={visit.pharmacyStatus} /> : null}
      </Group>
      {visit.pharmacyNote.trim() !== '' ? (
        <Text size="sm" data-testid="rx-pharmacy-note" style={{ whiteSpace: 'pre-wrap' }}>
          {t('rxScreens.visits.pharmacyNote', { note: visit.pharmacyNote })}
        </Text>
      ) : null}
    </Stack>
  );
}

/** A visit a prepay program paid: the program, the access token and where it is. */
export function RxVisitPrepay({ visit }: { visit: RxVisitView }) {
  const t = useT();
  if (!visit.prepay) return null;
  const prepayNote = prepayStateNoteKey(visit.prepay.state);
  return (
    <Stack gap={2} data-testid="rx-visit-prepay" data-prepay-state={visit.prepay.state}>
      <Text size="sm" fw={600}>
        {t('prepayRedeem.visit.prepaid', { programName: visit.prepay.programName })}
      </Text>
      <Text size="sm">
        {visit.prepay.token
          ? t('prepayRedeem.visit.tokenState', {
              token: visit.prepay.token,
              state: t(prepayStateLabelKey(visit.prepay.state)),
            })
          : t('prepayRedeem.visit.programState', {
              state: t(prepayStateLabelKey(visit.prepay.state)),
            })}
      </Text>
      {prepayNote ? <Text size="sm">{t(prepayNote)}</Text> : null}
    </Stack>
  );
}

/** The prescriber's request, the uploads the visit waits for (ID, document) and those received. */
export function RxVisitUploads({ visit }: { visit: RxVisitView }) {
  const t = useT();
  const lang = useLang();
  const refresh = useRefreshRxVisits();
  // What was sent in answer to the uploads asked for: the newest ID and the newest document.
  const idFile = latestFile(visit.files, 'id');
  const attachment = latestFile(visit.files, 'attachment');
  return (
    <>
      {visit.status === 'exit' && visit.statusComment && !visit.attachmentsPending ? (
        <Alert color="yellow" data-testid="rx-request">
          <Text size="sm">{t('rxUi.visits.request', { text: visit.statusComment })}</Text>
        </Alert>
      ) : null}

      {!visit.idPending && idFile ? (
        <Text size="sm" c="green.9" data-testid="rx-id-received">
          {t('rxUi.upload.idReceived', { date: formatDate(idFile.uploadedAt, lang) })}
        </Text>
      ) : null}
      {visit.idPending ? (
        <Card withBorder radius="md" p="sm" bg="var(--mantine-color-red-0)">
          <Stack gap={6}>
            <Title order={3} size="h5">
              {t('rxUi.upload.idTitle')}
            </Title>
            <Text size="sm">{t('rxUi.upload.idLead')}</Text>
            <RxFileUpload
              label={t('rxUi.visits.uploadId')}
              upload={(file) => uploadRxId(visit.patientId, file)}
              onUploaded={refresh}
              testId="rx-upload-id"
            />
          </Stack>
        </Card>
      ) : null}
      {visit.attachmentsPending ? (
        <Card withBorder radius="md" p="sm" bg="var(--mantine-color-red-0)">
          <Stack gap={6}>
            <Title order={3} size="h5">
              {t('rxUi.upload.attachmentTitle')}
            </Title>
            <Text size="sm" data-testid="rx-request" style={{ whiteSpace: 'pre-wrap' }}>
              {visit.status === 'exit' && visit.statusComment
                ? t('rxUi.visits.request', { text: visit.statusComment })
                : t('rxUi.upload.attachmentLead')}
            </Text>
            <RxFileUpload
              label={t('rxUi.visits.uploadAttachment')}
              upload={(file) => uploadRxAttachment(visit.id, file)}
              onUploaded={refresh}
              testId="rx-upload-attachment"
            />
          </Stack>
        </Card>
      ) : null}
      {!visit.attachmentsPending && attachment ? (
        <Text size="sm" c="green.9" data-testid="rx-document-received">
          {t('rxUi.upload.documentReceived', {
            date: formatDate(attachment.uploadedAt, lang),
            name: attachment.name,
          })}
        </Text>
      ) : null}
    </>
  );
}

/** What can be done now: pay, the prescription PDF and a refill, the consents, cancel, messages. */
export function RxVisitActions({
  visit,
  showMessages,
  onToggleMessages,
}: {
  visit: RxVisitView;
  showMessages: boolean;
  onToggleMessages: () => void;
}) {
  const t = useT();
  const navigate = useNavigate();
  const failed = (error: unknown) =>
    notifications.show({
      color: 'red',
      message: t('rxScreens.visits.actionFailed', { message: errorText(t, error) }),
    });

  const cancel = useCancelRxVisit({
    onSuccess: () =>
      notifications.show({ color: 'green', message: t('rxScreens.visits.cancelled') }),
    onError: failed,
  });
  const consents = useDownloadRxConsents({
    onSuccess: (blob) => saveBlob(blob, `consents-${visit.id}.pdf`),
    onError: failed,
  });
  const hasConsents = (rxProductById(visit.productId)?.consentDocumentIds.length ?? 0) > 0;
  return (
    <Group gap="xs">
      {visit.status === 'pendingMedPayment' ? (
        <Button size="xs" onClick={() => navigate(link('/rxvisitsUnpaid', { visit: visit.id }))}>
          {t('rxUi.visits.pay')}
        </Button>
      ) : null}
      {visit.status === 'rxed' ? <RxVisitRxedActions visit={visit} failed={failed} /> : null}
      {hasConsents ? (
        <Button
          size="xs"
          variant="subtle"
          loading={consents.isPending}
          onClick={() =>
            consents.mutate({ visitId: visit.id, offlineMessage: t('errors.network') })
          }
        >
          {t('rxScreens.visits.consentsPdf')}
        </Button>
      ) : null}
      {cancellable.has(visit.status) ? (
        <Button
          size="xs"
          variant="default"
          loading={cancel.isPending}
          onClick={() => {
            if (globalThis.confirm?.(t('rxScreens.visits.cancelConfirm')) ?? true) {
              cancel.mutate(visit.id);
            }
          }}
        >
          {t('rxUi.visits.cancel')}
        </Button>
      ) : null}
      <Button size="xs" variant="subtle" aria-expanded={showMessages} onClick={onToggleMessages}>
        {t('rxUi.visits.messages')}
      </Button>
    </Group>
  );
}

/** A written prescription: its PDF, and a refill (a new visit, waiting for payment). */
function RxVisitRxedActions({
  visit,
  failed,
}: {
  visit: RxVisitView;
  failed: (error: unknown) => void;
}) {
  const t = useT();
  const navigate = useNavigate();
  const [refillKey] = useState(newIdempotencyKey);
  const refill = useRequestRxRefill({
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('rxScreens.visits.refillRequested') });
      navigate(link('/rxvisitsUnpaid'));
    },
    onError: failed,
  });
  const pdf = useDownloadRxPrescription({
    onSuccess: (blob) => saveBlob(blob, `prescription-${visit.id}.pdf`),
    onError: (error) =>
      notifications.show({
        color: 'red',
        message: t('rxScreens.visits.downloadFailed', { message: errorText(t, error) }),
      }),
  });

  return (
    <>
      <Button
        size="xs"
        variant="light"
        loading={pdf.isPending}
        onClick={() => pdf.mutate({ visitId: visit.id, offlineMessage: t('errors.network') })}
      >
        {t('rxUi.visits.prescription')}
      </Button>
      <Button
        size="xs"
        variant="light"
        loading={refill.isPending}
        onClick={() => refill.mutate({ visitId: visit.id, idempotencyKey: refillKey })}
      >
        {t('rxUi.visits.refill')}
      </Button>
    </>
  );
}
