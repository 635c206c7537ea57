import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import { accounts } from '../schema/accounts';
import { prepayProgramEntries, prepayPrograms, prepayTokens } from '../schema/prepay';

/**
 * The demo prepay program: Sunrise Pharmacy's administrator bought 10 visits; its
 * patients' prescriptions go to Sunrise; a denied patient waits 25 days (the spec's example);
 * the holder is told at 2 visits left. One unused access token is printed at start, so the
 * redeem link can be tried at once.
 */
export const demoPrepay = {
  programCode: 'SUNRISEPLAN2',
  token: 'SUNRISEVISIT',
  owner: 'pharmacy-admin@apothecall.test',
  visits: 10,
} as const;

export async function seedDemoPrepay(db: Db, visitPriceCents = 3000): Promise<void> {
  const [owner] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.loginId, demoPrepay.owner));
  if (!owner) return;
  await db.transaction(async (tx) => {
    const [program] = await tx
      .insert(prepayPrograms)
      .values({
        ownerAccountId: owner.id,
        organizationId: 'sunrise-pharmacy',
        brandId: 'apothecall',
        code: demoPrepay.programCode,
        purchaseKey: 'demo-seed',
        name: 'Sunrise prepaid visits',
        description: 'Visits our customers pay for at the counter.',
        balance: demoPrepay.visits,
        visitCount: demoPrepay.visits,
        programAmtCents: visitPriceCents,
        patientAmtCents: 2500,
        priceMsg: 'Paid at Sunrise Pharmacy',
        reuseIntervalDays: 25,
        lowBalanceLimit: 2,
        pharmacyRestriction: ['sunrise-pharmacy'],
        checkoutMessage:
          'Your visit is prepaid by Sunrise Pharmacy. Pick up your medication at the counter.',
        notifications: {
          email: 'rx@sunrise-pharmacy.test',
          phone: null,
          lowBalance: { email: true, sms: false },
          prepayClaimed: { email: false, sms: false },
          prepayRx: { email: true, sms: false },
          prepayRxDenied: { email: true, sms: false },
        },
      })
      .onConflictDoNothing({ target: prepayPrograms.code })
      .returning({ id: prepayPrograms.id });
    if (!program) return; // already seeded
    await tx.insert(prepayProgramEntries).values({
      programId: program.id,
      kind: 'purchase',
      visits: demoPrepay.visits,
      amountCents: demoPrepay.visits * visitPriceCents,
      idempotencyKey: 'purchase:demo-seed',
      balanceAfter: demoPrepay.visits,
    });
    await tx
      .insert(prepayTokens)
      .values({ programId: program.id, code: demoPrepay.token })
      .onConflictDoNothing();
  });
}
