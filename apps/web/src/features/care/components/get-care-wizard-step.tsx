import { newIdempotencyKey } from '../../../lib/payments/idempotency';
import type { GetCareWizardState } from '../hooks/use-get-care-wizard';
import { GetCareConsentStep } from './get-care-consent-step';
import { getCareSteps, patientChange, reasonChange, stateChange } from './get-care-draft';
import { GetCareLocationStep } from './get-care-location-step';
import { GetCarePatientStep } from './get-care-patient-step';
import { GetCarePaymentStep } from './get-care-payment-step';
import { GetCarePharmacyStep } from './get-care-pharmacy-step';
import { GetCareReasonStep } from './get-care-reason-step';
import { GetCareScreeningStep } from './get-care-screening-step';
import { GetCareStopped } from './get-care-stopped';

const total = getCareSteps.length;

/**
 * The step the wizard is at, up to the screening (or the stop when the screening failed); the
 * later steps are GetCareLaterStep.
 */
export function GetCareWizardStep({ wizard }: { wizard: GetCareWizardState }) {
  const { users, draft, update, reset, index, step, go, back, patientName, failures, setFailures } =
    wizard;
  if (failures) {
    return (
      <GetCareStopped
        failures={failures}
        onStartOver={() => {
          setFailures(null);
          reset();
        }}
      />
    );
  }
  if (step === 'patient') {
    return (
      <GetCarePatientStep
        index={index}
        total={total}
        users={users}
        patientId={draft.patientId}
        onContinue={(patientId) => go('reason', patientChange(draft, patientId))}
      />
    );
  }
  if (step === 'reason') {
    return (
      <GetCareReasonStep
        index={index}
        total={total}
        reason={draft.reason}
        notes={draft.notes}
        onBack={back}
        onContinue={(reason, notes) => go('location', reasonChange(draft, reason, notes))}
      />
    );
  }
  if (step === 'location' && draft.patientId) {
    return (
      <GetCareLocationStep
        index={index}
        total={total}
        patientId={draft.patientId}
        patientName={patientName}
        onBack={back}
        onContinue={(state) => go('screening', stateChange(draft, state))}
      />
    );
  }
  if (step === 'screening' && draft.patientId && draft.reason) {
    return (
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
  }
  return <GetCareLaterStep wizard={wizard} />;
}

/** The steps after the screening: consent and phone, the pharmacy, the checkout. */
function GetCareLaterStep({ wizard }: { wizard: GetCareWizardState }) {
  const { draft, update, index, step, go, back, patientName, started } = wizard;
  if (step === 'consent' && draft.state) {
    return (
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
  }
  if (step === 'pharmacy' && draft.state) {
    return (
      <GetCarePharmacyStep
        index={index}
        total={total}
        state={draft.state}
        pharmacy={draft.pharmacy}
        onBack={back}
        onContinue={(pharmacy) => go('payment', { pharmacy })}
      />
    );
  }
  if (step === 'payment' && draft.patientId && draft.reason && draft.state && draft.screenResult) {
    return (
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
  return null;
}
