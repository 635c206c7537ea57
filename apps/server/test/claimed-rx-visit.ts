import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { accounts } from '../src/db/schema/accounts';
import { pharmacyOrganizations } from '../src/db/schema/pharmacy';
import { rxVisits } from '../src/db/schema/rx';
import {
  demo,
  get,
  login,
  newPatient,
  ok,
  type Patient,
  readyToPay,
  send,
  type TestApp,
} from './harness';
import { acuteAnswers, uploadRxId } from './rx-fixtures';

/** The seeded, verified pharmacy the demo pharmacist (FL and GA) and its admin work for. */
export const sunrise = 'sunrise-pharmacy';

/**
 * A new FL patient's acute Rx visit routed to Sunrise, paid (with the photo ID), prescribed by
 * the demo prescriber and, unless `claim` is false, claimed by `pharmacist` (Submit Payment):
 * what the pharmacy's forms and external codes hang on. The app needs a DATA_DIR of
 * its own (the ID photo is a file).
 */
export async function claimedRxVisit(
  t: TestApp,
  pharmacist: string,
  options: { claim?: boolean; patient?: Patient } = {},
): Promise<{ visitId: string; patient: Patient }> {
  const patient = options.patient ?? (await newPatient(t));
  const payer = await readyToPay(t, patient, { state: 'FL' });
  const submitted = await ok(
    'submit',
    await send(t, 'POST', '/api/submit-rx-evaluation', payer.token, {
      patientID: payer.personId,
      productId: 'acute',
      answers: acuteAnswers,
      consents: [],
      state: 'FL',
      idempotencyKey: randomUUID(),
      pharmacyId: sunrise,
    }),
  );
  const visit = submitted.json().visit as { id: string; idPending: boolean };
  if (visit.idPending) await ok('id', await uploadRxId(t, payer.token, payer.personId));
  const price = (
    await ok('price', await get(t, `/api/rx/visits/${visit.id}/price`, payer.token))
  ).json();
  await ok(
    'pay',
    await send(t, 'POST', '/api/submit-rx-payment', payer.token, {
      visitId: visit.id,
      priceToken: price.priceToken,
      payProfileID: payer.payProfileID,
      idempotencyKey: randomUUID(),
    }),
  );
  const provider = await login(t, demo.provider);
  const version = async () =>
    (
      await t.database.db
        .select({ v: rxVisits.version })
        .from(rxVisits)
        .where(eq(rxVisits.id, visit.id))
    )[0]?.v ?? 0;
  await ok('prescriber claim', await send(t, 'POST', `/api/clinic/rx/${visit.id}/claim`, provider));
  await ok(
    'end',
    await send(t, 'POST', `/api/clinic/rx/${visit.id}/status`, provider, {
      status: 'ended',
      version: await version(),
    }),
  );
  await ok(
    'prescribe',
    await send(t, 'POST', `/api/clinic/rx/${visit.id}/prescribe`, provider, {
      version: await version(),
      prescriptions: [
        {
          medication: 'Mupirocin',
          strength: '2 %',
          quantity: 1,
          refills: 0,
          directions: 'Apply twice a day',
        },
      ],
    }),
  );
  if (options.claim !== false) {
    await ok(
      'pharmacy claim',
      await send(t, 'POST', `/api/pharmacy/rx/${visit.id}/claim`, pharmacist, {
        version: await version(),
      }),
    );
  }
  return { visitId: visit.id, patient };
}

/**
 * The administrator of another verified pharmacy (Gulf Pharmacy, Tampa, FL): a second pharmacy
 * whose staff must not reach Sunrise's visits.
 */
export async function otherPharmacyAdmin(t: TestApp, id = 'gulf-pharmacy'): Promise<string> {
  await t.database.db
    .insert(pharmacyOrganizations)
    .values({
      id,
      name: 'Gulf Pharmacy',
      ncpdpId: '9999999',
      address1: '1 Gulf Rd',
      city: 'Tampa',
      state: 'FL',
      zip: '33602',
      phone: '813-555-0000',
      fax: '813-555-0001',
      serviceStates: ['FL'],
      verifiedAt: new Date(),
    })
    .onConflictDoNothing();
  const other = await newPatient(t);
  await t.database.db
    .update(accounts)
    .set({
      role: 'pharmacyAdmin',
      organizationType: 'pharmacy',
      organizationId: id,
      permissions: ['readyrx'],
    })
    .where(eq(accounts.id, other.accountId));
  return login(t, other.loginId, other.password);
}
