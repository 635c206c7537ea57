import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { StateConfirm, useStateConfirm } from '../../../components/state-confirm';
import { useT } from '../../../lib/i18n';
import {
  consultLocationQueryKey,
  getConsultLocation,
} from '../../accounts/api/get-consult-location';
import { setConsultLocation } from '../../accounts/api/set-consult-location';

/** The family member's confirmed consult location (GET /consult/location), or null. */
export function useConsultLocation(patientId: string) {
  return useQuery({
    queryKey: consultLocationQueryKey(patientId),
    queryFn: () => getConsultLocation(patientId),
  });
}

/**
 * Where the patient is ('I am in', as Get Care's location step asks): the confirmed state is
 * shown and can be changed (PUT /consult/location). The offers are those of the confirmed state.
 */
export function LocationChoice({
  patientId,
  patientName,
}: {
  patientId: string;
  patientName: string;
}) {
  const t = useT();
  const choice = useStateConfirm(
    { queryKey: consultLocationQueryKey, load: getConsultLocation, save: setConsultLocation },
    patientId,
  );

  return (
    <Stack gap="xs">
      <StateConfirm
        choice={choice}
        status={(state) =>
          state
            ? t('appointmentUi.book.locationCurrent', { name: patientName, state })
            : t('appointmentUi.book.locationNone', { name: patientName })
        }
        statusTestId="appointment-location"
        selectLabel={t('appointmentUi.book.state')}
        confirmLabel={t('appointmentUi.book.confirmState')}
        failedText={(message) => t('appointmentUi.book.stateFailed', { message })}
        testIds={{ select: 'appointment-state', confirm: 'appointment-confirm-state' }}
      />
    </Stack>
  );
}
