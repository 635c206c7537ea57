import { randomUUID } from 'node:crypto';
import { get, newPatient, ok, readyToPay, send, type TestApp } from './harness';
import { acuteAnswers, uploadRxId } from './rx-fixtures';

/**
 * A new FL patient's acute Rx visit, paid (with the photo ID): waiting in the prescribers' line.
 * The app needs a DATA_DIR of its own (the ID photo is a file).
 */
export async function paidRxVisit(t: TestApp): Promise<string> {
  const payer = await readyToPay(t, await newPatient(t), { state: 'FL' });
  const submitted = await ok(
    'submit',
    await send(t, 'POST', '/api/submit-rx-evaluation', payer.token, {
      patientID: payer.personId,
      productId: 'acute',
      answers: acuteAnswers,
      consents: [],
      state: 'FL',
      idempotencyKey: randomUUID(),
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
  return visit.id;
}
