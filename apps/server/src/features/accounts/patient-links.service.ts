import { randomBytes } from 'node:crypto';
import type { RequestOrigin } from '../../platform/actor';
import type { AuditService } from '../../platform/audit.service';
import type { PasswordHasher } from '../../platform/passwords';
import type { AccountsRepo } from './accounts.repo';
import { normalizeLoginId } from './accounts.service';

/** Roles that act as patients (an e-mailed link may continue a visit for them). */
const patientRoles: readonly string[] = ['patient', 'tester', 'demo', 'AllAccess', '3rdparty'];

/** The patient a pharmacy's in-store assessment is for (issue 20), as the pharmacist typed it. */
export interface LinkedPatientInput {
  email: string;
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD, an adult's (the assessment's schema checked the age). */
  dob: string;
  gender: string;
  phone: string;
  /** The state the patient is in (kept as the holder's state when the account is made). */
  state: string;
  brandId: string;
  /** The language the account starts with (the pharmacist's, when the account is made). */
  language: string;
  /**
   * The SHA-256 of the e-mailed link's code and its expiry: for a made account the same code is
   * its password link (a reset code), so the patient chooses a password from the e-mail.
   */
  codeHash: string;
  expiresAt: Date;
}

export type LinkedPatient =
  | { ok: true; accountId: string; created: boolean; language: string }
  | { ok: false; reason: 'not-a-patient' };

export interface PatientLinksService {
  /**
   * The account a pharmacy's e-mailed link is for: matched by its e-mail (a patient's, enabled),
   * or made for the patient with a password nobody knows and a set-your-password code (the
   * reset code of password help, valid until the link expires). A staff, service or closed
   * login is refused: a link never signs anyone into it.
   */
  patientForLink(origin: RequestOrigin, input: LinkedPatientInput): Promise<LinkedPatient>;
  /** Whether the link's code still sets the account's password (made, not chosen yet). */
  passwordLinkOpen(codeHash: string, at: Date): Promise<boolean>;
}

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
