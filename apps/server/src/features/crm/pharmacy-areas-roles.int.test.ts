import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  databaseKinds,
  demo,
  login,
  newPatient,
  startTestApp,
  type TestApp,
} from '../../../test/harness';
import { auditLog } from '../../db/schema/platform';

/**
 * The pharmacy's inbox and CRM are the pharmacy staff's only: a provider,
 * the rx admin, the admin and a patient are refused by role with 403 and the API's translated
 * 'Unauthorized.' (audited as denied), never a 200 with an empty list; the pharmacy's staff
 * still read their lists.
 */
describe.each(databaseKinds)('Pharmacy inbox and CRM by role on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const lists = ['/api/pharmacy/inbox', '/api/pharmacy/crm/customers', '/api/pharmacy/crm/tasks'];

  beforeAll(async () => {
    t = await startTestApp(kind);
    const [provider, rxAdmin, admin, pharmacist, pharmacyAdmin, patient] = await Promise.all([
      login(t, demo.provider),
      login(t, 'rx-admin@apothecall.test'),
      login(t, 'admin@apothecall.test'),
      login(t, 'pharmacist@apothecall.test'),
      login(t, 'pharmacy-admin@apothecall.test'),
      newPatient(t),
    ]);
    Object.assign(tokens, { provider, rxAdmin, admin, pharmacist, pharmacyAdmin });
    tokens.patient = patient.token;
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (path: string, token: string, lang = 'en') =>
    t.fastify.inject({
      method: 'GET',
      url: path,
      headers: { ...bearer(token), 'accept-language': lang },
    });

  it.each(['provider', 'rxAdmin', 'admin', 'patient'])(
    'refuses the %s the inbox and CRM lists with 403 Unauthorized, in their language, audited',
    async (who) => {
      const token = tokens[who] ?? '';
      for (const path of lists) {
        const english = await call(path, token);
        expect({ path, status: english.statusCode }, english.body).toEqual({ path, status: 403 });
        expect(english.json()).toMatchObject({ error: true, errorMsg: 'Unauthorized.' });
        const spanish = await call(path, token, 'es');
        expect({ path, status: spanish.statusCode }).toEqual({ path, status: 403 });
        expect(spanish.json()).toMatchObject({ error: true, errorMsg: 'No autorizado.' });
      }
      const denied = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.outcome, 'denied'), eq(auditLog.action, 'pharmacy.staffOnly')));
      expect(denied.length).toBeGreaterThan(0);
    },
  );

  it.each(['pharmacist', 'pharmacyAdmin'])('still answers the %s 200', async (who) => {
    for (const path of lists) {
      const res = await call(path, tokens[who] ?? '');
      expect({ path, status: res.statusCode }, res.body).toEqual({ path, status: 200 });
    }
  });
});
