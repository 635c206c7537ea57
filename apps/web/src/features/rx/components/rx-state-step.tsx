import { isUsStateCode, usStates } from '@apothecall/domain/places/places.rules';
import { Alert, Button, Group, Loader, NativeSelect, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useT } from '../../../lib/i18n';
import {
  type ConsultLocation,
  consultLocationQueryKey,
  getConsultLocation,
} from '../../accounts/api/get-consult-location';
import { setConsultLocation } from '../../accounts/api/set-consult-location';
import { errorText, stateLabel } from './rx-format';
import { RxStepFrame } from './rx-step-frame';

/**
 * Where the patient is now ('I am in' a state, spec section 2): the confirmed location (the
 * accounts location API the Home's location card uses), changed and confirmed here. The visit
 * is sent with this state; the server checks it is the confirmed one and whether the state's
 * rules allow an asynchronous visit.
 */
export function RxStateStep({
  index,
  total,
  patientId,
  patientName,
  problem,
  onBack,
  onContinue,
}: {
  index: number;
  total: number;
  patientId: string;
  patientName: string;
  /** The server refused the location (not confirmed): said here. */
  problem: string | null;
  onBack: () => void;
  onContinue: (state: string) => void;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const queryKey = consultLocationQueryKey(patientId);
  const location = useQuery({ queryKey, queryFn: () => getConsultLocation(patientId) });
  const confirmed = location.data?.state ?? null;
  const [selected, setSelected] = useState('');

  useEffect(() => {
    setSelected(confirmed ?? '');
  }, [confirmed]);

  const confirm = useMutation({
    mutationFn: (state: string) => setConsultLocation({ ptId: patientId, state }),
    onSuccess: (result) => {
      queryClient.setQueryData<ConsultLocation>(queryKey, (old) =>
        old ? { ...old, state: result.state } : old,
      );
    },
  });

  const changed = isUsStateCode(selected) && selected !== confirmed;
  const ready = confirmed !== null && !changed;

  return (
    <RxStepFrame
      index={index}
      total={total}
      title={t('rxUi.flow.state')}
      testId="rx-step-state"
      onBack={onBack}
      onContinue={() => {
        if (ready && confirmed) onContinue(confirmed);
      }}
      continueDisabled={!ready}
    >
      <Text size="sm" c="dimmed">
        {t('rxScreens.state.body', { name: patientName })}
      </Text>
      {location.isPending ? (
        <Loader role="status" size="sm" aria-label={t('shell.loading')} />
      ) : location.isError ? (
        <Alert color="red" role="alert">
          {errorText(t, location.error)}
        </Alert>
      ) : (
        <Text fw={600} role="status" data-testid="rx-location">
          {confirmed
            ? t('rxScreens.state.current', { state: stateLabel(t, confirmed) })
            : t('rxScreens.state.none')}
        </Text>
      )}
      <Group align="flex-end" gap="xs" wrap="wrap">
        <NativeSelect
          label={t('rxScreens.state.label')}
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
          {t('rxScreens.state.confirm')}
        </Button>
      </Group>
      {confirm.isError ? (
        <Alert color="red" role="alert">
          {t('accountActions.setConsultLocationFailed', { message: errorText(t, confirm.error) })}
        </Alert>
      ) : null}
      {changed ? (
        <Text size="sm" c="dimmed">
          {t('rxScreens.state.confirmHint')}
        </Text>
      ) : null}
      {problem ? (
        <Alert color="red" role="alert" data-testid="rx-state-problem">
          {problem}
        </Alert>
      ) : null}
    </RxStepFrame>
  );
}
