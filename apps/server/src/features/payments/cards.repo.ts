import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { gatewayCustomers, paymentProfiles } from '../../db/schema/payments';

export interface ProfileRecord {
  id: string;
  paymentProfileId: string;
  brand: string;
  last4: string;
  expiration: string;
  holderName: string;
  valid: boolean;
}

/** Cards on file: the gateway's customer profile per account, and its payment profiles. */
export interface CardsRepo {
  customerOf(accountId: string, gateway: string): Promise<string | undefined>;
  saveCustomer(accountId: string, gateway: string, customerProfileId: string): Promise<void>;
  listProfiles(accountId: string, gateway: string): Promise<ProfileRecord[]>;
  findProfile(accountId: string, id: string): Promise<ProfileRecord | undefined>;
  /**
   * The gateway's payment-profile id of a stored card by our id (a charge's `paymentProfileId`),
   * deleted or not: a refund names the card the charge was made with.
   */
  gatewayProfileId(id: string): Promise<string | undefined>;
  insertProfile(
    accountId: string,
    gateway: string,
    profile: Omit<ProfileRecord, 'id' | 'valid'>,
  ): Promise<void>;
  deleteProfile(id: string, at: Date): Promise<void>;
  /** The gateway refused the card: it stays listed, marked invalid, until replaced. */
  markProfileInvalid(id: string): Promise<void>;
}

const profileColumns = {
  id: paymentProfiles.id,
  paymentProfileId: paymentProfiles.paymentProfileId,
  brand: paymentProfiles.brand,
  last4: paymentProfiles.last4,
  expiration: paymentProfiles.expiration,
  holderName: paymentProfiles.holderName,
  valid: paymentProfiles.valid,
};

export function createCardsRepo(db: Db): CardsRepo {
  return {
    async customerOf(accountId, gateway) {
      const [row] = await db
        .select({ id: gatewayCustomers.customerProfileId })
        .from(gatewayCustomers)
        .where(
          and(eq(gatewayCustomers.accountId, accountId), eq(gatewayCustomers.gateway, gateway)),
        )
        .limit(1);
      return row?.id;
    },
    async saveCustomer(accountId, gateway, customerProfileId) {
      await db
        .insert(gatewayCustomers)
        .values({ accountId, gateway, customerProfileId })
        .onConflictDoNothing();
    },
    async listProfiles(accountId, gateway) {
      return db
        .select(profileColumns)
        .from(paymentProfiles)
        .where(
          and(
            eq(paymentProfiles.accountId, accountId),
            eq(paymentProfiles.gateway, gateway),
            isNull(paymentProfiles.deletedAt),
          ),
        )
        .orderBy(paymentProfiles.createdAt);
    },
    async gatewayProfileId(id) {
      const [row] = await db
        .select({ paymentProfileId: paymentProfiles.paymentProfileId })
        .from(paymentProfiles)
        .where(eq(paymentProfiles.id, id))
        .limit(1);
      return row?.paymentProfileId;
    },
    async findProfile(accountId, id) {
      const [row] = await db
        .select(profileColumns)
        .from(paymentProfiles)
        .where(
          and(
            eq(paymentProfiles.accountId, accountId),
            eq(paymentProfiles.paymentProfileId, id),
            isNull(paymentProfiles.deletedAt),
          ),
        )
        .limit(1);
      return row;
    },
    async insertProfile(accountId, gateway, profile) {
      await db.insert(paymentProfiles).values({ accountId, gateway, ...profile });
    },
    async markProfileInvalid(id) {
      await db.update(paymentProfiles).set({ valid: false }).where(eq(paymentProfiles.id, id));
    },
    async deleteProfile(id, at) {
      await db.update(paymentProfiles).set({ deletedAt: at }).where(eq(paymentProfiles.id, id));
    },
  };
}
