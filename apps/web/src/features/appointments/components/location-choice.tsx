import { Stack } from '@mantine/core';
import { StateConfirm, useStateConfirm } from '../../../components/state-confirm';
import { useT } from '../../../lib/i18n';
import {
  consultLocationQueryKey,
  getConsultLocation,
} from '../../accounts/api/get-consult-location';
import { setConsultLocation } from '../../accounts/api/set-consult-location';

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
