// The two-instance bench's database: migrated and seeded as the product does at start-up, then
// its people made straight in SQL (a registration through the API costs an Argon2 hash each):
// `patients` patient accounts in Florida and `providers` providers licensed in Florida with a
// complete profile (a completed visit's note prints it). Every account gets the demo password's
// hash, so logging in still verifies a real Argon2 hash.
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/client';
import { demoPassword, seedDemo } from '../../apps/server/src/db/seed/demo-seed';
import { createPasswordHasher } from '../../apps/server/src/platform/passwords';

export const password = demoPassword;
export const patientLogin = (n: number) => `ha-patient-${n}@example.test`;
export const providerLogin = (n: number) => `ha-provider-${n}@example.test`;

export async function prepareHaDatabase(
  url: string,
  counts: { patients: number; providers: number },
): Promise<void> {
  const database = await openDatabase({ kind: 'postgres', url });
  try {
    await database.migrate();
    await seedDemo(database.db, createPasswordHasher());
  } finally {
    await database.close();
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const q = (text: string, params: unknown[] = []) => client.query(text, params);
  try {
    await q('begin');
    const demo = await q(
      `select a.password_hash as hash, a.brand_id as brand, p.credential as credential
       from accounts a join provider_profiles p on p.account_id = a.id
       where a.login_id = 'provider@apothecall.test'`,
    );
    const d = demo.rows[0] as { hash: string; brand: string; credential: unknown } | undefined;
    if (!d) throw new Error('the demo seed has no provider@apothecall.test');
    await q(
      `create temp table ha_patients on commit drop as
       select gen_random_uuid() as id, i from generate_series(0, $1::int - 1) as i`,
      [counts.patients],
    );
    await q(
      `insert into accounts (id, brand_id, login_id, password_hash, role)
       select id, $1, 'ha-patient-' || i || '@example.test', $2, 'patient' from ha_patients`,
      [d.brand, d.hash],
    );
    // The holder's person id is the account id, as registration makes it.
    await q(
      `insert into persons (id, account_id, relation, first_name, last_name, dob, gender, email,
         phone, address, state, zip_code)
       select id, id, 'self', 'Nora' || i, 'Quinn', date '1960-01-01' + (i % 12000),
         case when i % 2 = 0 then 'F' else 'M' end, 'ha-patient-' || i || '@example.test',
         '+1305557' || lpad((i % 10000)::text, 4, '0'), '200 Ocean Dr', 'FL', '33139'
       from ha_patients`,
    );
    await q(
      `create temp table ha_providers on commit drop as
       select gen_random_uuid() as id, i from generate_series(0, $1::int - 1) as i`,
      [counts.providers],
    );
    await q(
      `insert into accounts (id, brand_id, login_id, password_hash, role)
       select id, $1, 'ha-provider-' || i || '@example.test', $2, 'provider' from ha_providers`,
      [d.brand, d.hash],
    );
    await q(
      `insert into persons (id, account_id, relation, first_name, last_name, dob, gender, email,
         phone, address, state, zip_code)
       select id, id, 'self', 'Dana' || i, 'Wells', date '1975-05-05', 'F',
         'ha-provider-' || i || '@example.test', '+13055550100', '100 Biscayne Blvd', 'FL', '33132'
       from ha_providers`,
    );
    await q(
      `insert into provider_licenses (account_id, state, number, expires_on)
       select id, 'FL', 'FL-HA-' || i, '2099-12-31' from ha_providers`,
    );
    await q(
      `insert into provider_profiles (account_id, suffix, npi, credential)
       select id, 'MD', '1234567893', $1::jsonb from ha_providers`,
      [JSON.stringify(d.credential)],
    );
    await q('commit');
  } catch (error) {
    await q('rollback');
    throw error;
  } finally {
    await client.end();
  }
}
