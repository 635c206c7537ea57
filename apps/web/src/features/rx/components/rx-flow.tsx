import type { InstoreStart } from '@apothecall/domain/assessments/assessment.api';
import { link } from '@apothecall/domain/navigation/links';
import { rxProductById } from '@apothecall/domain/rx/rx-products.rules';
import type { RxProductView } from '@apothecall/domain/rx/rx-visits.api';
import { Alert, Loader, Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useT } from '../../../lib/i18n';
import { clearHeldPrepayCode } from '../../../lib/prepay-code-store';
import { useHeldPrepay } from '../../../lib/prepay-offer';
import type { StoredSession } from '../../../lib/session-store';
import type { ProductInfoLink } from '../api/get-product-info';
import { useRefreshRxVisits } from '../api/get-rx-visits';
import { RxConsentsStep } from './rx-consents-step';
import { errorText, stateLabel, textOf } from './rx-format';
import { RxPatientStep } from './rx-patient-step';
import { RxPaymentStep } from './rx-payment-step';
import { pharmacyName } from './rx-pharmacy-choice';
import { RxPharmacyStep } from './rx-pharmacy-step';
import { RxQuestionsStep } from './rx-questions-step';
import { RxStateStep } from './rx-state-step';
import { RxStopped } from './rx-stopped';
import { type RxFlowState, useRxFlow } from './use-rx-flow';

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
   * A pharmacy's in-store assessment link: the visit is the account holder's, goes to
   * that pharmacy (no pharmacy step), and starts with the answers the intake holds.
   */
  instore?: (InstoreStart & { code: string }) | null;
}) {
  const t = useT();
  const flow = useRxFlow({ session, product, instore });
  return (
    <Stack gap="md">
      {instore ? (
        <Alert color="blue" role="status" data-testid="rx-instore-banner">
          {t('instoreUi.banner', { pharmacy: instore.pharmacy.name })}
        </Alert>
      ) : null}
      <RxFlowStep flow={flow} product={product} link={link} instore={instore} />
    </Stack>
  );
}

/** The step the flow is at (or the stop, when the evaluation stopped it). */
function RxFlowStep({
  flow,
  product,
  link,
  instore,
}: {
  flow: RxFlowState;
  product: RxProductView;
  link: ProductInfoLink | null;
  instore: (InstoreStart & { code: string }) | null;
}) {
  const { step, index, total, patientId, state } = flow;
  // A held prepay code may name the pharmacies the prescription must go to.
  const prepayOffer = useHeldPrepay()?.offer ?? null;
  if (flow.stopped) return <RxStopped message={flow.stopped} onStartOver={flow.startOver} />;
  if (step === 'patient') {
    return (
      <RxPatientStep
        index={index}
        total={total}
        users={flow.users}
        patientId={patientId}
        onContinue={flow.choosePatient}
      />
    );
  }
  if (step === 'state' && patientId) {
    return (
      <RxStateStep
        index={index}
        total={total}
        patientId={patientId}
        patientName={flow.patientName}
        problem={flow.stateProblem}
        onBack={flow.back}
        onContinue={flow.confirmState}
      />
    );
  }
  if (step === 'pharmacy' && state) {
    return (
      <RxPharmacyStep
        index={index}
        total={total}
        state={state}
        link={flow.linkRefused ? null : link}
        offer={prepayOffer}
        onRemoveCode={clearHeldPrepayCode}
        pick={flow.pharmacy}
        problem={flow.pharmacyProblem}
        onBack={flow.back}
        onContinue={flow.pickPharmacy}
      />
    );
  }
  if (step === 'consents') return <RxFlowConsents flow={flow} product={product} />;
  if (step === 'questions') return <RxFlowQuestions flow={flow} product={product} />;
  if (step === 'payment') return <RxFlowPayment flow={flow} product={product} instore={instore} />;
  return null;
}

/** The treatment's consent documents to accept. */
function RxFlowConsents({ flow, product }: { flow: RxFlowState; product: RxProductView }) {
  const t = useT();
  return (
    <RxConsentsStep
      index={flow.index}
      total={flow.total}
      product={product}
      productName={textOf(t, product.nameKey)}
      patientName={flow.patientName}
      accepted={flow.consents}
      onBack={flow.back}
      onContinue={flow.acceptConsents}
    />
  );
}

/** The evaluation, once the patient's birth date and gender are known. */
function RxFlowQuestions({ flow, product }: { flow: RxFlowState; product: RxProductView }) {
  const t = useT();
  const rules = rxProductById(product.id);
  if (!rules) return null;
  if (flow.facts === null) {
    return flow.family.isError ? (
      <Alert color="red" role="alert">
        {errorText(t, flow.family.error)}
      </Alert>
    ) : (
      <Loader role="status" size="sm" aria-label={t('shell.loading')} />
    );
  }
  return (
    <RxQuestionsStep
      index={flow.index}
      total={flow.total}
      product={rules}
      patient={flow.facts}
      answers={flow.answers}
      submitting={flow.submitting}
      problem={flow.submitProblem}
      onChange={flow.setAnswers}
      onBack={flow.back}
      onStopped={(key) => flow.setStopped(t(key))}
      onPassed={flow.submit}
    />
  );
}

/** The visit created, to pay; paid, the visit list. */
function RxFlowPayment({
  flow,
  product,
  instore,
}: {
  flow: RxFlowState;
  product: RxProductView;
  instore: (InstoreStart & { code: string }) | null;
}) {
  const t = useT();
  const navigate = useNavigate();
  const refreshVisits = useRefreshRxVisits();
  const { visit } = flow;
  if (!visit) return null;
  return (
    <RxPaymentStep
      index={flow.index}
      total={flow.total}
      visit={visit}
      summary={[
        [t('rxScreens.pay.summaryPatient'), flow.patientName],
        [t('rxScreens.pay.summaryProduct'), textOf(t, product.nameKey)],
        [t('rxScreens.pay.summaryState'), stateLabel(t, visit.state)],
        [
          t('rxScreens.pay.summaryPharmacy'),
          instore?.pharmacy.name ??
            pharmacyName(flow.pharmacy) ??
            t('rxScreens.pharmacy.noneShort'),
        ],
      ]}
      onPaid={() => {
        refreshVisits();
        navigate(link('/rxvisits'));
      }}
    />
  );
}
