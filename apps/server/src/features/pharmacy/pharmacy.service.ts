import {
  checkAgainstRegistry,
  type RegistryMismatch,
  type RegistryPharmacy,
} from '@apothecall/domain/pharmacy/ncpdp.rules';
import type { PharmacyRepo } from './pharmacy.repo';

/** Registry entries written per statement while importing (a national file has ~70,000). */
export const registryBatch = 500;

export interface RegistryImportResult {
  imported: number;
  verified: number;
  unverified: number;
}

export interface PharmacyService {
  /**
   * Imports registry entries (any number, in batches) and checks every organisation again:
   * a change in the registry verifies or unverifies it.
   */
  importRegistry(
    entries: AsyncIterable<RegistryPharmacy> | Iterable<RegistryPharmacy>,
  ): Promise<RegistryImportResult>;
  /** Checks organisations against the registry; answers how many are verified now. */
  verifyAll(): Promise<{ verified: number; unverified: number }>;
  /** Whether an organisation is verified now, and what did not match. */
  verification(
    organizationId: string,
  ): Promise<{ verified: boolean; mismatches: RegistryMismatch[] } | undefined>;
}

/**
 * Pharmacy organisations and the NCPDP registry: a pharmacy's Rx access needs a verified NCPDP
 * ID whose address, phone and fax match the registry imported from the NPPES file (domain
 * pharmacy/ncpdp.rules.ts).
 */
export function createPharmacyService(deps: {
  repo: PharmacyRepo;
  now?: () => Date;
}): PharmacyService {
  const now = deps.now ?? (() => new Date());

  async function verifyAll() {
    const organizations = await deps.repo.organizations();
    const entries = await deps.repo.registryEntries(organizations.map((o) => o.ncpdpId));
    // Held by the back office (onboarded and not yet verified, or unverified by an operator):
    // a match does not verify them; a mismatch still unverifies anyone.
    const held = await deps.repo.heldByOperator();
    let verified = 0;
    for (const organization of organizations) {
      const check = checkAgainstRegistry(
        organization,
        entries.find((e) => e.ncpdpId === organization.ncpdpId),
      );
      const verifiedNow = check.verified && !held.has(organization.id);
      if (verifiedNow) verified += 1;
      await deps.repo.setVerification(
        organization.id,
        verifiedNow ? (organization.verifiedAt ?? now()) : null,
        check.mismatches,
      );
    }
    return { verified, unverified: organizations.length - verified };
  }

  return {
    async importRegistry(entries) {
      let batch: RegistryPharmacy[] = [];
      let imported = 0;
      const flush = async () => {
        await deps.repo.upsertRegistry(batch, now());
        imported += batch.length;
        batch = [];
      };
      for await (const entry of entries) {
        batch.push(entry);
        if (batch.length >= registryBatch) await flush();
      }
      await flush();
      return { imported, ...(await verifyAll()) };
    },
    verifyAll,
    async verification(organizationId) {
      const organization = await deps.repo.organization(organizationId);
      if (!organization) return undefined;
      return {
        verified: organization.verifiedAt !== null,
        mismatches: organization.mismatches.filter((m): m is RegistryMismatch =>
          ['notListed', 'address', 'phone', 'fax'].includes(m),
        ),
      };
    },
  };
}
