import { codeKey, type ExternalCodeView } from '@apothecall/domain/rx-codes/rx-codes.api';
import type { Actor } from '../../platform/actor';
import type { AuditService } from '../../platform/audit.service';
import { AppError } from '../../platform/errors';
import type { PharmacyPort } from '../pharmacy/pharmacy.port';
import type { RxPort } from '../rx/rx.port';
import type { ExternalCodeRecord, RxCodesRepo } from './rx-codes.repo';

export interface RxCodesService {
  get(actor: Actor, visitId: string): Promise<ExternalCodeView>;
  /** Sets (or, with null, clears) the visit's code. */
  set(actor: Actor, visitId: string, code: string | null): Promise<ExternalCodeView>;
  /** The visit of the caller's pharmacy with this code (and that the caller may see), or 404. */
  find(actor: Actor, code: string): Promise<{ visitId: string; code: string }>;
}

/**
 * External visit codes: a pharmacy's own reference for an Rx visit it claimed, unique
 * within the pharmacy ignoring case. The rx port decides who may see a visit (its pharmacy's
 * staff within their grant; anyone else 404), so another pharmacy neither reads nor sets a code.
 * A code names a patient's prescription: reads, changes and look-ups are audited, by ids (the
 * code itself stays out of the audit trail and the logs).
 */
export function createRxCodesService(deps: {
  repo: RxCodesRepo;
  rx: Pick<RxPort, 'pharmacyVisit'>;
  pharmacy: Pick<PharmacyPort, 'verifiedStaff'>;
  audit: AuditService;
  now?: () => Date;
}): RxCodesService {
  const now = deps.now ?? (() => new Date());
  const subject = (visit: { accountId: string; personId: string }) => ({
    accountId: visit.accountId,
    personId: visit.personId,
  });
  const view = (visitId: string, row: ExternalCodeRecord | undefined): ExternalCodeView => ({
    visitId,
    code: row?.code ?? null,
    updatedAt: row ? row.updatedAt.toISOString() : null,
  });

  return {
    async get(actor, visitId) {
      const visit = await deps.rx.pharmacyVisit(actor, visitId);
      const organizationId = visit.staff.organization.id;
      const row = await deps.repo.ofVisit(visit.id, organizationId);
      await deps.audit.record(actor, 'rxCodes.read', subject(visit), {
        visitId: visit.id,
        organizationId,
      });
      return view(visit.id, row);
    },

    async set(actor, visitId, code) {
      const visit = await deps.rx.pharmacyVisit(actor, visitId);
      if (!visit.claimed) throw new AppError(409, 'PHARMACY_NOT_CLAIMED', 'rxCodes.claimFirst');
      const organizationId = visit.staff.organization.id;
      if (code === null) {
        const cleared = await deps.repo.clear(visit.id, organizationId);
        await deps.audit.record(actor, 'rxCodes.clear', subject(visit), {
          visitId: visit.id,
          organizationId,
          cleared,
        });
        return view(visit.id, undefined);
      }
      const saved = await deps.repo.set({
        visitId: visit.id,
        organizationId,
        code,
        codeKey: codeKey(code),
        setBy: actor.accountId,
        updatedAt: now(),
      });
      if (saved === 'taken') {
        throw new AppError(409, 'RX_CODE_TAKEN', 'rxCodes.taken', { code });
      }
      await deps.audit.record(actor, 'rxCodes.set', subject(visit), {
        visitId: visit.id,
        organizationId,
      });
      return view(visit.id, saved);
    },

    async find(actor, code) {
      const notFound = () => new AppError(404, 'NOT_FOUND', 'rxCodes.notFound', { code });
      const staff = await deps.pharmacy.verifiedStaff(actor);
      const row = await deps.repo.byKey(staff.organization.id, codeKey(code));
      if (!row) {
        await deps.audit.record(actor, 'rxCodes.find', null, {
          organizationId: staff.organization.id,
          found: false,
        });
        throw notFound();
      }
      // The visit must be one this user's grant shows (the rx port answers 404 otherwise).
      const visit = await deps.rx.pharmacyVisit(actor, row.visitId);
      await deps.audit.record(actor, 'rxCodes.find', subject(visit), {
        organizationId: staff.organization.id,
        visitId: visit.id,
        found: true,
      });
      return { visitId: visit.id, code: row.code };
    },
  };
}
