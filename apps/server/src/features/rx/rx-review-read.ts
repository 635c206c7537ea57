import { packageLines, rxProductById } from '@apothecall/domain/rx/rx-products.rules';
import type { RxReview } from '@apothecall/domain/rx/rx-visits.api';
import { appErrors } from '../../platform/errors';
import type { PharmacyOrganizationRecord } from '../pharmacy/pharmacy.port';
import type { RxVisitRecord } from './rx.repo';
import { isPaid, messageView } from './rx.views';
import { patientFacts } from './rx-patient-access';
import type { RxReviewService } from './rx-review.types';
import type { RxReviewAccess, RxReviewDeps } from './rx-review-access';

/** The evaluation's answers as the review lists them. */
function answersOf(visit: RxVisitRecord) {
  const evaluation = visit.evaluation as {
    fields?: { id: string; section: string; phrase: string; data: string | string[] }[];
    bmi?: number | null;
  };
  return {
    answers: (evaluation.fields ?? []).map((f) => ({
      id: f.id.split(':').pop() ?? f.id,
      section: f.section,
      phrase: f.phrase,
      data: f.data,
    })),
    bmi: evaluation.bmi ?? null,
  };
}

/** The treatment's package and protocol, for the prescription form. */
function packageOf(visit: RxVisitRecord) {
  const product = rxProductById(visit.productId);
  return {
    packageLines: product
      ? packageLines(product).map((line) => ({
          medication: line.medication,
          strength: `${line.strengthMg} mg`,
          quantity: line.quantity,
        }))
      : [],
    protocolId: product?.protocolId ?? null,
  };
}

/** Where the prescription goes, as the review shows it. */
function pharmacyOf(pharmacy: PharmacyOrganizationRecord | undefined): RxReview['pharmacy'] {
  return pharmacy
    ? {
        name: pharmacy.name,
        address: [
          pharmacy.address1,
          pharmacy.address2,
          `${pharmacy.city}, ${pharmacy.state} ${pharmacy.zip}`,
        ]
          .filter((part) => part.trim() !== '')
          .join(', '),
        phone: pharmacy.phone,
        ncpdpId: pharmacy.ncpdpId,
      }
    : null;
}

/**
 * The prescriber's review of a visit (answers, alarms, the patient's earlier visits, messages,
 * a pharmacy's change request) and its ID and attachments through audited reads.
 */
export function createRxReviewRead(
  deps: RxReviewDeps,
  access: RxReviewAccess,
): Pick<RxReviewService, 'review' | 'file'> {
  const { now, reachable, subject } = access;

  return {
    async review(actor, visitId) {
      const visit = await reachable(actor, visitId);
      const person = await deps.accounts.person(visit.personId);
      if (!person) throw appErrors.notFound();
      const earlier = (await deps.repo.visitsOfPerson(visit.personId)).filter(
        (v) => v.id !== visit.id && isPaid(v),
      );
      const [views, messages, notes, link, pharmacy] = await Promise.all([
        deps.views([visit, ...earlier]),
        deps.repo.messagesOf(visit.id),
        visit.pharmacyStatus === 'review' ? deps.repo.statusNotesOf(visit.id) : Promise.resolve([]),
        visit.linkId ? deps.pharmacy.resolveLink(visit.linkId) : Promise.resolve(undefined),
        visit.pharmacyId
          ? deps.pharmacy.organization(visit.pharmacyId)
          : Promise.resolve(undefined),
      ]);
      const request = notes.filter((n) => n.status === 'review').at(-1);
      const [own, ...history] = views;
      if (!own) throw appErrors.notFound();
      await deps.audit.record(actor, 'rx.review.read', subject(visit), {
        visitId: visit.id,
        history: earlier.map((v) => v.id),
      });
      const { answers, bmi } = answersOf(visit);
      return {
        visit: own,
        patient: {
          name: `${person.firstName} ${person.lastName}`,
          dob: person.dob,
          age: patientFacts(person, now()).age,
          gender: person.gender,
          phone: person.phone,
        },
        answers,
        alarms: visit.alarms,
        bmi,
        ...packageOf(visit),
        history,
        messages: messages.map(messageView),
        statusChanged: visit.prescriptionChangedAt !== null,
        changeRequest: request
          ? {
              pharmacyName: pharmacy?.name ?? '',
              reason: request.note,
              requestedAt: request.at.toISOString(),
            }
          : null,
        link: link
          ? { medListId: link.link.medListId ?? '', comment: link.link.comment ?? '' }
          : null,
        pharmacy: pharmacyOf(pharmacy),
      };
    },

    async file(actor, visitId, fileId) {
      const visit = await reachable(actor, visitId);
      const linked = (await deps.repo.filesOf([visit.id])).some((f) => f.fileId === fileId);
      if (!linked) {
        await deps.audit.denied(actor, 'rx.review.file', subject(visit), {
          visitId: visit.id,
          reason: 'not-linked',
        });
        throw appErrors.notFound();
      }
      return deps.files.openFor(actor, fileId, visit.accountId);
    },
  };
}
