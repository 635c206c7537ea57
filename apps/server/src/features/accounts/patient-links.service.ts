import { randomBytes } from 'node:crypto';
import type { AuditService } from '../../platform/audit.service';
import type { PasswordHasher } from '../../platform/passwords';
import type { LinkedPatient, PatientLinksService } from './accounts.port';
import type { AccountsRepo } from './accounts.repo';
import { normalizeLoginId } from './accounts.service';

export type { LinkedPatient, LinkedPatientInput, PatientLinksService } from './accounts.port';

/** Roles that act as patients (an e-mailed link may continue a visit for them). */
const patientRoles: readonly string[] = ['patient', 'tester', 'demo', 'AllAccess', '3rdparty'];

export function createPatientLinksService(deps: {
  repo: AccountsRepo;
  hasher: PasswordHasher;
  audit: AuditService;
}): PatientLinksService {
  async function matched(loginId: string): Promise<LinkedPatient | undefined> {
    const existing = await deps.repo.findByLoginId(loginId);
    if (!existing) return undefined;
    if (
      existing.disabledAt ||
      existing.organizationId !== null ||
      !patientRoles.includes(existing.role)
    ) {
      return { ok: false, reason: 'not-a-patient' };
    }
    return { ok: true, accountId: existing.id, created: false, language: existing.language };
  }

  return {
    async patientForLink(origin, input) {
      const loginId = normalizeLoginId(input.email);
      const found = await matched(loginId);
      if (found) return found;
      // A password nobody knows until the patient chooses one through the link.
      const unusable = await deps.hasher.hash(randomBytes(32).toString('base64url'));
      let accountId: string;
      try {
        accountId = await deps.repo.createAccount({
          brandId: input.brandId,
          loginId,
          passwordHash: unusable,
          holder: {
            relation: 'self',
            firstName: input.firstName,
            lastName: input.lastName,
            dob: input.dob,
            gender: input.gender,
            email: loginId,
            phone: input.phone,
            address: null,
            state: input.state,
            zipCode: null,
            country: '1',
          },
        });
      } catch (error) {
        // Registered at the same moment (another link, or the patient): match that account.
        const raced = await matched(loginId);
        if (raced) return raced;
        throw error;
      }
      await deps.repo.setSettings(accountId, { language: input.language });
      await deps.repo.insertCode({
        accountId,
        purpose: 'reset',
        codeHash: input.codeHash,
        channel: null,
        expiresAt: input.expiresAt,
      });
      await deps.audit.record(
        origin,
        'account.create',
        { accountId, personId: accountId },
        { via: 'in-store-assessment' },
      );
      return { ok: true, accountId, created: true, language: input.language };
    },

    async passwordLinkOpen(codeHash, at) {
      const code = await deps.repo.findCode('reset', codeHash);
      return Boolean(
        code && !code.usedAt && !code.cancelledAt && code.expiresAt.getTime() > at.getTime(),
      );
    },
  };
}
