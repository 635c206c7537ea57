import type { Person } from '@apothecall/domain/accounts/accounts.schemas';
import type { InstoreStart } from '@apothecall/domain/assessments/assessment.api';
import type { BirthGender } from '@apothecall/domain/care/screening.rules';
import { ageOn, calendarDateOfUtc, parseDateInput } from '@apothecall/domain/dates/dates.rules';
import type { RxAnswers } from '@apothecall/domain/rx/rx-products.rules';
import type { RxProductView, RxVisitView } from '@apothecall/domain/rx/rx-visits.api';
import { createElement, type ReactNode, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { currentPerson, type StoredSession } from '../../../lib/session-store';
import { useDependents } from '../../accounts/api/get-dependents';
import { logForm } from '../api/log-form';
import { useSubmitRxEvaluation } from '../api/submit-rx-evaluation';
import type { AcceptedConsent } from './rx-consents-step';
import { newIdempotencyKey } from './rx-format';
import { pharmacyFields, type RxPharmacyPick } from './rx-pharmacy-choice';
import type { RxPatientFacts } from './rx-questions-step';
import { RxSubmitProblem } from './rx-submit-problem';

export type RxFlowStepName =
  | 'patient'
  | 'state'
  | 'pharmacy'
  | 'consents'
  | 'questions'
  | 'payment';

function factsOf(person: Person | undefined, userId: string): RxPatientFacts | null {
  if (!person) return null;
  const dob = parseDateInput(person.dob);
  const age = dob ? ageOn(dob, calendarDateOfUtc(new Date())) : 0;
  const gender = person.gender;
  const birthGender: BirthGender | undefined =
    gender === 'M' || gender === 'F' || gender === 'X' ? gender : undefined;
  return birthGender ? { userId, age, birthGender } : { userId, age };
}

/** The flow's steps: no patient or pharmacy step for an in-store assessment's visit. */
function rxFlowSteps(product: RxProductView, instore: boolean): RxFlowStepName[] {
  return [
    // The in-store assessment's visit is the account holder's and goes to its pharmacy.
    ...(instore ? [] : (['patient'] as const)),
    'state',
    ...(instore ? [] : (['pharmacy'] as const)),
    ...(product.consentDocuments.length > 0 ? (['consents'] as const) : []),
    'questions',
    'payment',
  ];
}

/** The answers as the request carries them (a choice of several as a new array). */
function answersBody(kept: RxAnswers): Record<string, string | string[]> {
  const body: Record<string, string | string[]> = {};
  for (const [id, value] of Object.entries(kept)) {
    body[id] = typeof value === 'string' ? value : [...value];
  }
  return body;
}

/**
 * Where a refused evaluation sends the patient: stopped (the server's screening), back to the
 * state (a location not confirmed) or to the pharmacy (not available), else the problem stays
 * on the questions.
 */
function routeRefusal(
  error: Error,
  to: {
    stop: (message: string) => void;
    state: (message: string) => void;
    pharmacy: (message: string) => void;
    other: () => void;
  },
) {
  const code = error instanceof ApiError ? error.errorCode : null;
  if (code === 'RX_SCREENING_FAILED') to.stop(error.message);
  else if (code === 'LOCATION_NOT_CONFIRMED') to.state(error.message);
  else if (code === 'PHARMACY_NOT_AVAILABLE') to.pharmacy(error.message);
  else to.other();
}

/**
 * The step the flow is at (the state first for an in-store assessment's visit), its place in
 * the steps, going to one and back; each step reached is logged (POST /log-form, never the
 * answers).
 */
function useRxFlowSteps(product: RxProductView, instore: boolean) {
  const steps = rxFlowSteps(product, instore);
  const [step, setStep] = useState<RxFlowStepName>(instore ? 'state' : 'patient');
  const index = steps.indexOf(step);
  useEffect(() => {
    logForm(product.id, step).catch(() => {
      // Logging a step never stops the flow.
    });
  }, [product.id, step]);
  return {
    steps,
    step,
    index,
    total: steps.length,
    go: (next: RxFlowStepName) => setStep(next),
    back: () => setStep(steps[Math.max(0, index - 1)] ?? 'patient'),
  };
}

/**
 * The Rx flow's state: the steps (no patient or pharmacy step for an in-store assessment's
 * visit, no consents step without consent documents), what each chose, and the evaluation's
 * submission with where each refusal sends the patient. Each step reached is logged.
 */
export function useRxFlow({
  session,
  product,
  instore,
}: {
  session: StoredSession;
  product: RxProductView;
  instore: (InstoreStart & { code: string }) | null;
}) {
  const location = useLocation();
  const users = session.profile.users;
  const family = useDependents();

  // The profile switcher's person is offered first (the holder when none was chosen).
  const [patientId, setPatientId] = useState<string | null>(
    instore ? (users[0]?.id ?? null) : currentPerson(session).id,
  );
  const [state, setState] = useState<string | null>(null);
  const [consents, setConsents] = useState<AcceptedConsent[]>([]);
  const [answers, setAnswers] = useState<RxAnswers>(() => instore?.answers ?? {});
  const [visit, setVisit] = useState<RxVisitView | null>(null);
  const [stopped, setStopped] = useState<string | null>(null);
  const [stateProblem, setStateProblem] = useState<string | null>(null);
  const [pharmacy, setPharmacy] = useState<RxPharmacyPick | null>(null);
  const [pharmacyProblem, setPharmacyProblem] = useState<string | null>(null);
  // The link's pharmacy was refused (the link is gone): the patient chooses instead.
  const [linkRefused, setLinkRefused] = useState(false);
  const [submitProblem, setSubmitProblem] = useState<ReactNode>(null);
  const [attempt, setAttempt] = useState(newIdempotencyKey);

  const nav = useRxFlowSteps(product, instore !== null);
  const { steps, go } = nav;

  const person = family.data?.find((p) => p.id === patientId || p.personId === patientId);
  const facts = patientId ? factsOf(person, patientId) : null;
  const patientName = users.find((u) => u.id === patientId)?.name ?? '';

  const refused = (error: Error) => {
    if (error instanceof ApiError && error.status < 500 && error.status !== 0) {
      setAttempt(newIdempotencyKey());
    }
    routeRefusal(error, {
      stop: setStopped,
      state: (message) => {
        setStateProblem(message);
        go('state');
      },
      pharmacy: (message) => {
        // The chosen pharmacy does not take visits from this state (any more), or the link is
        // gone: choose again.
        setPharmacyProblem(message);
        if (pharmacy?.kind === 'link') setLinkRefused(true);
        setPharmacy(null);
        go('pharmacy');
      },
      other: () => {
        const back = `${location.pathname}${location.search}`;
        setSubmitProblem(createElement(RxSubmitProblem, { error, back }));
      },
    });
  };
  const submission = useSubmitRxEvaluation({
    onMutate: () => setSubmitProblem(null),
    onSuccess: (created) => {
      setVisit(created);
      go('payment');
    },
    onError: refused,
  });
  const submit = (kept: RxAnswers) => {
    if (!patientId || !state) {
      setSubmitProblem(null);
      refused(new Error('incomplete'));
      return;
    }
    submission.mutate({
      patientID: patientId,
      productId: product.id,
      answers: answersBody(kept),
      consents,
      state,
      idempotencyKey: attempt,
      ...(instore ? { assessmentCode: instore.code } : pharmacyFields(pharmacy)),
    });
  };

  const startOver = () => {
    setStopped(null);
    setAnswers(instore?.answers ?? {});
    setVisit(null);
    go(steps[0] ?? 'patient');
  };

  return {
    users,
    family,
    ...nav,
    patientId,
    choosePatient: (id: string) => {
      if (id !== patientId) setAnswers({});
      setPatientId(id);
      go('state');
    },
    patientName,
    facts,
    state,
    stateProblem,
    confirmState: (confirmed: string) => {
      setState(confirmed);
      setStateProblem(null);
      go(steps[steps.indexOf('state') + 1] ?? 'questions');
    },
    pharmacy,
    pharmacyProblem,
    linkRefused,
    pickPharmacy: (picked: RxPharmacyPick) => {
      setPharmacy(picked);
      setPharmacyProblem(null);
      go(steps.includes('consents') ? 'consents' : 'questions');
    },
    consents,
    acceptConsents: (accepted: AcceptedConsent[]) => {
      setConsents(accepted);
      go('questions');
    },
    answers,
    setAnswers,
    stopped,
    setStopped,
    startOver,
    submit,
    submitting: submission.isPending,
    submitProblem,
    visit,
  };
}

export type RxFlowState = ReturnType<typeof useRxFlow>;
