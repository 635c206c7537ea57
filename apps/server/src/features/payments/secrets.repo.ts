import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appSecrets } from '../../db/schema/payments';

/**
 * The area's signing keys, kept in the database so every process signs alike: the price-token
 * key (pricing) and the pay-profile signature key (cards).
 */
export interface SecretsRepo {
  /** A named secret, created with `make()` the first time (race-safe). */
  secret(name: string, make: () => string): Promise<string>;
}

export function createSecretsRepo(db: Db): SecretsRepo {
  return {
    async secret(name, make) {
      await db.insert(appSecrets).values({ name, value: make() }).onConflictDoNothing();
      const [row] = await db
        .select({ value: appSecrets.value })
        .from(appSecrets)
        .where(eq(appSecrets.name, name))
        .limit(1);
      if (!row) throw new Error(`secret ${name} missing`);
      return row.value;
    },
  };
}
