import type {
  consultLocationResponseSchema,
  setConsultLocationResponseSchema,
} from '@apothecall/domain/accounts/consult.api';
import { isUsStateCode, stateNameKey, usStates } from '@apothecall/domain/places/places.rules';
import { Alert, Button, Group, Loader, NativeSelect, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import { errorText } from '../lib/api-client';
import { type Translate, useT } from '../lib/i18n';

type ConsultLocation = z.infer<typeof consultLocationResponseSchema>;
type SetConsultLocationResult = z.infer<typeof setConsultLocationResponseSchema>;

/** 'Florida' for 'FL'; an unknown code is shown as given. */
export function stateLabel(t: Translate, code: string): string {
  return isUsStateCode(code) ? t(stateNameKey(code)) : code;
}

/** The accounts feature's location calls (its api/), handed in: components/ imports no feature. */
export interface ConsultLocationApi {
  queryKey: (patientId: string) => readonly unknown[];
  /** GET /consult/location?ptId=. */
  load: (patientId: string) => Promise<ConsultLocation>;
  /** PUT /consult/location { ptId, state }. */
  save: (body: { ptId: string; state: string }) => Promise<SetConsultLocationResult>;
}

/**
 * Where a family member is ('I am in' a state, spec section 2): the confirmed location, the
 * state chosen in the select (the confirmed one until changed), and its confirmation, which
 * updates the location every screen reads. One piece for Get Care, Rx and appointments.
 */
export function useStateConfirm(
  api: ConsultLocationApi,
  patientId: string,
  options: { onConfirmed?: (result: SetConsultLocationResult) => void } = {},
) {
  const queryClient = useQueryClient();
  const queryKey = api.queryKey(patientId);
  const location = useQuery({ queryKey, queryFn: () => api.load(patientId) });
  const confirmed = location.data?.state ?? null;
  // What the person chose, for this family member; until then the confirmed state. Worked out
  // while drawing: an effect that copied the confirmed state into the choice once it loaded
  // replaced a state chosen while the location was still loading.
  const [chosen, setChosen] = useState<{ patientId: string; state: string } | null>(null);
  const selected = chosen?.patientId === patientId ? chosen.state : (confirmed ?? '');
  const setSelected = (state: string) => setChosen({ patientId, state });

  const confirm = useMutation({
    mutationFn: (state: string) => api.save({ ptId: patientId, state }),
    onSuccess: (result) => {
      options.onConfirmed?.(result);
      queryClient.setQueryData<ConsultLocation>(queryKey, (old) =>
        old ? { ...old, state: result.state } : old,
      );
    },
  });

  /** A state is chosen that is not the confirmed one: it needs confirming. */
  const changed = isUsStateCode(selected) && selected !== confirmed;

  return { location, confirmed, selected, setSelected, confirm, changed };
}

export type StateConfirmState = ReturnType<typeof useStateConfirm>;

/**
 * The confirmed state (a live status line; a loader or the load error), the state select and
 * its confirm button, and the confirmation's failure. The screen gives its own texts: the
 * status line (`status`, with the confirmed state's name or null), the select's label, the
 * button's name, and optionally the failure (the accounts' text by default), a hint while a
 * changed state is not confirmed yet, and test ids.
 */
export function StateConfirm({
  choice,
  status,
  statusTestId,
  selectLabel,
  confirmLabel,
  failedText,
  confirmHint,
  testIds,
}: {
  choice: StateConfirmState;
  status: (stateName: string | null) => string;
  statusTestId: string;
  selectLabel: string;
  confirmLabel: string;
  failedText?: (message: string) => string;
  /** Said under the select while a changed state waits for its confirmation. */
  confirmHint?: string;
  testIds?: { select: string; confirm: string };
}) {
  const t = useT();
  const { location, confirmed, selected, setSelected, confirm, changed } = choice;
  const accountsFailedText = (message: string) =>
    t('accountActions.setConsultLocationFailed', { message });
  return (
    <>
      {location.isPending ? (
        <Loader role="status" size="sm" aria-label={t('shell.loading')} />
      ) : location.isError ? (
        <Alert color="red" role="alert">
          {errorText(t, location.error)}
        </Alert>
      ) : (
        <Text fw={600} role="status" data-testid={statusTestId}>
          {status(confirmed ? stateLabel(t, confirmed) : null)}
        </Text>
      )}
      <Group align="flex-end" gap="xs" wrap="wrap">
        <NativeSelect
          label={selectLabel}
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
          data-testid={testIds?.select}
        />
        <Button
          variant={changed ? 'filled' : 'light'}
          disabled={!changed}
          loading={confirm.isPending}
          onClick={() => {
            if (isUsStateCode(selected)) confirm.mutate(selected);
          }}
          data-testid={testIds?.confirm}
        >
          {confirmLabel}
        </Button>
      </Group>
      {confirm.isError ? (
        <Alert color="red" role="alert">
          {(failedText ?? accountsFailedText)(errorText(t, confirm.error))}
        </Alert>
      ) : null}
      {confirmHint && changed ? (
        <Text size="sm" c="dimmed">
          {confirmHint}
        </Text>
      ) : null}
    </>
  );
}
