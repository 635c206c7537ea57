import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  checkAgainstRegistry,
  type RegistryPharmacy,
} from '@apothecall/domain/pharmacy/ncpdp.rules';
import { and, eq } from 'drizzle-orm';
import { pharmaciesInNppesFile } from '../../features/pharmacy/registry-import';
import type { Db } from '../client';
import { accounts } from '../schema/accounts';
import { ledger, prepayAccounts } from '../schema/payments';
import { pharmacistGrants, pharmacyOrganizations, pharmacyRegistry } from '../schema/pharmacy';
import { rxPrescriptions, rxVisits } from '../schema/rx';

/**
 * One demo Rx visit on Sunrise's dashboard, so the pharmacy portal is not empty in the demo:
 * the demo patient's acute visit, paid by card, prescribed by the demo provider, waiting to be
 * claimed.
 */
export const demoRxVisitKey = 'demo-sunrise-unclaimed';

/** What the demo pharmacies hold to pay claim fees with: $500.00. */
export const demoPrepayBalanceCents = 50_000;

/**
 * The demo pharmacy whose inbox the start-up text names, with a command that mails it, and the
 * login that reads it under Inbox.
 */
export const demoInbox = {
  organizationId: 'sunrise-pharmacy',
  name: 'Sunrise',
  reader: 'pharmacist@apothecall.test',
} as const;

/** The demo pharmacists' grants (by login): the states whose visits each works. */
export const demoPharmacistGrants: Readonly<Record<string, readonly string[]>> = {
  'pharmacist@apothecall.test': ['FL', 'GA'],
  'lonestar-pharmacist@apothecall.test': ['TX'],
};

/**
 * The NCPDP registry fixture: a few rows of the public NPPES dissemination file, in its layout
 * (two pharmacies with NCPDP IDs, a pharmacy without one, a clinic, a pharmacist). Next to this
 * file in the sources, next to main.js in the bundle (build.mjs copies it).
 */
export const registryFixture = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'nppes-pharmacies.csv',
);

/**
 * The demo pharmacy organisations: Sunrise (the pharmacy brand, verified: its details match the
 * registry, written as people write them; it ships to FL and GA) and Lone Star (its fax
 * differs: unverified).
 */
export const demoPharmacyOrganizations = [
  {
    id: 'sunrise-pharmacy',
    name: 'Sunrise Pharmacy',
    ncpdpId: '1023456',
    npi: '1437250017',
    address1: '1200 Biscayne Boulevard',
    address2: 'Suite 104',
    city: 'Miami',
    state: 'FL',
    zip: '33132',
    phone: '(305) 555-0180',
    fax: '305-555-0181',
    serviceStates: ['FL', 'GA'],
    notifyEmail: 'rx@sunrise-pharmacy.test',
    notifyPhone: null,
  },
  {
    id: 'lone-star-pharmacy',
    name: 'Lone Star Compounding Pharmacy',
    ncpdpId: '4567890',
    npi: '1508866741',
    address1: '88 West Main Street',
    address2: '',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
    phone: '512-555-0199',
    fax: '512-555-0197',
    serviceStates: ['TX'],
    notifyEmail: null,
    // Where its new-visit texts go, kept in E.164 like every number texts go to.
    notifyPhone: '+15125550199',
  },
];

/**
 * A registry pharmacy no organisation was made of: the back office's demo onboards it
 * from the registry in /admin/pharmacies. Seeded next to the NPPES fixture's rows.
 */
export const demoRegistryToOnboard: RegistryPharmacy = {
  ncpdpId: '3141592',
  npi: '1659372145',
  name: 'GULF COAST PHARMACY',
  address1: '410 N DALE MABRY HWY',
  address2: '',
  city: 'TAMPA',
  state: 'FL',
  zip: '33609',
  phone: '8135550142',
  fax: '8135550143',
};

/**
 * Seeds the registry from the fixture and the organisations, each checked against it, with a
 * funded prepay account each, and the demo pharmacists' grants.
 */
export async function seedDemoPharmacies(db: Db): Promise<void> {
  const registry: RegistryPharmacy[] = [];
  for await (const entry of pharmaciesInNppesFile(registryFixture)) registry.push(entry);
  await db.transaction(async (tx) => {
    for (const entry of [...registry, demoRegistryToOnboard]) {
      await tx.insert(pharmacyRegistry).values(entry).onConflictDoNothing();
    }
    for (const organization of demoPharmacyOrganizations) {
      await tx.insert(pharmacyOrganizations).values(organization).onConflictDoNothing();
      const check = checkAgainstRegistry(
        organization,
        registry.find((e) => e.ncpdpId === organization.ncpdpId),
      );
      await tx
        .update(pharmacyOrganizations)
        .set({ verifiedAt: check.verified ? new Date() : null, mismatches: [...check.mismatches] })
        .where(eq(pharmacyOrganizations.id, organization.id));
      await tx
        .insert(prepayAccounts)
        .values({ id: organization.id, balanceCents: demoPrepayBalanceCents })
        .onConflictDoNothing();
    }
    for (const [loginId, states] of Object.entries(demoPharmacistGrants)) {
      const [account] = await tx
        .select({ id: accounts.id, organizationId: accounts.organizationId })
        .from(accounts)
        .where(eq(accounts.loginId, loginId));
      if (!account?.organizationId) continue; // the accounts are seeded first (seedDemo)
      await tx
        .insert(pharmacistGrants)
        .values({
          organizationId: account.organizationId,
          accountId: account.id,
          email: loginId,
          states: [...states],
        })
        .onConflictDoNothing();
    }
  });
  await seedDemoRxVisit(db);
}

async function seedDemoRxVisit(db: Db): Promise<void> {
  const idOf = async (loginId: string) =>
    (await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.loginId, loginId)))[0]
      ?.id;
  const [patient, provider] = [
    await idOf('patient@apothecall.test'),
    await idOf('provider@apothecall.test'),
  ];
  if (!patient || !provider) return;
  const now = new Date();
  await db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: rxVisits.id })
      .from(rxVisits)
      .where(and(eq(rxVisits.accountId, patient), eq(rxVisits.idempotencyKey, demoRxVisitKey)));
    if (existing) return; // already seeded
    // Paid like any visit that reaches a pharmacy: a card charge on the patient's ledger
    // (without it the prescriber could not open the README's change request).
    const [charge] = await tx
      .insert(ledger)
      .values({
        accountId: patient,
        kind: 'charge',
        state: 'succeeded',
        idempotencyKey: demoRxVisitKey,
        fingerprint: `demo:${demoRxVisitKey}`,
        invoiceNumber: 'ACDEMORXSUNRISE',
        amountCents: 3500,
        cardCents: 3500,
        cardBrand: 'visa',
        cardLast4: '1111',
        cardHolder: 'Maria Rivera',
        description: 'Rx visit',
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: ledger.id });
    if (!charge) return; // another instance seeds it
    const [visit] = await tx
      .insert(rxVisits)
      .values({
        accountId: patient,
        personId: patient,
        idempotencyKey: demoRxVisitKey,
        productId: 'acute',
        status: 'rxed',
        location: 'FL',
        evaluation: { fields: [], bmi: null, answers: { medications: 'none' } },
        costCents: 3500,
        paidAt: now,
        ledgerId: charge.id,
        prescriberId: provider,
        claimedAt: now,
        completed: true,
        pharmacyId: 'sunrise-pharmacy',
        pharmacyStatus: 'unclaimed',
        prescribedAt: now,
      })
      .onConflictDoNothing({ target: [rxVisits.accountId, rxVisits.idempotencyKey] })
      .returning({ id: rxVisits.id });
    if (!visit) return; // already seeded
    await tx.insert(rxPrescriptions).values({
      visitId: visit.id,
      prescriberId: provider,
      medication: 'Mupirocin',
      strength: '2 %',
      quantity: 1,
      refills: 0,
      directions: 'Apply to the rash twice a day for 5 days',
    });
  });
}
