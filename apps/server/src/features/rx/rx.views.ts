import type { VisitAssessment } from '@apothecall/domain/assessments/assessment.api';
import {
  isPharmacyStatus,
  noteRuleFor,
  type PharmacyStatus,
} from '@apothecall/domain/pharmacy/pharmacy-status.rules';
import type { VisitPrepay } from '@apothecall/domain/prepay/prepay.api';
import { productConsents, type RxProduct } from '@apothecall/domain/rx/rx-products.rules';
import type { RxVisitStatus } from '@apothecall/domain/rx/rx-status.rules';
import { isRxVisitStatus } from '@apothecall/domain/rx/rx-status.rules';
import type {
  RxMessage,
  RxPrescription,
  RxProductView,
  RxVisitFile,
  RxVisitView,
} from '@apothecall/domain/rx/rx-visits.api';
import type { RxVisitSnapshot } from './rx.events';
import type { RxMessageRecord, RxPrescriptionRecord, RxVisitRecord } from './rx.repo';

/** A product as the catalogue answers it: keys for the texts, the form as data. */
export function productView(product: RxProduct): RxProductView {
  return {
    id: product.id,
    category: product.category,
    nameKey: product.nameKey,
    descriptionKey: product.descriptionKey,
    priceCents: product.priceCents,
    protocolId: product.protocolId ?? null,
    birthGender: product.birthGender ?? null,
    consentDocuments: productConsents(product).map((d) => ({
      id: d.id,
      titleKey: d.titleKey,
      versionDate: d.versionDate,
      bodyKey: d.bodyKey,
    })),
    questions: product.questions.map((q) => ({
      id: q.id,
      section: q.section,
      kind: q.kind,
      phraseKey: q.phraseKey,
      options: q.options
        ? q.options.map((o) => ({
            id: o.id,
            labelKey: o.labelKey ?? null,
            label: o.label ?? null,
            gender: o.gender ?? null,
            asksAttachment: o.asksAttachment ?? false,
          }))
        : null,
      branch: q.branch ? { questionId: q.branch.questionId, equals: q.branch.equals } : null,
      required: q.required,
    })),
  };
}

export function statusOf(visit: Pick<RxVisitRecord, 'status'>): RxVisitStatus {
  if (!isRxVisitStatus(visit.status)) throw new Error('rx_visits row holds an unknown status');
  return visit.status;
}

export function prescriptionView(p: RxPrescriptionRecord): RxPrescription {
  const pharmacy = p.pharmacy && typeof p.pharmacy.ncpdpId === 'string' ? p.pharmacy.ncpdpId : null;
  return {
    id: p.id,
    medication: p.medication,
    strength: p.strength,
    quantity: p.quantity,
    refills: p.refills,
    directions: p.directions,
    pharmacy,
    writtenAt: p.createdAt.toISOString(),
  };
}

/** The visit as its patient (and its prescriber) sees it. */
export function visitView(
  visit: RxVisitRecord,
  extra: {
    patientName: string;
    files: readonly RxVisitFile[];
    prescriptions: readonly RxPrescriptionRecord[];
    pharmacyName: string | null;
    prepay?: VisitPrepay | undefined;
    /** The in-store assessment it continues. */
    assessment?: VisitAssessment | undefined;
  },
): RxVisitView {
  const status = statusOf(visit);
  const pharmacyStatus = pharmacyStatusOf(visit);
  return {
    id: visit.id,
    patientId: visit.personId,
    patientName: extra.patientName,
    productId: visit.productId,
    status,
    version: visit.version,
    state: visit.location,
    cost: visit.costCents,
    paid: isPaid(visit),
    idPending: visit.idPending,
    attachmentsPending: visit.attachmentsPending,
    statusComment: status === 'exit' ? visit.statusComment : '',
    completed: visit.completed,
    refillOf: visit.refillOf,
    createdAt: visit.createdAt.toISOString(),
    files: [...extra.files],
    prescriptions: extra.prescriptions.map(prescriptionView),
    pharmacy:
      visit.pharmacyId && extra.pharmacyName !== null
        ? { id: visit.pharmacyId, name: extra.pharmacyName }
        : null,
    pharmacyStatus,
    // Fulfilment notes are written to the patient; other notes stay between the professionals.
    pharmacyNote:
      pharmacyStatus && noteRuleFor(pharmacyStatus) === 'optional' ? visit.pharmacyNote : '',
    prepay: extra.prepay ?? null,
    assessment: extra.assessment ?? null,
  };
}

/** Paid by card (a ledger charge) or from a prepay program (a redemption). */
export function isPaid(visit: Pick<RxVisitRecord, 'ledgerId' | 'prepayRedemptionId'>): boolean {
  return visit.ledgerId !== null || visit.prepayRedemptionId !== null;
}

export function pharmacyStatusOf(
  visit: Pick<RxVisitRecord, 'pharmacyStatus'>,
): PharmacyStatus | null {
  if (visit.pharmacyStatus === null) return null;
  if (!isPharmacyStatus(visit.pharmacyStatus)) {
    throw new Error('rx_visits row holds an unknown pharmacy status');
  }
  return visit.pharmacyStatus;
}

export function messageView(m: RxMessageRecord): RxMessage {
  return {
    id: m.id,
    visitId: m.visitId,
    from: m.fromRole === 'prescriber' ? 'prescriber' : 'patient',
    text: m.text,
    attachments: m.attachments,
    sent: m.sent.toISOString(),
  };
}

/** The visit as a change left it, for the area's event (rx.events.ts). */
export function visitSnapshot(visit: RxVisitRecord): RxVisitSnapshot {
  return {
    id: visit.id,
    accountId: visit.accountId,
    version: visit.version,
    status: statusOf(visit),
    pharmacyStatus: pharmacyStatusOf(visit),
    prescriberId: visit.prescriberId,
    location: visit.location,
    pharmacyId: visit.pharmacyId,
  };
}
