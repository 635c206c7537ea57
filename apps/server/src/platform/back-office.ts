import { type BackOfficeArea, mayBackOffice } from '@apothecall/domain/backoffice/backoffice.rules';
import type { Actor } from './actor';
import type { AuditService } from './audit.service';
import { AppError } from './errors';

/** The caller's login as the back-office check needs it (the accounts port's membership). */
export type BackOfficeMembership = (
  accountId: string,
) => Promise<{ role: string; disabled?: boolean | undefined } | undefined>;

/**
 * The back office's one access check: the caller's role, read fresh from their
 * login, must have `need` in `area` (domain backoffice.rules `mayBackOffice`), and the login must
 * be enabled. Anyone else is refused 403 `BACK_OFFICE_REFUSED` ("Your role may not use this part
 * of the back office.", in the caller's language) and the refusal is audited as `denied` under
 * `action` (default `backoffice.{area}`). Every back-office service calls it first, on every call:
 * features may not import each other, so it lives here and takes the membership lookup.
 */
export function backOfficeGate(deps: {
  membership: BackOfficeMembership;
  audit: Pick<AuditService, 'denied'>;
}) {
  return async function allow(
    actor: Actor,
    area: BackOfficeArea,
    need: 'read' | 'write',
    action = `backoffice.${area}`,
  ): Promise<void> {
    const member = await deps.membership(actor.accountId);
    if (member && !member.disabled && mayBackOffice(member.role, area, need)) return;
    await deps.audit.denied(actor, action, null, { need });
    throw new AppError(403, 'BACK_OFFICE_REFUSED', 'backoffice.refused');
  };
}
