import { serviceAvailability } from '@apothecall/domain/places/places.rules';
import { Alert, Loader, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { StateConfirm, useStateConfirm } from '../../../components/state-confirm';
import { useT } from '../../../lib/i18n';
import {
  consultLocationQueryKey,
  getConsultLocation,
} from '../../accounts/api/get-consult-location';
import {
  type SetConsultLocationResult,
  setConsultLocation,
} from '../../accounts/api/set-consult-location';
import { type ConsultHours, useHours } from '../api/get-hours';
import { closedText, errorText, stateLabel } from './get-care-format';
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
  const [answer, setAnswer] = useState<SetConsultLocationResult | null>(null);
  const choice = useStateConfirm(
    { queryKey: consultLocationQueryKey, load: getConsultLocation, save: setConsultLocation },
    patientId,
    { onConfirmed: setAnswer },
  );
  const { location, confirmed, changed } = choice;

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

  const hours = useHours(confirmed ?? '', {
    enabled: confirmed !== null && offered?.ok === true,
    staleTime: 0,
  });

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
      <StateConfirm
        choice={choice}
        status={(state) =>
          state ? t('careUi.location.current', { state }) : t('careUi.location.none')
        }
        statusTestId="care-location"
        selectLabel={t('careUi.location.state')}
        confirmLabel={t('careUi.location.confirm')}
        confirmHint={t('careUi.location.confirmHint')}
      />
      {!changed && confirmed && offered ? (
        <GetCareAvailability confirmed={confirmed} offered={offered} hours={hours} />
      ) : null}
    </GetCareStepFrame>
  );
}

/** Whether the state offers on-demand care and whether a provider is on hours now. */
function GetCareAvailability({
  confirmed,
  offered,
  hours,
}: {
  confirmed: string;
  offered: { ok: boolean; reason: string | null };
  hours: UseQueryResult<ConsultHours>;
}) {
  const t = useT();
  return (
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
          {closedText(t, hours.data)}
        </Alert>
      )}
    </Stack>
  );
}
