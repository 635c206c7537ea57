import type { CareMessageKey } from '@apothecall/domain/care/care-reasons';
import type { PatientVisit } from '@apothecall/domain/care/visits.api';
import { link } from '@apothecall/domain/navigation/links';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { currentPerson, type StoredSession } from '../../../lib/session-store';
import { useAddActiveVisit } from '../api/get-active-visits';
import {
  currentStepIndex,
  type GetCareDraft,
  type GetCareStep,
  getCareSteps,
} from '../components/get-care-draft';
import { memberName } from '../components/get-care-format';
import { rememberActiveVisit } from './use-active-visits';
import { useGetCareDraft } from './use-get-care-draft';

/**
 * The Get Care wizard's state: the draft (kept across reloads), the step it is at, going to one
 * and back, the screening's failures that stopped it, and a visit started (remembered, among the
 * active ones, the draft cleared, the waiting room opened).
 */
export function useGetCareWizard(session: StoredSession) {
  const navigate = useNavigate();
  const addActiveVisit = useAddActiveVisit();
  const users = session.profile.users;
  const { draft, update, reset, clear } = useGetCareDraft(
    currentPerson(session).id,
    users.map((u) => u.id),
  );
  const [failures, setFailures] = useState<readonly CareMessageKey[] | null>(null);

  const index = currentStepIndex(draft);
  const step = getCareSteps[index] ?? 'patient';
  const go = (next: GetCareStep, patch: Partial<GetCareDraft> = {}) =>
    update({ ...patch, step: next });
  const back = () => go(getCareSteps[Math.max(0, index - 1)] ?? 'patient');
  const patientName = (draft.patientId && memberName(users, draft.patientId)) || '';

  const started = (visit: PatientVisit) => {
    rememberActiveVisit(visit.visitId);
    addActiveVisit(visit);
    clear();
    navigate(link('/waiting'));
  };

  return {
    users,
    draft,
    update,
    reset,
    index,
    step,
    go,
    back,
    patientName,
    failures,
    setFailures,
    started,
  };
}

export type GetCareWizardState = ReturnType<typeof useGetCareWizard>;
