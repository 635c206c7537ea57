import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  databaseKinds,
  demo,
  get,
  login,
  newPatient,
  readyToPay,
  send,
  startTestApp,
  type TestApp,
} from '../../../test/harness';
import { rxVisits } from '../../db/schema/rx';

/**
 * The eRx seam against an e-prescribing endpoint on loopback that speaks SCRIPT: a
 * claimed prescription is posted as a NewRx to the pharmacy's NCPDP ID, and the answer shows on
 * the dashboard as transmitted, ERROR or Transmit-Error. The claim stands whatever it answers.
 */
describe.each(databaseKinds)('eRx transmission on %s', (kind) => {
  let t: TestApp;
  let network: Server;
  let answer: { status: number; body: string } = { status: 200, body: '' };
  const received: string[] = [];
  beforeAll(async () => {
    network = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        received.push(body);
        res.writeHead(answer.status, { 'content-type': 'application/xml' }).end(answer.body);
      });
    });
    await new Promise<void>((resolve) => network.listen(0, '127.0.0.1', resolve));
    const { port } = network.address() as AddressInfo;
    t = await startTestApp(kind, { ERX_URL: `http://127.0.0.1:${port}/script` });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => network.close(resolve));
  });

  async function claimed(): Promise<string> {
    const provider = await login(t, demo.provider);
    const payer = await readyToPay(t, await newPatient(t, { name: 'Ines Munoz' }), { state: 'FL' });
    const visit = (
      await send(t, 'POST', '/api/submit-rx-evaluation', payer.token, {
        patientID: payer.personId,
        productId: 'acute',
        answers: {
          conditions: ['none'],
          medications: 'none',
          allergies: 'none',
          weightLbs: '170',
          heightIn: '70',
          acuteProblem: 'A rash on my arm',
          acuteDuration: 'days',
        },
        consents: [],
        state: 'FL',
        idempotencyKey: randomUUID(),
        pharmacyId: 'sunrise-pharmacy',
      })
    ).json().visit;
    // The ID photo is not what this test is about: the visit is marked as having one.
    await t.database.db.update(rxVisits).set({ idPending: false }).where(eq(rxVisits.id, visit.id));
    const price = (await get(t, `/api/rx/visits/${visit.id}/price`, payer.token)).json();
    await send(t, 'POST', '/api/submit-rx-payment', payer.token, {
      visitId: visit.id,
      priceToken: price.priceToken,
      payProfileID: payer.payProfileID,
      idempotencyKey: randomUUID(),
    });
    await send(t, 'POST', `/api/clinic/rx/${visit.id}/claim`, provider);
    const version = async () =>
      (await get(t, `/api/clinic/rx/${visit.id}`, provider)).json().review.visit.version;
    await send(t, 'POST', `/api/clinic/rx/${visit.id}/status`, provider, {
      status: 'ended',
      version: await version(),
    });
    const written = await send(t, 'POST', `/api/clinic/rx/${visit.id}/prescribe`, provider, {
      version: await version(),
      prescriptions: [
        {
          medication: 'Mupirocin',
          strength: '2 %',
          quantity: 1,
          refills: 0,
          directions: 'Aplicar una capa <fina> & lavar "dos veces" (Dra. Muñoz)',
        },
      ],
    });
    expect(written.statusCode).toBe(200);
    const pharmacist = await login(t, 'pharmacist@apothecall.test');
    const seen = (await get(t, `/api/pharmacy/rx/${visit.id}`, pharmacist)).json().visit;
    const res = await send(t, 'POST', `/api/pharmacy/rx/${visit.id}/claim`, pharmacist, {
      version: seen.version,
    });
    expect(res.statusCode).toBe(200);
    return res.json().visit.erxStatus;
  }

  it('posts a NewRx to the pharmacy and shows transmitted when the network accepts it', async () => {
    // A network that writes SCRIPT with a namespace prefix (the regular expressions read none).
    answer = {
      status: 200,
      body: '<?xml version="1.0" encoding="UTF-8"?><script:Message xmlns:script="http://www.ncpdp.org/schema/SCRIPT"><script:Body><script:Status><script:Code>010</script:Code></script:Status></script:Body></script:Message>',
    };
    expect(await claimed()).toBe('transmitted');
    const { Message } = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '@',
      parseTagValue: false,
    }).parse(received.at(-1) ?? '');
    expect(Message['@xmlns']).toBe('http://www.ncpdp.org/schema/SCRIPT');
    expect(Message.Header.To).toEqual({ '@Qualifier': 'P', '#text': '1023456' });
    const newRx = Message.Body.NewRx;
    expect(newRx.Pharmacy.Identification.NCPDPID).toBe('1023456');
    expect(newRx.Patient.HumanPatient.Name).toEqual({ LastName: 'Munoz', FirstName: 'Ines' });
    expect(newRx.MedicationPrescribed).toMatchObject({
      DrugDescription: 'Mupirocin 2 %',
      Quantity: { Value: '1' },
      NumberOfRefills: '0',
      Sig: { SigText: 'Aplicar una capa <fina> & lavar "dos veces" (Dra. Muñoz)' },
    });
  });

  it('shows ERROR when the network refuses it, and Transmit-Error when it fails', async () => {
    answer = {
      status: 200,
      body: '<Message><Body><Error><Code>900</Code></Error></Body></Message>',
    };
    expect(await claimed()).toBe('ERROR');
    answer = { status: 503, body: '' };
    expect(await claimed()).toBe('Transmit-Error');
  });
});
