import type { ScheduledAppointment } from '@apothecall/domain/appointments/appointments.schemas';
import { Avatar, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useId, useState } from 'react';
import { reasonLabel } from '../../../components/care-reason-choice';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Facts } from '../../../components/facts';
import { ListCard } from '../../../components/list-card';
import { SectionCard } from '../../../components/section-card';
import { errorText } from '../../../lib/api-client';
import { useLang, useT } from '../../../lib/i18n';
import { useDeleteScheduledAppointment } from '../api/delete-scheduled-appointment';
import { useScheduledAppointments } from '../api/get-scheduled-appointments';
import { useNow } from '../hooks/use-now';
import { formatWhen, type StartState, startState } from './appointment-format';
import { LoadProblem } from './load-problem';
import { StartDialog } from './start-dialog';

/** How often the Start buttons look at the clock again. */
const clockMs = 30_000;

/**
 * 'Your appointments' (GET /appointments-scheduled): when, with whom, for whom and why; Delete
 * (confirmed) and Start — enabled inside the payment window, otherwise the domain's words (too
 * early, or expired: delete it). Start opens the payment.
 */
export function ScheduledAppointments() {
  const t = useT();
  const lang = useLang();
  const now = useNow(clockMs);
  const list = useScheduledAppointments({ staleTime: 0 });
  const [toDelete, setToDelete] = useState<ScheduledAppointment | null>(null);
  const [toStart, setToStart] = useState<ScheduledAppointment | null>(null);

  const remove = useDeleteScheduledAppointment({
    onSuccess: () => {
      setToDelete(null);
      notifications.show({ color: 'green', message: t('appointmentUi.delete.done') });
    },
  });

  const windowMinutes = list.data?.windowMinutes ?? 15;
  const appointments = [...(list.data?.appointments ?? [])].sort(
    (a, b) => Date.parse(a.startTime) - Date.parse(b.startTime),
  );

  return (
    <SectionCard title={t('appointmentUi.scheduled.title')} testId="scheduled-appointments">
      {list.isPending ? (
        <Loader role="status" size="sm" aria-label={t('shell.loading')} />
      ) : list.isError ? (
        <LoadProblem error={list.error} retry={() => void list.refetch()} />
      ) : appointments.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="scheduled-empty">
          {t('appointmentUi.scheduled.empty')}
        </Text>
      ) : (
        <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
          {appointments.map((a) => (
            <ScheduledRow
              key={a.appointmentId}
              appointment={a}
              start={startState(a.startTime, now, windowMinutes)}
              onStart={() => setToStart(a)}
              onDelete={() => {
                remove.reset();
                setToDelete(a);
              }}
            />
          ))}
        </Stack>
      )}
      <ConfirmDialog
        opened={toDelete !== null}
        title={t('appointmentUi.delete.title')}
        body={
          toDelete
            ? t('appointmentUi.delete.body', {
                provider: toDelete.providerName,
                when: formatWhen(toDelete.startTime, lang),
              })
            : ''
        }
        confirmLabel={t('appointmentUi.scheduled.delete')}
        cancelLabel={t('appointmentUi.cancel')}
        pending={remove.isPending}
        error={
          remove.isError
            ? t('appointmentUi.delete.failed', { message: errorText(t, remove.error) })
            : null
        }
        onConfirm={() => {
          if (toDelete) remove.mutate(toDelete.appointmentId);
        }}
        onClose={() => setToDelete(null)}
        testId="appointment-delete-dialog"
      />
      {toStart ? (
        <StartDialog
          key={toStart.appointmentId}
          appointment={toStart}
          onClose={() => setToStart(null)}
        />
      ) : null}
    </SectionCard>
  );
}

function ScheduledRow({
  appointment,
  start,
  onStart,
  onDelete,
}: {
  appointment: ScheduledAppointment;
  start: StartState;
  onStart: () => void;
  onDelete: () => void;
}) {
  const t = useT();
  const lang = useLang();
  const titleId = useId();
  const messageId = useId();
  const when = formatWhen(appointment.startTime, lang);
  return (
    <ListCard
      labelledBy={titleId}
      data-testid="scheduled-appointment"
      data-id={appointment.appointmentId}
      data-phase={start.phase}
    >
      <Group gap="sm" wrap="nowrap">
        <Avatar src={appointment.providerPhotoUrl} alt="" radius="xl" aria-hidden="true">
          {appointment.providerName.slice(0, 1).toUpperCase()}
        </Avatar>
        <Text fw={600} id={titleId} style={{ overflowWrap: 'anywhere' }}>
          {when}
        </Text>
      </Group>
      <ScheduledFacts appointment={appointment} />
      <Text
        size="sm"
        id={messageId}
        c={start.phase === 'expired' ? 'red.8' : start.enabled ? 'green.9' : undefined}
        fw={start.enabled ? 600 : undefined}
        data-testid="appointment-start-state"
      >
        {t(start.message.key, start.message.params)}
      </Text>
      <RowActions
        when={when}
        startEnabled={start.enabled}
        messageId={messageId}
        onStart={onStart}
        onDelete={onDelete}
      />
    </ListCard>
  );
}

/** With whom, for whom and why. */
function ScheduledFacts({ appointment }: { appointment: ScheduledAppointment }) {
  const t = useT();
  return (
    <Facts
      labelWidth={120}
      rows={[
        {
          key: 'provider',
          label: t('appointmentUi.field.provider'),
          value: appointment.providerName,
        },
        {
          key: 'patient',
          label: t('appointmentUi.field.patient'),
          value: appointment.patientName,
        },
        {
          key: 'reason',
          label: t('appointmentUi.field.reason'),
          value: reasonLabel(t, appointment.concerns1),
        },
      ]}
    />
  );
}

/** Start (once its time has come, described by the start message) and Delete. */
function RowActions({
  when,
  startEnabled,
  messageId,
  onStart,
  onDelete,
}: {
  when: string;
  startEnabled: boolean;
  messageId: string;
  onStart: () => void;
  onDelete: () => void;
}) {
  const t = useT();
  return (
    <Group gap="xs">
      <Button
        onClick={onStart}
        disabled={!startEnabled}
        aria-describedby={messageId}
        aria-label={t('appointmentUi.actionLabel', {
          action: t('appointmentUi.scheduled.start'),
          name: when,
        })}
        data-testid="appointment-start"
      >
        {t('appointmentUi.scheduled.start')}
      </Button>
      <Button
        variant="outline"
        color="red"
        onClick={onDelete}
        aria-label={t('appointmentUi.actionLabel', {
          action: t('appointmentUi.scheduled.delete'),
          name: when,
        })}
        data-testid="appointment-delete"
      >
        {t('appointmentUi.scheduled.delete')}
      </Button>
    </Group>
  );
}
