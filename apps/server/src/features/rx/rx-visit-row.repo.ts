import { rxVisits } from '../../db/schema/rx';

export interface RxVisitRecord {
  id: string;
  accountId: string;
  personId: string;
  idempotencyKey: string;
  productId: string;
  status: string;
  version: number;
  location: string;
  evaluation: Record<string, unknown>;
  consents: unknown[];
  alarms: string[];
  idPending: boolean;
  attachmentsPending: boolean;
  statusComment: string;
  costCents: number;
  ledgerId: string | null;
  paidAt: Date | null;
  prescriberId: string | null;
  claimedAt: Date | null;
  completed: boolean;
  refillOf: string | null;
  pharmacySeenAt: Date | null;
  prescriptionChangedAt: Date | null;
  pharmacyId: string | null;
  linkId: string | null;
  /** Paid from a prepay program: the prepay area's redemption. */
  prepayRedemptionId: string | null;
  pharmacyStatus: string | null;
  pharmacyNote: string;
  prescribedAt: Date | null;
  claimFeeEntryId: string | null;
  claimFeeCents: number | null;
  erxStatus: string | null;
  /** The pharmacy's in-store assessment the visit continues (attribution). */
  assessmentId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** What a status change writes besides the status (only the fields given change). */
export interface RxVisitChanges {
  idPending?: boolean;
  attachmentsPending?: boolean;
  statusComment?: string;
  ledgerId?: string;
  prepayRedemptionId?: string;
  paidAt?: Date;
  prescriberId?: string;
  claimedAt?: Date;
  completed?: boolean;
  prescriptionChangedAt?: Date;
  pharmacyStatus?: string;
  pharmacyNote?: string;
  prescribedAt?: Date;
  pharmacySeenAt?: Date;
  claimFeeEntryId?: string;
  claimFeeCents?: number;
  erxStatus?: string | null;
  /** The pharmacy's claim (its analytics' time to claim). */
  pharmacyClaimedAt?: Date;
}

export const visitColumns = {
  id: rxVisits.id,
  accountId: rxVisits.accountId,
  personId: rxVisits.personId,
  idempotencyKey: rxVisits.idempotencyKey,
  productId: rxVisits.productId,
  status: rxVisits.status,
  version: rxVisits.version,
  location: rxVisits.location,
  evaluation: rxVisits.evaluation,
  consents: rxVisits.consents,
  alarms: rxVisits.alarms,
  idPending: rxVisits.idPending,
  attachmentsPending: rxVisits.attachmentsPending,
  statusComment: rxVisits.statusComment,
  costCents: rxVisits.costCents,
  ledgerId: rxVisits.ledgerId,
  paidAt: rxVisits.paidAt,
  prescriberId: rxVisits.prescriberId,
  claimedAt: rxVisits.claimedAt,
  completed: rxVisits.completed,
  refillOf: rxVisits.refillOf,
  pharmacySeenAt: rxVisits.pharmacySeenAt,
  prescriptionChangedAt: rxVisits.prescriptionChangedAt,
  pharmacyId: rxVisits.pharmacyId,
  linkId: rxVisits.linkId,
  prepayRedemptionId: rxVisits.prepayRedemptionId,
  pharmacyStatus: rxVisits.pharmacyStatus,
  pharmacyNote: rxVisits.pharmacyNote,
  prescribedAt: rxVisits.prescribedAt,
  claimFeeEntryId: rxVisits.claimFeeEntryId,
  claimFeeCents: rxVisits.claimFeeCents,
  erxStatus: rxVisits.erxStatus,
  assessmentId: rxVisits.assessmentId,
  createdAt: rxVisits.createdAt,
  updatedAt: rxVisits.updatedAt,
};
