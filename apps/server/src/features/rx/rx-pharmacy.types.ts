import type {
  PharmacyBulkStatusResult,
  PharmacyRxDetail,
  PharmacyRxSearchResponse,
} from '@apothecall/domain/pharmacy/pharmacy-portal.api';
import type { PharmacyStatus } from '@apothecall/domain/pharmacy/pharmacy-status.rules';
import type { Actor } from '../../platform/actor';
import type { PharmacyStaff } from '../pharmacy/pharmacy.port';

import './rx.events';
import type { RxVisitRecord } from './rx.repo';

/** The pharmacy's side of Rx visits. */
export interface RxPharmacyService {
  /** The pharmacy's unclaimed visits the caller's grant shows, and those not opened yet (Home). */
  unclaimedCounts(actor: Actor): Promise<{ unclaimed: number; unseen: number }>;
  search(
    actor: Actor,
    input: { tab: 'all' | PharmacyStatus; query: string; page: number; pageSize: number },
  ): Promise<Omit<PharmacyRxSearchResponse, 'error'>>;
  detail(actor: Actor, visitId: string): Promise<PharmacyRxDetail>;
  changeStatus(
    actor: Actor,
    visitId: string,
    input: { status: PharmacyStatus; version: number; note: string },
  ): Promise<PharmacyRxDetail>;
  /**
   * Several visits to one status: each goes through the single move of `changeStatus` (same
   * rule, same audit), without reading each visit's detail; per visit, moved or refused and why.
   */
  bulkChangeStatus(
    actor: Actor,
    input: {
      visits: { id: string; version: number }[];
      status: PharmacyStatus;
      note: string;
    },
  ): Promise<PharmacyBulkStatusResult[]>;
  /** 'Submit Payment': the claim fee is taken once, then the visit is the pharmacy's. */
  claim(actor: Actor, visitId: string, input: { version: number }): Promise<PharmacyRxDetail>;
  /** The visit and the claiming pharmacy, for the legal PDF: not found before the claim. */
  visitForPdf(
    actor: Actor,
    visitId: string,
  ): Promise<{ visit: RxVisitRecord; staff: PharmacyStaff }>;
  /**
   * A visit this pharmacy user may see, whether claimed, for the areas that hang their own
   * records on a visit (forms, external codes): 404 otherwise (audited as denied).
   */
  reachableVisit(
    actor: Actor,
    visitId: string,
  ): Promise<{ visit: RxVisitRecord; staff: PharmacyStaff; claimed: boolean }>;
}
