import { eq, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { accounts, persons } from '../schema/accounts';
import { referrals } from '../schema/brands';
import { ledger, prepayAccounts, prepayEntries } from '../schema/payments';
import { pharmacyLinks } from '../schema/pharmacy';
import { rxPrescriptions, rxStatusNotes, rxVisits } from '../schema/rx';

const day = 86_400_000;
const minute = 60_000;
const sunrise = 'sunrise-pharmacy';

/**
 * Demo data for Sunrise's analytics, so /#/analytics shows real figures in the demo:
 * the pharmacy's own referral code, an Rx link, two fictional customers (one joined with the
 * code) and four of their Rx visits from the last ten days: one picked up (claimed 18 minutes
 * after it arrived), one claimed (47 minutes), one voided, one not paid. The card charges and the
 * claim fees are real ledger and prepay rows, so every figure adds up. Idempotent: nothing
 * happens once the first customer exists.
 */
export const demoAnalytics = {
  referralCode: 'SUNRISE10',
  linkId: 'sunrisedemoacute',
  /** Minutes from arrival to claim of the two claimed visits. */
  claimMinutes: [18, 47],
  customers: [
    {
      loginId: 'casey.moreno@apothecall.test',
      firstName: 'Casey',
      lastName: 'Moreno',
      dob: '1991-05-17',
      gender: 'F' as const,
      brandId: sunrise,
      referredBy: 'SUNRISE10',
    },
    {
      loginId: 'jordan.lee@apothecall.test',
      firstName: 'Jordan',
      lastName: 'Lee',
      dob: '1986-10-02',
      gender: 'M' as const,
      brandId: 'apothecall',
      referredBy: null,
    },
  ],
} as const;

export async function seedDemoAnalytics(
  db: Db,
  passwordHash: string,
  claimFeeCents = 500,
  now: Date = new Date(),
): Promise<void> {
  const ago = (days: number, plusMinutes = 0) =>
    new Date(now.getTime() - days * day + plusMinutes * minute);
  const idOf = async (loginId: string) =>
    (await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.loginId, loginId)))[0];
  const provider = await idOf('provider@apothecall.test');
  const pharmacist = await idOf('pharmacist@apothecall.test');
  if (!provider || !pharmacist) return;
  await db.transaction(async (tx) => {
    await tx
      .insert(referrals)
      .values({
        code: demoAnalytics.referralCode,
        brandId: sunrise,
        title: 'Sunrise neighbours',
        message: 'Your visit is $30 with Sunrise Pharmacy.',
        linkMessage: 'Share Sunrise Pharmacy',
        priceCents: 3000,
      })
      .onConflictDoNothing();
    const ids: string[] = [];
    for (const customer of demoAnalytics.customers) {
      const [created] = await tx
        .insert(accounts)
        .values({
          brandId: customer.brandId,
          loginId: customer.loginId,
          passwordHash,
          role: 'patient',
          referredBy: customer.referredBy,
        })
        .onConflictDoNothing({ target: accounts.loginId })
        .returning({ id: accounts.id });
      if (!created) return; // already seeded
      ids.push(created.id);
      await tx.insert(persons).values({
        id: created.id,
        accountId: created.id,
        relation: 'self',
        firstName: customer.firstName,
        lastName: customer.lastName,
        dob: customer.dob,
        gender: customer.gender,
        email: customer.loginId,
        state: 'FL',
        zipCode: '33132',
      });
    }
    const [casey, jordan] = ids as [string, string];
    await tx
      .insert(pharmacyLinks)
      .values({
        id: demoAnalytics.linkId,
        organizationId: sunrise,
        screenId: 'acute',
        comment: 'Counter flyer',
        createdAt: ago(20),
      })
      .onConflictDoNothing();

    const charge = async (accountId: string, key: string, cents: number, at: Date) => {
      const [row] = await tx
        .insert(ledger)
        .values({
          accountId,
          kind: 'charge',
          state: 'succeeded',
          idempotencyKey: key,
          fingerprint: `demo:${key}`,
          invoiceNumber: `ACDEMO${key
            .replace(/[^A-Za-z0-9]/g, '')
            .slice(0, 14)
            .toUpperCase()}`,
          amountCents: cents,
          cardCents: cents,
          cardBrand: 'visa',
          cardLast4: '1111',
          cardHolder: 'Demo Customer',
          description: 'Rx visit',
          createdAt: at,
          updatedAt: at,
        })
        .returning({ id: ledger.id });
      return row?.id ?? null;
    };
    const visit = async (input: {
      key: string;
      accountId: string;
      productId: string;
      startedDaysAgo: number;
      linkId: string | null;
      brandId: string;
      paidCents: number | null;
      prescribedAfterMinutes?: number;
      claimAfterMinutes?: number;
      pharmacyStatus?: string;
      pharmacyNote?: string;
    }) => {
      const started = ago(input.startedDaysAgo);
      const paidAt = input.paidCents === null ? null : new Date(started.getTime() + 5 * minute);
      const ledgerId =
        input.paidCents === null || !paidAt
          ? null
          : await charge(input.accountId, input.key, input.paidCents, paidAt);
      const prescribedAt =
        input.prescribedAfterMinutes === undefined
          ? null
          : new Date(started.getTime() + input.prescribedAfterMinutes * minute);
      const claimedAt =
        prescribedAt && input.claimAfterMinutes !== undefined
          ? new Date(prescribedAt.getTime() + input.claimAfterMinutes * minute)
          : null;
      const [row] = await tx
        .insert(rxVisits)
        .values({
          accountId: input.accountId,
          personId: input.accountId,
          idempotencyKey: input.key,
          productId: input.productId,
          status: prescribedAt ? 'rxed' : 'pendingMedPayment',
          version: prescribedAt ? 4 : 0,
          location: 'FL',
          evaluation: { fields: [], bmi: null, answers: { medications: 'none' } },
          costCents: input.paidCents ?? 3500,
          ledgerId,
          paidAt,
          prescriberId: prescribedAt ? provider.id : null,
          claimedAt: prescribedAt ? new Date(prescribedAt.getTime() - 20 * minute) : null,
          completed: prescribedAt !== null,
          pharmacyId: sunrise,
          linkId: input.linkId,
          pharmacyStatus: prescribedAt ? (input.pharmacyStatus ?? 'unclaimed') : null,
          pharmacyNote: input.pharmacyNote ?? '',
          prescribedAt,
          pharmacySeenAt: prescribedAt ? new Date(prescribedAt.getTime() + 2 * minute) : null,
          pharmacyClaimedAt: claimedAt,
          brandId: input.brandId,
          createdAt: started,
          updatedAt: claimedAt ?? prescribedAt ?? started,
        })
        .returning({ id: rxVisits.id });
      if (!row || !prescribedAt) return;
      await tx.insert(rxPrescriptions).values({
        visitId: row.id,
        prescriberId: provider.id,
        medication: 'Mupirocin',
        strength: '2 %',
        quantity: 1,
        refills: 0,
        directions: 'Apply to the rash twice a day for 5 days',
        createdAt: prescribedAt,
      });
      if (!claimedAt) return;
      // The claim fee, as the claim takes it: a prepay entry and the balance, once.
      const [entry] = await tx
        .insert(prepayEntries)
        .values({
          prepayAccountId: sunrise,
          amountCents: -claimFeeCents,
          kind: 'claimFee',
          idempotencyKey: `claim:${row.id}:demo`,
          relatedId: row.id,
          description: 'Rx visit claim fee',
          createdAt: claimedAt,
        })
        .returning({ id: prepayEntries.id });
      await tx
        .update(prepayAccounts)
        .set({ balanceCents: sql`${prepayAccounts.balanceCents} - ${claimFeeCents}` })
        .where(eq(prepayAccounts.id, sunrise));
      await tx
        .update(rxVisits)
        .set({ claimFeeEntryId: entry?.id ?? null, claimFeeCents })
        .where(eq(rxVisits.id, row.id));
      await tx.insert(rxStatusNotes).values({
        visitId: row.id,
        status: 'claimed',
        byRole: 'pharmacy',
        accountId: pharmacist.id,
        at: claimedAt,
      });
    };

    await visit({
      key: 'demo-analytics-1',
      accountId: casey,
      productId: 'acute',
      startedDaysAgo: 9,
      linkId: demoAnalytics.linkId,
      brandId: sunrise,
      paidCents: 3000,
      prescribedAfterMinutes: 120,
      claimAfterMinutes: demoAnalytics.claimMinutes[0],
      pharmacyStatus: 'picked-up',
      pharmacyNote: 'Picked up at the counter',
    });
    await visit({
      key: 'demo-analytics-2',
      accountId: jordan,
      productId: 'acute',
      startedDaysAgo: 6,
      linkId: null,
      brandId: 'apothecall',
      paidCents: 3500,
      prescribedAfterMinutes: 180,
      claimAfterMinutes: demoAnalytics.claimMinutes[1],
      pharmacyStatus: 'claimed',
    });
    await visit({
      key: 'demo-analytics-3',
      accountId: casey,
      productId: 'acute',
      startedDaysAgo: 5,
      linkId: demoAnalytics.linkId,
      brandId: sunrise,
      paidCents: 3000,
      prescribedAfterMinutes: 90,
      pharmacyStatus: 'voided',
      pharmacyNote: 'Patient chose to pick up elsewhere',
    });
    await visit({
      key: 'demo-analytics-4',
      accountId: jordan,
      productId: 'ldn',
      startedDaysAgo: 3,
      linkId: null,
      brandId: 'apothecall',
      paidCents: null,
    });
  });
}
