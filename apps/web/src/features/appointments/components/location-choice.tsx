import { isUsStateCode, stateNameKey, usStates } from '@apothecall/domain/places/places.rules';
import { Alert, Button, Group, Loader, NativeSelect, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { errorText } from '../../../lib/api-client';
import { type Translate, useT } from '../../../lib/i18n';
import {
  type ConsultLocation,
  consultLocationQueryKey,
  getConsultLocation,
} from '../../accounts/api/get-consult-location';
import { setConsultLocation } from '../../accounts/api/set-consult-location';

/** 'Florida' for 'FL'; an unknown code as given. */
export function stateLabel(t: Translate, code: string): string {
  return isUsStateCode(code) ? t(stateNameKey(code)) : code;
}

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
  const queryClient = useQueryClient();
  const location = useConsultLocation(patientId);
  const confirmed = location.data?.state ?? null;
  const [selected, setSelected] = useState('');

  useEffect(() => {
    setSelected(confirmed ?? '');
  }, [confirmed]);

  const confirm = useMutation({
    mutationFn: (state: string) => setConsultLocation({ ptId: patientId, state }),
    onSuccess: (result) => {
      queryClient.setQueryData<ConsultLocation>(consultLocationQueryKey(patientId), (old) =>
        old ? { ...old, state: result.state } : old,
      );
    },
  });

  const changed = isUsStateCode(selected) && selected !== confirmed;

  return (
    <Stack gap="xs">
      {location.isPending ? (
        <Loader role="status" size="sm" aria-label={t('shell.loading')} />
      ) : location.isError ? (
        <Alert color="red" role="alert">
          {errorText(t, location.error)}
        </Alert>
      ) : (
        <Text fw={600} role="status" data-testid="appointment-location">
          {confirmed
            ? t('appointmentUi.book.locationCurrent', {
                name: patientName,
                state: stateLabel(t, confirmed),
              })
            : t('appointmentUi.book.locationNone', { name: patientName })}
        </Text>
      )}
      <Group align="flex-end" gap="xs" wrap="wrap">
        <NativeSelect
          label={t('appointmentUi.book.state')}
          value={selected}
          onChange={(event) => {
            setSelected(event.currentTarget.value);
            confirm.reset();
          }}
          data={[
            { value: '', label: '—' },
            ...usStates.map((s) => ({ value: s.code, label: t(s.nameKey) })),
          ]}
          style={{ flex: '1 1 180px' }}
          data-testid="appointment-state"
        />
        <Button
          variant={changed ? 'filled' : 'light'}
          disabled={!changed}
          loading={confirm.isPending}
          onClick={() => {
            if (isUsStateCode(selected)) confirm.mutate(selected);
          }}
          data-testid="appointment-confirm-state"
        >
          {t('appointmentUi.book.confirmState')}
        </Button>
      </Group>
      {confirm.isError ? (
        <Alert color="red" role="alert">
          {t('appointmentUi.book.stateFailed', { message: errorText(t, confirm.error) })}
        </Alert>
      ) : null}
    </Stack>
  );
}
