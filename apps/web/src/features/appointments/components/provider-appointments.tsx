import type { ScheduledAppointment } from '@apothecall/domain/appointments/appointments.schemas';
import { link } from '@apothecall/domain/navigation/links';
import { Anchor, Avatar, Group, Loader, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router';
import { reasonLabel } from '../../../components/care-reason-choice';
import { Facts } from '../../../components/facts';
import { ListCard } from '../../../components/list-card';
import { SectionCard } from '../../../components/section-card';
import { useLang, useT } from '../../../lib/i18n';
import { useClinicAppointments } from '../api/get-clinic-appointments';
import { formatWhen } from './appointment-format';
import { LoadProblem } from './load-problem';

/** The provider's booked appointments ahead (and those started today), in the browser's zone. */
export function ProviderAppointments() {
  const t = useT();
  const list = useClinicAppointments({
    staleTime: 0,
    refetchInterval: 60_000,
  });
  const appointments = [...(list.data?.appointments ?? [])].sort(
    (a, b) => Date.parse(a.startTime) - Date.parse(b.startTime),
  );
  return (
    <SectionCard
      title={t('appointmentUi.upcoming.title')}
      description={t('appointmentUi.upcoming.hint')}
      testId="provider-appointments"
    >
      <Anchor component={Link} to={link('/clinic')} size="sm" w="fit-content">
        {t('appointmentUi.upcoming.queue')}
      </Anchor>
      {list.isPending ? (
        <Loader role="status" size="sm" aria-label={t('shell.loading')} />
      ) : list.isError ? (
        <LoadProblem error={list.error} retry={() => void list.refetch()} />
      ) : appointments.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="provider-appointments-empty">
          {t('appointmentUi.upcoming.empty')}
        </Text>
      ) : (
        <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
          {appointments.map((a) => (
            <ProviderAppointmentRow key={a.appointmentId} appointment={a} />
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}

function ProviderAppointmentRow({ appointment }: { appointment: ScheduledAppointment }) {
  const t = useT();
  const lang = useLang();
  const titleId = useId();
  const when = formatWhen(appointment.startTime, lang);
  return (
    <ListCard
      labelledBy={titleId}
      data-testid="provider-appointment"
      data-id={appointment.appointmentId}
    >
      <Group gap="sm" wrap="nowrap">
        <Avatar radius="xl" aria-hidden="true">
          {appointment.patientName.slice(0, 1).toUpperCase()}
        </Avatar>
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={600} id={titleId} style={{ overflowWrap: 'anywhere' }}>
            {appointment.patientName}
          </Text>
          <Text size="sm" data-testid="provider-appointment-time">
            {when}
          </Text>
        </Stack>
      </Group>
      <Facts
        labelWidth={120}
        rows={[
          {
            key: 'reason',
            label: t('appointmentUi.field.reason'),
            value: reasonLabel(t, appointment.concerns1),
          },
        ]}
      />
    </ListCard>
  );
}
