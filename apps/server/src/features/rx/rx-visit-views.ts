import type { RxVisitView } from '@apothecall/domain/rx/rx-visits.api';
import type { AccountsPort } from '../accounts/accounts.port';
import type { AssessmentsPort } from '../assessments/assessments.port';
import type { PharmacyPort } from '../pharmacy/pharmacy.port';
import type { PrepayPort } from '../prepay/prepay.port';
import type { RxRepo, RxVisitRecord } from './rx.repo';
import { visitView } from './rx.views';

export type RxViewLoader = (visits: readonly RxVisitRecord[]) => Promise<RxVisitView[]>;

/**
 * Builds the views of several visits with two reads whatever their number: the people's names,
 * and the visits' files and prescriptions (one statement); and, when some visits have them,
 * their pharmacies, prepaid programs and in-store assessments.
 */
export function createRxViewLoader(deps: {
  repo: Pick<RxRepo, 'recordsOf'>;
  accounts: Pick<AccountsPort, 'persons'>;
  pharmacy: Pick<PharmacyPort, 'organizationsIn'>;
  prepay: Pick<PrepayPort, 'visitPrepay'>;
  /** The in-store assessments visits continue: intake and pharmacy. */
  assessments: Pick<AssessmentsPort, 'forVisits'>;
}): RxViewLoader {
  return async (visits) => {
    if (visits.length === 0) return [];
    const ids = visits.map((v) => v.id);
    const pharmacyIds = [...new Set(visits.flatMap((v) => (v.pharmacyId ? [v.pharmacyId] : [])))];
    const prepaid = visits.flatMap((v) => (v.prepayRedemptionId ? [`rx:${v.id}`] : []));
    const assessed = visits.flatMap((v) => (v.assessmentId ? [v.assessmentId] : []));
    const [people, { files, prescriptions }, pharmacies, prepay, assessments] = await Promise.all([
      deps.accounts.persons(visits.map((v) => v.personId)),
      deps.repo.recordsOf(ids),
      deps.pharmacy.organizationsIn(pharmacyIds),
      prepaid.length > 0 ? deps.prepay.visitPrepay(prepaid) : Promise.resolve(new Map()),
      assessed.length > 0 ? deps.assessments.forVisits(assessed) : Promise.resolve(new Map()),
    ]);
    return visits.map((visit) => {
      const person = people.find((p) => p.id === visit.personId);
      return visitView(visit, {
        patientName: person ? `${person.firstName} ${person.lastName}` : '',
        files: files
          .filter((f) => f.visitId === visit.id)
          .map((f) => ({
            id: f.fileId,
            docType: f.docType === 'id' ? ('id' as const) : ('attachment' as const),
            name: f.name,
            type: f.contentType,
            uploadedAt: f.createdAt.toISOString(),
          })),
        prescriptions: prescriptions.filter((p) => p.visitId === visit.id),
        pharmacyName: pharmacies.find((o) => o.id === visit.pharmacyId)?.name ?? null,
        prepay: prepay.get(`rx:${visit.id}`),
        assessment: visit.assessmentId ? assessments.get(visit.assessmentId) : undefined,
      });
    });
  };
}
