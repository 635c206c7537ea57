import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { outbox } from '../src/db/schema/platform';
import { login, send, type TestApp } from './harness';
import { outboxRows } from './outbox';

/** The demo pharmacy's administrator (Sunrise: FL and GA), who invites pharmacists. */
export const sunriseAdmin = 'pharmacy-admin@apothecall.test';

/** The invitation's text from the outbox (an app with no mail channel keeps it there). */
async function fromOutbox(t: TestApp, email: string): Promise<string> {
  const [mail] = await outboxRows(t, eq(outbox.recipient, email));
  return mail?.body ?? '';
}

/**
 * A pharmacist of the admin's pharmacy whose grant names `states` (and links, claimed-only):
 * invited by the admin, the password chosen through the mailed link, then signed in. An app
 * that sends its mail (the outbox then keeps no text) passes `mailText` to read the invitation.
 */
export async function invitedPharmacist(
  t: TestApp,
  adminToken: string,
  states: string[],
  extra: { links?: string[]; claimedOnly?: boolean } = {},
  mailText: (email: string) => Promise<string> = (email) => fromOutbox(t, email),
): Promise<{ token: string; accountId: string; email: string }> {
  const email = `rph-${randomUUID().slice(0, 8)}@example.test`;
  const res = await send(t, 'POST', '/api/pharmacy/pharmacists', adminToken, {
    email,
    firstName: 'Rita',
    lastName: 'Pharm',
    states,
    ...extra,
  });
  if (res.statusCode !== 200) throw new Error(`invite failed: ${res.statusCode} ${res.body}`);
  const code = /#\/resetpw\/([A-Za-z0-9_-]+)/.exec(await mailText(email))?.[1];
  if (!code) throw new Error('no invitation link in the outbox');
  const password = 'Pharmacist-Pass-42';
  const saved = await t.fastify.inject({
    method: 'POST',
    url: '/api/resetpw/savepw',
    payload: { resetCode: code, password },
  });
  if (saved.statusCode !== 200) throw new Error(`savepw failed: ${saved.statusCode}`);
  const token = await login(t, email, password);
  const profile = await t.fastify.inject({
    method: 'GET',
    url: '/api/account/profile',
    headers: { authorization: `Bearer ${token}` },
  });
  return { token, accountId: profile.json().profile.id, email };
}
