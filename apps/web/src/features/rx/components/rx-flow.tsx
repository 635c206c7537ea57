import type { Person } from '@apothecall/domain/accounts/accounts.schemas';
import type { InstoreStart } from '@apothecall/domain/assessments/assessment.api';
import type { BirthGender } from '@apothecall/domain/care/screening.rules';
import { ageOn, calendarDateOfUtc, parseDateInput } from '@apothecall/domain/dates/dates.rules';
import { type RxAnswers, rxProductById } from '@apothecall/domain/rx/rx-products.rules';
import type { RxProductView, RxVisitView } from '@apothecall/domain/rx/rx-visits.api';
import { Alert, Anchor, Loader, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { clearHeldPrepayCode } from '../../../lib/prepay-code-store';
import { useHeldPrepay } from '../../../lib/prepay-offer';
import { currentPerson, type StoredSession } from '../../../lib/session-store';
import { familyQueryKey, getDependents } from '../../accounts/api/get-dependents';
import type { ProductInfoLink } from '../api/get-product-info';
import { rxVisitsQueryKey } from '../api/get-rx-visits';
import { logForm } from '../api/log-form';
import { submitRxEvaluation } from '../api/submit-rx-evaluation';
import { type AcceptedConsent, RxConsentsStep } from './rx-consents-step';
import { errorText, newIdempotencyKey, stateLabel, textOf } from './rx-format';
import { RxPatientStep } from './rx-patient-step';
import { RxPaymentStep } from './rx-payment-step';
import { pharmacyFields, pharmacyName, type RxPharmacyPick } from './rx-pharmacy-choice';
import { RxPharmacyStep } from './rx-pharmacy-step';
import { type RxPatientFacts, RxQuestionsStep } from './rx-questions-step';
import { RxStateStep } from './rx-state-step';
import { RxStopped } from './rx-stopped';

type Step = 'patient' | 'state' | 'pharmacy' | 'consents' | 'questions' | 'payment';

function factsOf(person: Person | undefined, userId: string): RxPatientFacts | null {
  if (!person) return null;
  const dob = parseDateInput(person.dob);
  const age = dob ? ageOn(dob, calendarDateOfUtc(new Date())) : 0;
  const gender = person.gender;
  const birthGender: BirthGender | undefined =
    gender === 'M' || gender === 'F' || gender === 'X' ? gender : undefined;
  return birthGender ? { userId, age, birthGender } : { userId, age };
}

/**
 * An Rx visit for one treatment (spec sections 2, 4): who it is for, where they are, which
 * pharmacy the prescription goes to (fixed when the patient came through a pharmacy's Rx link,
 * `link`), the treatment's consent documents, the evaluation (run in the browser as on the
 * server), then the visit is created and paid. Uploads the visit waits for (an ID, a document) are asked on the
 * visit list, where the route guard sends the patient until they are done (guard step 6).
 * Each step reached is logged (POST /log-form, never the answers).
 */
export function RxFlow({
  session,
  product,
  link = null,
  instore = null,
}: {
  session: StoredSession;
  product: RxProductView;
  /** The pharmacy's Rx link the catalogue was opened with: the visit goes to its pharmacy. */
  link?: ProductInfoLink | null;
  /**
   * A pharmacy's in-store assessment link (issue 20): the visit is the account holder's, goes to
   * that pharmacy (no pharmacy step), and starts with the answers the intake holds.
   */
  instore?: (InstoreStart & { code: string }) | null;
}) {
  const t = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const rules = rxProductById(product.id);
  const users = session.profile.users;
  const family = useQuery({ queryKey: familyQueryKey, queryFn: getDependents });
  // A held prepay code may name the pharmacies the prescription must go to (issue 16).
  const prepayOffer = useHeldPrepay()?.offer ?? null;

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

  const steps: Step[] = [
    // The in-store assessment's visit is the account holder's and goes to its pharmacy.
    ...(instore ? [] : (['patient'] as const)),
    'state',
    ...(instore ? [] : (['pharmacy'] as const)),
    ...(product.consentDocuments.length > 0 ? (['consents'] as const) : []),
    'questions',
    'payment',
  ];
  const [step, setStep] = useState<Step>(instore ? 'state' : 'patient');
  const index = steps.indexOf(step);
  const total = steps.length;
  const go = (next: Step) => setStep(next);
  const back = () => setStep(steps[Math.max(0, index - 1)] ?? 'patient');

  useEffect(() => {
    logForm(product.id, step).catch(() => {
      // Logging a step never stops the flow.
    });
  }, [product.id, step]);

  const person = family.data?.find((p) => p.id === patientId || p.personId === patientId);
  const facts = patientId ? factsOf(person, patientId) : null;
  const patientName = users.find((u) => u.id === patientId)?.name ?? '';
  const name = textOf(t, product.nameKey);

  const submit = useMutation({
    mutationFn: (kept: RxAnswers) => {
      if (!patientId || !state) throw new Error('incomplete');
      const body: Record<string, string | string[]> = {};
      for (const [id, value] of Object.entries(kept)) {
        body[id] = typeof value === 'string' ? value : [...value];
      }
      return submitRxEvaluation({
        patientID: patientId,
        productId: product.id,
        answers: body,
        consents,
        state,
        idempotencyKey: attempt,
        ...(instore ? { assessmentCode: instore.code } : pharmacyFields(pharmacy)),
      });
    },
    onMutate: () => setSubmitProblem(null),
    onSuccess: (created) => {
      setVisit(created);
      void queryClient.invalidateQueries({ queryKey: rxVisitsQueryKey });
      go('payment');
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status < 500 && error.status !== 0) {
        setAttempt(newIdempotencyKey());
      }
      const code = error instanceof ApiError ? error.errorCode : null;
      if (code === 'RX_SCREENING_FAILED') {
        setStopped(error.message);
      } else if (code === 'LOCATION_NOT_CONFIRMED') {
        setStateProblem(error.message);
        go('state');
      } else if (code === 'PHARMACY_NOT_AVAILABLE') {
        // The chosen pharmacy does not take visits from this state (any more), or the link is
        // gone: choose again.
        setPharmacyProblem(error.message);
        if (pharmacy?.kind === 'link') setLinkRefused(true);
        setPharmacy(null);
        go('pharmacy');
      } else if (code === 'SERVICE_UNAVAILABLE' || code === 'RX_STATE_REQUIREMENT') {
        setSubmitProblem(
          <Alert color="red" role="alert" data-testid="rx-submit-error">
            <Stack gap={4}>
              <Text size="sm">{error.message}</Text>
              <Anchor component={Link} to="/care" size="sm">
                {t('rxUi.flow.video')}
              </Anchor>
            </Stack>
          </Alert>,
        );
      } else if (code === 'RX_UPLOADS_PENDING') {
        setSubmitProblem(
          <Alert color="red" role="alert" data-testid="rx-submit-error">
            <Stack gap={4}>
              <Text size="sm">{error.message}</Text>
              <Anchor component={Link} to="/rxvisits" size="sm">
                {t('rxUi.visits.title')}
              </Anchor>
            </Stack>
          </Alert>,
        );
      } else if (code === 'CONSENTS_REQUIRED') {
        const back = `${location.pathname}${location.search}`;
        setSubmitProblem(
          <Alert color="red" role="alert" data-testid="rx-submit-error">
            <Stack gap={4}>
              <Text size="sm">{error.message || t('rxScreens.submit.consentsRequired')}</Text>
              <Anchor component={Link} to={`/consents?to=${encodeURIComponent(back)}`} size="sm">
                {t('rxScreens.submit.openConsents')}
              </Anchor>
            </Stack>
          </Alert>,
        );
      } else {
        setSubmitProblem(
          <Alert color="red" role="alert" data-testid="rx-submit-error">
            {t('rxScreens.submit.failed', { message: errorText(t, error) })}
          </Alert>,
        );
      }
    },
  });

  const startOver = () => {
    setStopped(null);
    setAnswers(instore?.answers ?? {});
    setVisit(null);
    setStep(steps[0] ?? 'patient');
  };

  let content: ReactNode = null;
  if (stopped) {
    content = <RxStopped message={stopped} onStartOver={startOver} />;
  } else if (step === 'patient') {
    content = (
      <RxPatientStep
        index={index}
        total={total}
        users={users}
        patientId={patientId}
        onContinue={(id) => {
          if (id !== patientId) setAnswers({});
          setPatientId(id);
          go('state');
        }}
      />
    );
  } else if (step === 'state' && patientId) {
    content = (
      <RxStateStep
        index={index}
        total={total}
        patientId={patientId}
        patientName={patientName}
        problem={stateProblem}
        onBack={back}
        onContinue={(confirmed) => {
          setState(confirmed);
          setStateProblem(null);
          go(steps[steps.indexOf('state') + 1] ?? 'questions');
        }}
      />
    );
  } else if (step === 'pharmacy' && state) {
    content = (
      <RxPharmacyStep
        index={index}
        total={total}
        state={state}
        link={linkRefused ? null : link}
        offer={prepayOffer}
        onRemoveCode={clearHeldPrepayCode}
        pick={pharmacy}
        problem={pharmacyProblem}
        onBack={back}
        onContinue={(picked) => {
          setPharmacy(picked);
          setPharmacyProblem(null);
          go(steps.includes('consents') ? 'consents' : 'questions');
        }}
      />
    );
  } else if (step === 'consents') {
    content = (
      <RxConsentsStep
        index={index}
        total={total}
        product={product}
        productName={name}
        patientName={patientName}
        accepted={consents}
        onBack={back}
        onContinue={(accepted) => {
          setConsents(accepted);
          go('questions');
        }}
      />
    );
  } else if (step === 'questions' && rules) {
    content =
      facts === null ? (
        family.isError ? (
          <Alert color="red" role="alert">
            {errorText(t, family.error)}
          </Alert>
        ) : (
          <Loader role="status" size="sm" aria-label={t('shell.loading')} />
        )
      ) : (
        <RxQuestionsStep
          index={index}
          total={total}
          product={rules}
          patient={facts}
          answers={answers}
          submitting={submit.isPending}
          problem={submitProblem}
          onChange={setAnswers}
          onBack={back}
          onStopped={(key) => setStopped(t(key))}
          onPassed={(kept) => submit.mutate(kept)}
        />
      );
  } else if (step === 'payment' && visit) {
    content = (
      <RxPaymentStep
        index={index}
        total={total}
        visit={visit}
        summary={[
          [t('rxScreens.pay.summaryPatient'), patientName],
          [t('rxScreens.pay.summaryProduct'), name],
          [t('rxScreens.pay.summaryState'), stateLabel(t, visit.state)],
          [
            t('rxScreens.pay.summaryPharmacy'),
            instore?.pharmacy.name ?? pharmacyName(pharmacy) ?? t('rxScreens.pharmacy.noneShort'),
          ],
        ]}
        onPaid={() => {
          void queryClient.invalidateQueries({ queryKey: ['rx', 'visits'] });
          navigate('/rxvisits');
        }}
      />
    );
  }

  return (
    <Stack gap="md">
      {instore ? (
        <Alert color="blue" role="status" data-testid="rx-instore-banner">
          {t('instoreUi.banner', { pharmacy: instore.pharmacy.name })}
        </Alert>
      ) : null}
      {content}
    </Stack>
  );
}
