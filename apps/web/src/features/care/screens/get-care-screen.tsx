import type { CareMessageKey } from '@apothecall/domain/care/care-reasons';
import type { PatientVisit } from '@apothecall/domain/care/visits.api';
import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useT } from '../../../lib/i18n';
import { newIdempotencyKey } from '../../../lib/payments/idempotency';
import { currentPerson, type StoredSession, useSession } from '../../../lib/session-store';
import { activeVisitsQueryKey, getActiveVisits } from '../api/get-active-visits';
import { GetCareConsentStep } from '../components/get-care-consent-step';
import {
  currentStepIndex,
  type GetCareDraft,
  type GetCareStep,
  getCareSteps,
  patientChange,
  reasonChange,
  stateChange,
} from '../components/get-care-draft';
import { memberName } from '../components/get-care-format';
import { GetCareLocationStep } from '../components/get-care-location-step';
import { GetCarePatientStep } from '../components/get-care-patient-step';
import { GetCarePaymentStep } from '../components/get-care-payment-step';
import { GetCarePharmacyStep } from '../components/get-care-pharmacy-step';
import { GetCareReasonStep } from '../components/get-care-reason-step';
import { GetCareScreeningStep } from '../components/get-care-screening-step';
import { GetCareStopped } from '../components/get-care-stopped';
import { rememberActiveVisit } from '../hooks/use-active-visits';
import { useGetCareDraft } from '../hooks/use-get-care-draft';

const total = getCareSteps.length;

function GetCareWizard({ session }: { session: StoredSession }) {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const users = session.profile.users;
  const { draft, update, reset, clear } = useGetCareDraft(
    currentPerson(session).id,
    users.map((u) => u.id),
  );
  const [failures, setFailures] = useState<readonly CareMessageKey[] | null>(null);
  const active = useQuery({ queryKey: activeVisitsQueryKey, queryFn: getActiveVisits });

  const index = currentStepIndex(draft);
  const step = getCareSteps[index] ?? 'patient';
  const go = (next: GetCareStep, patch: Partial<GetCareDraft> = {}) =>
    update({ ...patch, step: next });
  const back = () => go(getCareSteps[Math.max(0, index - 1)] ?? 'patient');
  const patientName = (draft.patientId && memberName(users, draft.patientId)) || '';

  const started = (visit: PatientVisit) => {
    rememberActiveVisit(visit.visitId);
    queryClient.setQueryData<PatientVisit[]>(activeVisitsQueryKey, (list = []) => [
      ...list.filter((v) => v.visitId !== visit.visitId),
      visit,
    ]);
    clear();
    navigate('/waiting');
  };

  let content: ReactNode = null;
  if (failures) {
    content = (
      <GetCareStopped
        failures={failures}
        onStartOver={() => {
          setFailures(null);
          reset();
        }}
      />
    );
  } else if (step === 'patient') {
    content = (
      <GetCarePatientStep
        index={index}
        total={total}
        users={users}
        patientId={draft.patientId}
        onContinue={(patientId) => go('reason', patientChange(draft, patientId))}
      />
    );
  } else if (step === 'reason') {
    content = (
      <GetCareReasonStep
        index={index}
        total={total}
        reason={draft.reason}
        notes={draft.notes}
        onBack={back}
        onContinue={(reason, notes) => go('location', reasonChange(draft, reason, notes))}
      />
    );
  } else if (step === 'location' && draft.patientId) {
    content = (
      <GetCareLocationStep
        index={index}
        total={total}
        patientId={draft.patientId}
        patientName={patientName}
        onBack={back}
        onContinue={(state) => go('screening', stateChange(draft, state))}
      />
    );
  } else if (step === 'screening' && draft.patientId && draft.reason) {
    content = (
      <GetCareScreeningStep
        index={index}
        total={total}
        patientId={draft.patientId}
        patientName={patientName}
        reason={draft.reason}
        form={draft.screening}
        onChange={(screening) => update({ screening, screenResult: null })}
        onBack={back}
        onPassed={(screenResult) => go('consent', { screenResult })}
        onFailed={(found) => {
          update({ screenResult: null });
          setFailures(found);
        }}
      />
    );
  } else if (step === 'consent' && draft.state) {
    content = (
      <GetCareConsentStep
        index={index}
        total={total}
        state={draft.state}
        consentGiven={draft.consentGiven}
        phoneConfirmed={draft.phoneConfirmed}
        onBack={back}
        onContinue={(consentGiven, phoneConfirmed) =>
          go('pharmacy', { consentGiven, phoneConfirmed })
        }
      />
    );
  } else if (step === 'pharmacy' && draft.state) {
    content = (
      <GetCarePharmacyStep
        index={index}
        total={total}
        state={draft.state}
        pharmacy={draft.pharmacy}
        onBack={back}
        onContinue={(pharmacy) => go('payment', { pharmacy })}
      />
    );
  } else if (
    step === 'payment' &&
    draft.patientId &&
    draft.reason &&
    draft.state &&
    draft.screenResult
  ) {
    content = (
      <GetCarePaymentStep
        index={index}
        total={total}
        checkout={{
          patientId: draft.patientId,
          patientName,
          reason: draft.reason,
          notes: draft.notes,
          state: draft.state,
          pharmacy: draft.pharmacy,
          screenResult: draft.screenResult,
          idempotencyKey: draft.idempotencyKey,
        }}
        onBack={back}
        onNewAttempt={() => update({ idempotencyKey: newIdempotencyKey() })}
        onStarted={started}
      />
    );
  }

  const waiting = active.data ?? [];
  return (
    <Stack p="md" maw={720} mx="auto" w="100%" data-screen="care">
      <Title order={1} size="h2">
        {t('careUi.title')}
      </Title>
      {step === 'patient' && !failures ? <Text c="dimmed">{t('careUi.subtitle')}</Text> : null}
      {waiting.length > 0 ? (
        <Alert color="blue" role="status" data-testid="care-active-visit">
          {t('careUi.activeVisit')}{' '}
          <Anchor component={Link} to="/waiting">
            {t('careUi.toWaitingRoom')}
          </Anchor>
        </Alert>
      ) : null}
      {content}
    </Stack>
  );
}

/**
 * Get Care (spec section 2): who the visit is for, why, where they are, the pre-visit
 * screening, consent and phone, the pharmacy, then the price and payment — 'Start visit' puts
 * the visit in the queue and opens the waiting room.
 */
export function GetCareScreen() {
  const session = useSession();
  // The route is protected: without a session the route table shows the login screen.
  return session ? <GetCareWizard session={session} /> : null;
}
