import type { EndVisitInput } from '@apothecall/domain/care/visits.api';
import { checkPrescription } from '@apothecall/domain/rx/medications.rules';
import type { AuditService } from '../../platform/audit.service';
import { AppError } from '../../platform/errors';
import type { VisitRecord } from './care.repo';
import { prescriptionPharmacy } from './clinic-end-visit';
import { storedAnswers } from './clinic-workspace';
import type { VisitRecordsRepo } from './visit-records.repo';

/** A completed visit's prescription, as the end-visit request carries it. */
type PrescriptionOf = NonNullable<EndVisitInput['prescription']>;

/**
 * The domain's prescription rules for an ended visit's prescription (refused: 400, audited as
 * denied), and the pharmacy it goes to: the one chosen, else the visit's.
 */
export async function prescriptionPharmacyOf(
  deps: {
    audit: Pick<AuditService, 'denied'>;
    records: Pick<VisitRecordsRepo, 'pharmacy'>;
  },
  actor: Parameters<AuditService['denied']>[0],
  visit: VisitRecord,
  rx: PrescriptionOf,
): Promise<Record<string, unknown> | null> {
  // The domain's prescription rules, as for an Rx visit: fixed packages (strength and
  // quantity), LDN only with a condition the screening lists, controlled substances...
  const answers = storedAnswers(visit.screening);
  const violations = checkPrescription({
    medications: [{ name: rx.medication, strength: rx.strength, quantity: rx.quantity }],
    // On-demand visits are paid by card or subscription, never by a prepay token.
    prepaid: false,
    state: visit.location,
    currentMedications: answers?.medications ?? [],
    ldnConditions: answers?.ldn?.conditions ?? [],
    takesOpioids: answers?.ldn?.takesOpioids ?? false,
  });
  const first = violations[0];
  if (first) {
    await deps.audit.denied(
      actor,
      'clinic.visit.end',
      { accountId: visit.accountId, personId: visit.personId },
      { visitId: visit.id, rule: first.rule },
    );
    throw new AppError(400, 'PRESCRIPTION_REFUSED', first.key, first.params);
  }
  const chosen = rx.pharmacyNcpdpId ? await deps.records.pharmacy(rx.pharmacyNcpdpId) : undefined;
  if (rx.pharmacyNcpdpId && !chosen) {
    throw new AppError(400, 'VALIDATION', 'errors.invalidField', {
      field: 'pharmacyNcpdpId',
    });
  }
  return chosen ? prescriptionPharmacy(chosen) : visit.pharmacy;
}
