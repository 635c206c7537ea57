import { checkCanBook } from '@apothecall/domain/appointments/appointments.rules';
import { link } from '@apothecall/domain/navigation/links';
import { workspaceOf } from '@apothecall/domain/navigation/role-navigation.rules';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useEffect } from 'react';
import { Navigate } from 'react-router';
import { useT } from '../../../lib/i18n';
import { useStoredPrice } from '../../../lib/payments/price-store';
import { type StoredSession, useSession } from '../../../lib/session-store';
import { useAccountPrice } from '../../payments/api/get-account-price';
import { AvailabilityBlocks } from '../components/availability-blocks';
import { AvailabilityForm } from '../components/availability-form';
import { PatientBooking } from '../components/patient-booking';
import { ProviderAppointments } from '../components/provider-appointments';
import { ScheduledAppointments } from '../components/scheduled-appointments';

function Frame({ lead, children }: { lead?: string; children: ReactNode }) {
  const t = useT();
  return (
    <Stack p="md" maw={960} mx="auto" w="100%" data-screen="appointment">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('appointmentUi.title')}
        </Title>
        {lead ? <Text c="dimmed">{lead}</Text> : null}
      </Stack>
      {children}
    </Stack>
  );
}

/** The provider's side: publish availability, the published blocks, the booked appointments. */
function ProviderView() {
  const t = useT();
  return (
    <Frame lead={t('appointmentUi.providerLead')}>
      <AvailabilityForm />
      <AvailabilityBlocks />
      <ProviderAppointments />
    </Frame>
  );
}

/**
 * A free visit price cannot book (spec sections 4 and 6, as the route guard's step 2 says for
 * a prepay code): the account's price (a coupon applied, or the one this tab holds) is checked
 * once known, and a blocked one goes to /care with 'Appointments not available for this type of
 * visit.'.
 */
function BookingAllowed({ children }: { children: ReactNode }) {
  const t = useT();
  const stored = useStoredPrice();
  const accountPrice = useAccountPrice({ enabled: stored === null });
  const price = stored ?? accountPrice.data ?? null;
  const check = price ? checkCanBook({ price: price.price }) : { ok: true as const };
  const message = check.ok ? null : check.messageKey;
  useEffect(() => {
    if (message) notifications.show({ id: message, color: 'red', message: t(message) });
  }, [message, t]);
  if (message) return <Navigate to={link('/care')} replace />;
  return <>{children}</>;
}

/** The patient's side: book a slot, and their appointments (delete, or pay and start). */
function PatientView({ session }: { session: StoredSession }) {
  const t = useT();
  return (
    <Frame lead={t('appointmentUi.patientLead')}>
      <BookingAllowed>
        <PatientBooking users={session.profile.users} />
        <ScheduledAppointments />
      </BookingAllowed>
    </Frame>
  );
}

/**
 * /appointment, by role: a provider manages their availability and sees who booked;
 * a patient books a provider's free slot, and returns at that time to pay and start it.
 */
export function AppointmentScreen() {
  const t = useT();
  const session = useSession();
  // The route is protected: without a session the route table shows the login screen.
  if (!session) return null;
  const workspace = workspaceOf(session.profile.role);
  if (workspace === 'provider') return <ProviderView />;
  if (workspace === 'patient') return <PatientView session={session} />;
  return (
    <Frame>
      <Alert color="blue" role="status">
        {t('appointmentUi.otherRole')}
      </Alert>
    </Frame>
  );
}
