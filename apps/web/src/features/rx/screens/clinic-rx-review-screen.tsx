import { visitShortRef } from '@apothecall/domain/backoffice/people.api';
import { realtimeEvents } from '@apothecall/domain/realtime/realtime.events';
import { rxProductById } from '@apothecall/domain/rx/rx-products.rules';
import type { RxReview, RxVisitView } from '@apothecall/domain/rx/rx-visits.api';
import { formatPhone } from '@apothecall/domain/validation/contact.rules';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Checkbox,
  Group,
  Loader,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Facts } from '../../../components/facts';
import { useLang, useT } from '../../../lib/i18n';
import { formatDateTime } from '../../../lib/payments/payment-format';
import { useSocket, useSocketEvent } from '../../../lib/realtime';
import { answerClinicRxChangeRequest } from '../api/clinic-answer-change-request';
import { claimClinicRx } from '../api/clinic-claim-rx';
import { downloadClinicRxConsents } from '../api/clinic-download-rx-consents';
import { downloadClinicRxPrescription } from '../api/clinic-download-rx-prescription';
import { clinicRxQueueQueryKey } from '../api/clinic-get-rx-queue';
import { clinicRxReviewQueryKey, getClinicRxReview } from '../api/clinic-get-rx-review';
import { prescribeClinicRx } from '../api/clinic-prescribe-rx';
import { clinicSendRxMessage } from '../api/clinic-send-rx-message';
import { setClinicRxStatus } from '../api/clinic-set-rx-status';
import { RxAssessmentFacts } from '../components/rx-assessment-facts';
import { RxAlarmBadges } from '../components/rx-facts';
import {
  answerInWords,
  errorText,
  formatDate,
  productName,
  saveBlob,
  stateLabel,
  textOf,
} from '../components/rx-format';
import { RxMessageThread } from '../components/rx-message-thread';
import { RxPrescribeForm } from '../components/rx-prescribe-form';
import { RxReviewFile } from '../components/rx-review-file';
import { RxStatusBadge } from '../components/rx-status-badge';

function Section({
  id,
  title,
  children,
  testId,
}: {
  id: string;
  title: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Card
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-labelledby={id}
      data-testid={testId}
    >
      <Stack gap="xs">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

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
  const lang = useLang();
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  const key = clinicRxReviewQueryKey(id);
  const review = useQuery({ queryKey: key, queryFn: () => getClinicRxReview(id) });
  // The prescriber is told when one of their visits changes (the patient uploaded, cancelled).
  const socket = useSocket();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: key });
  useSocketEvent(socket, realtimeEvents.rxQueueChanged, refresh);
  useSocketEvent(socket, realtimeEvents.rxMessage, refresh);
  useSocketEvent(socket, 'connect', refresh);
  const [note, setNote] = useState('');
  const [askUpload, setAskUpload] = useState(false);
  const [noteError, setNoteError] = useState<string | null>(null);
  const [changeNote, setChangeNote] = useState('');

  const changed = (message: string) => (visit?: RxVisitView) => {
    if (visit) {
      queryClient.setQueryData<RxReview>(key, (old) => (old ? { ...old, visit } : old));
    }
    void queryClient.invalidateQueries({ queryKey: key });
    void queryClient.invalidateQueries({ queryKey: clinicRxQueueQueryKey });
    notifications.show({ color: 'green', message });
  };
  const failed = (error: unknown) =>
    notifications.show({
      color: 'red',
      message: t('rxScreens.clinic.actionFailed', { message: errorText(t, error) }),
    });

  const version = review.data?.visit.version ?? 0;
  const claim = useMutation({
    mutationFn: () => claimClinicRx(id),
    onSuccess: () => changed(t('rxScreens.clinic.claimed'))(),
    onError: failed,
  });
  const requestInfo = useMutation({
    mutationFn: () =>
      setClinicRxStatus(id, {
        status: 'exit',
        version,
        note: note.trim(),
        requestAttachment: askUpload,
      }),
    onSuccess: (visit) => {
      setNote('');
      setAskUpload(false);
      changed(t('rxScreens.clinic.requestSent'))(visit);
    },
    onError: failed,
  });
  const approve = useMutation({
    mutationFn: () => setClinicRxStatus(id, { status: 'ended', version }),
    onSuccess: (visit) => changed(t('rxScreens.clinic.approved'))(visit),
    onError: failed,
  });
  const refund = useMutation({
    mutationFn: () => setClinicRxStatus(id, { status: 'refund', version }),
    onSuccess: (visit) => changed(t('rxScreens.clinic.refunded'))(visit),
    onError: failed,
  });
  const prescribe = useMutation({
    mutationFn: (prescription: Parameters<typeof prescribeClinicRx>[1]['prescriptions'][number]) =>
      prescribeClinicRx(id, { version, prescriptions: [prescription] }),
    onSuccess: (visit) => changed(t('rxScreens.clinic.prescribed'))(visit),
    onError: failed,
  });
  const pdf = useMutation({
    mutationFn: () => downloadClinicRxPrescription(id, t('errors.network')),
    onSuccess: (blob) => saveBlob(blob, `prescription-${id}.pdf`),
    onError: (error) =>
      notifications.show({
        color: 'red',
        message: t('rxScreens.clinic.downloadFailed', { message: errorText(t, error) }),
      }),
  });

  const answer = useMutation({
    mutationFn: (body: Parameters<typeof answerClinicRxChangeRequest>[1]) =>
      answerClinicRxChangeRequest(id, body),
    onSuccess: (updated, body) => {
      queryClient.setQueryData<RxReview>(key, updated);
      setChangeNote('');
      changed(
        body.decision === 'approve'
          ? t('rxScreens.change.approvedDone')
          : t('rxScreens.change.deniedDone'),
      )();
    },
    onError: failed,
  });

  const consents = useMutation({
    mutationFn: () => downloadClinicRxConsents(id, t('errors.network')),
    onSuccess: (blob) => saveBlob(blob, `consents-${id}.pdf`),
    onError: failed,
  });

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
        <Anchor component={Link} to="/clinic/rx">
          {t('rxScreens.clinic.back')}
        </Anchor>
      </Stack>
    );
  }

  const { visit, patient, answers, alarms, bmi, history, messages, packageLines } = review.data;
  const status = visit.status;
  const busy =
    claim.isPending ||
    requestInfo.isPending ||
    approve.isPending ||
    refund.isPending ||
    prescribe.isPending;
  const canRefund =
    status === 'started' || status === 'ended' || status === 'exit' || status === 'waiting';

  const sendRequest = () => {
    if (note.trim() === '') {
      setNoteError(t('rx.transition.noteRequired'));
      return;
    }
    setNoteError(null);
    requestInfo.mutate();
  };

  return (
    <Stack p="md" maw={960} mx="auto" w="100%" data-testid="clinic-rx-review" data-status={status}>
      <Anchor component={Link} to="/clinic/rx" size="sm">
        {t('rxScreens.clinic.back')}
      </Anchor>
      <Title order={1} size="h2">
        {t('rxClinic.review.title', { product: productName(t, visit.productId) })}
      </Title>
      <Group gap="md">
        <RxStatusBadge status={status} />
        <Text size="sm" c="dimmed">
          {stateLabel(t, visit.state)} ·{' '}
          {t('rxScreens.visits.record', { ref: visitShortRef(visit.id) })}
        </Text>
        {visit.refillOf ? (
          <Text size="sm" fw={600}>
            {t('rxClinic.review.refillOf')}
          </Text>
        ) : null}
        {review.data.statusChanged ? (
          <Text size="sm" fw={600} c="orange.9">
            {t('rxClinic.review.statusChanged')}
          </Text>
        ) : null}
      </Group>

      {review.data.changeRequest ? (
        <Section
          id="rx-change-request"
          title={t('rxScreens.change.title')}
          testId="rx-change-request"
        >
          <Facts
            rows={[
              {
                key: 'pharmacy',
                label: t('rxScreens.change.pharmacy'),
                value: review.data.changeRequest.pharmacyName,
              },
              {
                key: 'reason',
                label: t('rxScreens.change.reason'),
                value: review.data.changeRequest.reason,
              },
              {
                key: 'when',
                label: t('rxScreens.change.when'),
                value: formatDateTime(review.data.changeRequest.requestedAt, lang),
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
            pending={answer.isPending && answer.variables?.decision === 'approve'}
            submitLabel={t('rxScreens.change.approve')}
            testId="rx-change-approve-form"
            onPrescribe={(prescription) =>
              answer.mutate({
                decision: 'approve',
                version,
                note: changeNote.trim(),
                prescriptions: [prescription],
              })
            }
          />
          <Button
            color="red"
            variant="outline"
            w="fit-content"
            loading={answer.isPending && answer.variables?.decision === 'deny'}
            disabled={answer.isPending}
            onClick={() => answer.mutate({ decision: 'deny', version, note: changeNote.trim() })}
            data-testid="rx-change-deny"
          >
            {t('rxScreens.change.deny')}
          </Button>
        </Section>
      ) : null}

      {review.data.visit.assessment ? (
        <Section
          id="rx-assessment"
          title={t('assessmentUi.visitTitle')}
          testId="rx-review-assessment"
        >
          <RxAssessmentFacts assessment={review.data.visit.assessment} />
        </Section>
      ) : null}

      {review.data.link ? (
        <Section id="rx-link" title={t('rxScreens.change.linkTitle')} testId="rx-review-link">
          <Facts
            rows={[
              {
                key: 'medList',
                label: t('rxScreens.change.medList'),
                value: review.data.link.medListId || '—',
              },
              {
                key: 'comment',
                label: t('rxScreens.change.comment'),
                value: review.data.link.comment || '—',
              },
            ]}
          />
        </Section>
      ) : null}

      {/* Where the prescription goes, read before prescribing (issue 36, finding 15). */}
      <Section
        id="rx-pharmacy"
        title={t('rxScreens.reviewPharmacy.title')}
        testId="rx-review-pharmacy"
      >
        {review.data.pharmacy ? (
          <Facts
            rows={[
              {
                key: 'name',
                label: t('rxScreens.reviewPharmacy.name'),
                value: review.data.pharmacy.name,
              },
              {
                key: 'address',
                label: t('rxScreens.reviewPharmacy.address'),
                value: review.data.pharmacy.address || '—',
              },
              {
                key: 'phone',
                label: t('rxScreens.reviewPharmacy.phone'),
                value: review.data.pharmacy.phone ? formatPhone(review.data.pharmacy.phone) : '—',
              },
            ]}
          />
        ) : (
          <Text size="sm">{t('rxScreens.reviewPharmacy.none')}</Text>
        )}
      </Section>

      <Section id="rx-decision" title={t('rxScreens.clinic.actions')}>
        {status === 'waiting' ? (
          <Button w="fit-content" loading={claim.isPending} onClick={() => claim.mutate()}>
            {t('rxScreens.clinic.claim')}
          </Button>
        ) : null}
        {status === 'started' ? (
          <Stack gap="sm">
            <Title order={3} size="h5">
              {t('rxClinic.review.requestInfo')}
            </Title>
            <Textarea
              label={t('rxClinic.review.requestText')}
              value={note}
              onChange={(event) => {
                setNote(event.currentTarget.value);
                setNoteError(null);
              }}
              error={noteError}
              autosize
              minRows={2}
              maxLength={2000}
            />
            <Checkbox
              label={t('rxClinic.review.requestUpload')}
              checked={askUpload}
              onChange={(event) => setAskUpload(event.currentTarget.checked)}
            />
            <Group gap="xs">
              <Button
                variant="light"
                loading={requestInfo.isPending}
                disabled={busy}
                onClick={sendRequest}
              >
                {t('rxClinic.review.send')}
              </Button>
              <Button
                color="green"
                loading={approve.isPending}
                disabled={busy}
                onClick={() => approve.mutate()}
              >
                {t('rxClinic.review.approve')}
              </Button>
            </Group>
          </Stack>
        ) : null}
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
              pending={prescribe.isPending}
              onPrescribe={(prescription) => prescribe.mutate(prescription)}
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
            <Button w="fit-content" loading={pdf.isPending} onClick={() => pdf.mutate()}>
              {t('rxClinic.review.download')}
            </Button>
          </Stack>
        ) : null}
        {canRefund ? (
          <Button
            color="red"
            variant="outline"
            w="fit-content"
            loading={refund.isPending}
            disabled={busy}
            onClick={() => refund.mutate()}
          >
            {t('rxClinic.review.refund')}
          </Button>
        ) : null}
      </Section>

      <Section id="rx-patient" title={t('rxClinic.review.patient')}>
        <Text fw={600}>{patient.name}</Text>
        <Text size="sm">
          {t('rxScreens.clinic.dob', { dob: patient.dob, age: patient.age })} ·{' '}
          {t('rxScreens.clinic.gender', { gender: patient.gender })}
          {patient.phone
            ? ` · ${t('rxScreens.clinic.phone', { phone: formatPhone(patient.phone) })}`
            : ''}
          {bmi !== null ? ` · ${t('rxScreens.clinic.bmi', { bmi: bmi.toFixed(1) })}` : ''}
        </Text>
      </Section>

      <Section id="rx-alarms" title={t('rxClinic.review.alarms')}>
        {alarms.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('rxScreens.clinic.noAlarms')}
          </Text>
        ) : (
          <RxAlarmBadges alarms={alarms} t={t} />
        )}
      </Section>

      <Section id="rx-answers" title={t('rxClinic.review.answers')}>
        <Facts
          rows={answers.map((a) => ({
            key: a.id,
            label: textOf(t, a.phrase),
            value: answerInWords(t, visit.productId, a) || t('rxScreens.clinic.answerEmpty'),
          }))}
        />
      </Section>

      <Section id="rx-files" title={t('rxClinic.review.files')}>
        {visit.files.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('rxScreens.clinic.noFiles')}
          </Text>
        ) : (
          <Stack gap="xs">
            {visit.files.map((file) => (
              <RxReviewFile key={file.id} visitId={visit.id} file={file} />
            ))}
          </Stack>
        )}
      </Section>

      {(rxProductById(visit.productId)?.consentDocumentIds.length ?? 0) > 0 ? (
        <Button
          variant="light"
          w="fit-content"
          loading={consents.isPending}
          onClick={() => consents.mutate()}
        >
          {t('rxScreens.visits.consentsPdf')}
        </Button>
      ) : null}

      <Section id="rx-history" title={t('rxClinic.review.history')}>
        {history.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('rxClinic.review.noHistory')}
          </Text>
        ) : (
          <Stack component="ul" gap={4} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {history.map((h) => (
              <li key={h.id}>
                <Group gap="xs">
                  <Text size="sm">
                    {productName(t, h.productId)} · {formatDate(h.createdAt, lang)}
                  </Text>
                  <RxStatusBadge status={h.status} />
                </Group>
              </li>
            ))}
          </Stack>
        )}
      </Section>

      <Section id="rx-messages" title={t('rxScreens.clinic.messages')}>
        <RxMessageThread
          messages={messages}
          self="prescriber"
          placeholder={t('rxScreens.clinic.messagePlaceholder')}
          send={(text) => clinicSendRxMessage(visit.id, text)}
          onSent={refresh}
        />
      </Section>
    </Stack>
  );
}
