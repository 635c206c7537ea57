import { Alert, Text } from '@mantine/core';
import { StateConfirm, useStateConfirm } from '../../../components/state-confirm';
import { useT } from '../../../lib/i18n';
import {
  consultLocationQueryKey,
  getConsultLocation,
} from '../../accounts/api/get-consult-location';
import { setConsultLocation } from '../../accounts/api/set-consult-location';
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
  const choice = useStateConfirm(
    { queryKey: consultLocationQueryKey, load: getConsultLocation, save: setConsultLocation },
    patientId,
  );
  const { confirmed, changed } = choice;
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
      <StateConfirm
        choice={choice}
        status={(state) =>
          state ? t('rxScreens.state.current', { state }) : t('rxScreens.state.none')
        }
        statusTestId="rx-location"
        selectLabel={t('rxScreens.state.label')}
        confirmLabel={t('rxScreens.state.confirm')}
        confirmHint={t('rxScreens.state.confirmHint')}
      />
      {problem ? (
        <Alert color="red" role="alert" data-testid="rx-state-problem">
          {problem}
        </Alert>
      ) : null}
    </RxStepFrame>
  );
}
