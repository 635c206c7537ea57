import {
  isUsStateCode,
  serviceAvailability,
  usStates,
} from '@apothecall/domain/places/places.rules';
import { Alert, Button, Group, Loader, NativeSelect, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useT } from '../../../lib/i18n';
import {
  type ConsultLocation,
  consultLocationQueryKey,
  getConsultLocation,
} from '../../accounts/api/get-consult-location';
import {
  type SetConsultLocationResult,
  setConsultLocation,
} from '../../accounts/api/set-consult-location';
import { getHours, hoursQueryKey } from '../api/get-hours';
import { errorText, stateLabel } from './get-care-format';
import { GetCareStepFrame } from './get-care-step-frame';

/**
 * Step 3: where the patient is ('I am in' a state, spec section 2). The confirmed location is
 * shown and can be changed; then the state must offer on-demand care ('Service unavailable in
 * {state}' stops here) and a provider must be on hours now (otherwise the next opening).
 */
export function GetCareLocationStep({
  index,
  total,
  patientId,
  patientName,
  onBack,
  onContinue,
}: {
  index: number;
  total: number;
  patientId: string;
  patientName: string;
  onBack: () => void;
  onContinue: (state: string) => void;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const queryKey = consultLocationQueryKey(patientId);
  const location = useQuery({ queryKey, queryFn: () => getConsultLocation(patientId) });
  const confirmed = location.data?.state ?? null;
  const [selected, setSelected] = useState('');
  const [answer, setAnswer] = useState<SetConsultLocationResult | null>(null);

  useEffect(() => {
    setSelected(confirmed ?? '');
  }, [confirmed]);

  const confirm = useMutation({
    mutationFn: (state: string) => setConsultLocation({ ptId: patientId, state }),
    onSuccess: (result) => {
      setAnswer(result);
      queryClient.setQueryData<ConsultLocation>(queryKey, (old) =>
        old ? { ...old, state: result.state } : old,
      );
    },
  });

  // Offered there? The server's answer to the confirmation when there is one, else the
  // domain rule over the states the brand offers.
  const offered: { ok: boolean; reason: string | null } | null = confirmed
    ? answer && answer.state === confirmed
      ? { ok: answer.available, reason: answer.reason }
      : (() => {
          const check = serviceAvailability(confirmed, 'onDemand', {
            availableStates: location.data?.states ?? [],
          });
          return check.offered
            ? { ok: true, reason: null }
            : { ok: false, reason: t(check.reason, check.params) };
        })()
    : null;

  const hours = useQuery({
    queryKey: hoursQueryKey(confirmed ?? ''),
    queryFn: () => getHours(confirmed ?? ''),
    enabled: confirmed !== null && offered?.ok === true,
    staleTime: 0,
  });

  const changed = isUsStateCode(selected) && selected !== confirmed;
  const ready =
    confirmed !== null && !changed && offered?.ok === true && hours.data?.available === true;

  return (
    <GetCareStepFrame
      index={index}
      total={total}
      title={t('careUi.location.title')}
      onBack={onBack}
      onContinue={() => {
        if (ready && confirmed) onContinue(confirmed);
      }}
      continueDisabled={!ready}
    >
      <Text size="sm" c="dimmed">
        {t('careUi.location.body', { name: patientName })}
      </Text>
      {location.isPending ? (
        <Loader role="status" size="sm" aria-label={t('shell.loading')} />
      ) : location.isError ? (
        <Alert color="red" role="alert">
          {errorText(t, location.error)}
        </Alert>
      ) : (
        <Text fw={600} role="status" data-testid="care-location">
          {confirmed
            ? t('careUi.location.current', { state: stateLabel(t, confirmed) })
            : t('careUi.location.none')}
        </Text>
      )}
      <Group align="flex-end" gap="xs" wrap="wrap">
        <NativeSelect
          label={t('careUi.location.state')}
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
        />
        <Button
          variant={changed ? 'filled' : 'light'}
          disabled={!changed}
          loading={confirm.isPending}
          onClick={() => {
            if (isUsStateCode(selected)) confirm.mutate(selected);
          }}
        >
          {t('careUi.location.confirm')}
        </Button>
      </Group>
      {confirm.isError ? (
        <Alert color="red" role="alert">
          {t('accountActions.setConsultLocationFailed', { message: errorText(t, confirm.error) })}
        </Alert>
      ) : null}
      {changed ? (
        <Text size="sm" c="dimmed">
          {t('careUi.location.confirmHint')}
        </Text>
      ) : null}
      {!changed && confirmed && offered ? (
        <Stack gap="xs" aria-live="polite">
          {!offered.ok ? (
            <Alert color="red" role="alert" data-testid="care-unavailable">
              {offered.reason ?? t('places.serviceUnavailable', { state: confirmed })}
            </Alert>
          ) : hours.isPending ? (
            <Loader role="status" size="sm" aria-label={t('shell.loading')} />
          ) : hours.isError ? (
            <Alert color="red" role="alert">
              {errorText(t, hours.error)}
            </Alert>
          ) : hours.data.available ? (
            <Alert color="green" role="status">
              {t('careUi.location.open', { state: stateLabel(t, confirmed) })}
            </Alert>
          ) : (
            <Alert color="yellow" role="alert" data-testid="care-closed">
              {hours.data.nextAvailableStr
                ? t('careUi.location.closedNext', { when: hours.data.nextAvailableStr })
                : t('careUi.location.closed')}
            </Alert>
          )}
        </Stack>
      ) : null}
    </GetCareStepFrame>
  );
}
