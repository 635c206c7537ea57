import { visitShortRef } from '@apothecall/domain/backoffice/people.api';
import { rxAdminCancellable } from '@apothecall/domain/backoffice/rx-cancel.rules';
import {
  type AdminVisitKind,
  ageMinutes,
  compareAdminVisits,
  type StuckReason,
  stuckReason,
} from '@apothecall/domain/backoffice/stuck-visits.rules';
import type {
  AdminVisitRow,
  AdminVisitsListResponse,
} from '@apothecall/domain/backoffice/visits.api';
import { adminVisitsPageSize } from '@apothecall/domain/backoffice/visits.api';
import { isFinalVisitState, type VisitState } from '@apothecall/domain/care/visits.rules';
import { isFinalRxStatus, isRxVisitStatus } from '@apothecall/domain/rx/rx-status.rules';
import { z } from 'zod';
import type { Actor } from '../../platform/actor';
import type { AuditService } from '../../platform/audit.service';
import { backOfficeGate } from '../../platform/back-office';
import { AppError } from '../../platform/errors';
import type { AccountsPort } from '../accounts/accounts.port';
import type { CarePort } from '../care/care.port';
import type { PharmacyPort } from '../pharmacy/pharmacy.port';
import type { RxPort } from '../rx/rx.port';

/** Rows read per kind before the stuck-first order and the page (the newest unfinished first). */
const readPerKind = 5000;

export interface VisitsAdminService {
  list(
    actor: Actor,
    input: { kind?: AdminVisitKind; status?: string; page: number },
  ): Promise<Omit<AdminVisitsListResponse, 'error'>>;
  cancel(
    actor: Actor,
    visitId: string,
    note: string,
  ): Promise<{ refunded: boolean; prepayReturned: boolean }>;
  reassign(actor: Actor, visitId: string, note: string): Promise<void>;
  /** How many visits are stuck now (the operator's Home; nobody named, nothing audited). */
  stuckCount(actor: Actor): Promise<number>;
}

interface Row {
  id: string;
  accountId: string;
  personId: string;
  kind: AdminVisitKind;
  status: string;
  state: string;
  providerId: string | null;
  pharmacyId: string | null;
  createdAt: number;
  since: number;
  stuck: StuckReason | null;
  final: boolean;
  cancellable: boolean;
}

const videoFinal = (state: string) =>
  ['completed', 'refunded', 'cancelled', 'noShow'].includes(state) &&
  isFinalVisitState(state as VisitState);
const rxFinal = (status: string) => isRxVisitStatus(status) && isFinalRxStatus(status);

/**
 * The back office's visits area: every visit (on-demand and appointment video visits
 * from care, Rx visits from rx) by kind and status, stuck ones first with their reason
 * (domain backoffice/stuck-visits.rules). Admin and support (write on 'visits'); every call is
 * checked here, and every listed visit is audited as a read of its patient's record.
 */
export function createVisitsAdminService(deps: {
  accounts: Pick<AccountsPort, 'membership' | 'persons' | 'displayName'>;
  care: Pick<CarePort, 'adminVisits' | 'adminCancel' | 'adminReassign'>;
  rx: Pick<RxPort, 'adminRxVisits' | 'adminReleaseReview' | 'adminCancel'>;
  pharmacy: Pick<PharmacyPort, 'organization'>;
  audit: AuditService;
  now?: () => Date;
}): VisitsAdminService {
  const now = deps.now ?? (() => new Date());

  const gate = backOfficeGate({ membership: deps.accounts.membership, audit: deps.audit });
  const allowed = (actor: Actor, need: 'read' | 'write') =>
    gate(actor, 'visits', need, `backoffice.visits.${need}`);

  /** An id that is no visit's (not even a uuid) is unknown: 404, as any unknown id. */
  function known(visitId: string): void {
    if (!z.uuid().safeParse(visitId).success) {
      throw new AppError(404, 'NOT_FOUND', 'backoffice.visits.notFound');
    }
  }

  async function rows(
    filter: { kind?: AdminVisitKind; status?: string },
    at: number,
  ): Promise<Row[]> {
    const out: Row[] = [];
    if (filter.kind !== 'rx') {
      const kind = filter.kind;
      for (const v of await deps.care.adminVisits({
        ...(kind ? { kind } : {}),
        ...(filter.status ? { state: filter.status } : {}),
      })) {
        const since = (v.endedAt ?? v.claimedAt ?? v.createdAt).getTime();
        out.push({
          id: v.id,
          accountId: v.accountId,
          personId: v.personId,
          kind: v.kind,
          status: v.state,
          state: v.location,
          providerId: v.providerId,
          pharmacyId: null,
          createdAt: v.createdAt.getTime(),
          since,
          final: videoFinal(v.state),
          // The care area's cancel: waiting (cancelled) or in progress (refunded).
          cancellable: v.state === 'waiting' || v.state === 'inProgress',
          stuck: stuckReason(
            { kind: v.kind, status: v.state, claimed: v.providerId !== null, since },
            at,
          ),
        });
      }
    }
    if (filter.kind === undefined || filter.kind === 'rx') {
      for (const v of await deps.rx.adminRxVisits(
        filter.status ? { status: filter.status } : {},
        readPerKind,
      )) {
        const since = v.updatedAt.getTime();
        out.push({
          id: v.id,
          accountId: v.accountId,
          personId: v.personId,
          kind: 'rx',
          status: v.status,
          state: v.location,
          providerId: v.prescriberId,
          pharmacyId: v.pharmacyId,
          createdAt: v.createdAt.getTime(),
          since,
          final: rxFinal(v.status),
          cancellable: rxAdminCancellable(v.status, v.pharmacyStatus),
          stuck: stuckReason(
            {
              kind: 'rx',
              status: v.status,
              claimed: v.prescriberId !== null,
              since: (v.paidAt ?? v.createdAt).getTime(),
              pharmacyId: v.pharmacyId,
              prescribedAt: v.prescribedAt?.getTime() ?? null,
              pharmacyStatus: v.pharmacyStatus,
            },
            at,
          ),
        });
      }
    }
    return out.sort(compareAdminVisits);
  }

  return {
    async stuckCount(actor) {
      await allowed(actor, 'write');
      return (await rows({}, now().getTime())).filter((row) => row.stuck !== null).length;
    },
    async cancel(actor, visitId, note) {
      await allowed(actor, 'write');
      known(visitId);
      // An Rx visit (domain backoffice/rx-cancel.rules), else a video visit.
      const rx = await deps.rx.adminCancel(actor, visitId, note);
      if (rx) return rx;
      return { ...(await deps.care.adminCancel(actor, visitId, note)), prepayReturned: false };
    },
    async reassign(actor, visitId, note) {
      await allowed(actor, 'write');
      known(visitId);
      // An Rx review a prescriber started goes back to the prescribers' line; else a video visit.
      const rx = await deps.rx.adminReleaseReview(actor, visitId, note);
      if (rx === 'released') return;
      if (rx === 'notStarted') {
        throw new AppError(409, 'BACK_OFFICE_VISIT_NOT_CLAIMED', 'backoffice.visits.notClaimed');
      }
      await deps.care.adminReassign(actor, visitId, note);
    },
    async list(actor, input) {
      await allowed(actor, 'read');
      const at = now().getTime();
      const all = await rows(input, at);
      const offset = (input.page - 1) * adminVisitsPageSize;
      const page = all.slice(offset, offset + adminVisitsPageSize);
      const persons = new Map(
        (await deps.accounts.persons([...new Set(page.map((r) => r.personId))])).map((p) => [
          p.id,
          `${p.firstName} ${p.lastName}`.trim(),
        ]),
      );
      const providerNames = new Map<string, string>();
      for (const id of new Set(page.flatMap((r) => (r.providerId ? [r.providerId] : [])))) {
        providerNames.set(id, (await deps.accounts.displayName(id)) ?? '');
      }
      const pharmacyNames = new Map<string, string>();
      for (const id of new Set(page.flatMap((r) => (r.pharmacyId ? [r.pharmacyId] : [])))) {
        pharmacyNames.set(id, (await deps.pharmacy.organization(id))?.name ?? id);
      }
      await Promise.all(
        page.map((row) =>
          deps.audit.record(
            actor,
            'backoffice.visits.list',
            { accountId: row.accountId, personId: row.personId },
            { visitId: row.id, kind: row.kind },
          ),
        ),
      );
      const visits: AdminVisitRow[] = page.map((row) => ({
        id: row.id,
        ref: visitShortRef(row.id),
        kind: row.kind,
        status: row.status,
        patientName: persons.get(row.personId) ?? '',
        state: row.state,
        provider: row.providerId ? (providerNames.get(row.providerId) ?? null) : null,
        pharmacy: row.pharmacyId ? (pharmacyNames.get(row.pharmacyId) ?? null) : null,
        createdAt: new Date(row.createdAt).toISOString(),
        ageMinutes: ageMinutes(row.since, at),
        stuck: row.stuck,
        final: row.final,
        cancellable: row.cancellable,
      }));
      return { visits, page: input.page, more: all.length > offset + adminVisitsPageSize };
    },
  };
}
