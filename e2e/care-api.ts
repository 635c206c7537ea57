import { type APIRequestContext, expect } from '@playwright/test';

/**
 * Patients, providers and visits set up through the API, for journeys whose subject is another
 * screen (the video visit's own UI flow is tested in care-visit.spec.ts).
 */

export const providerLogin = 'provider@apothecall.test';
const demoPassword = 'Apothecall-Demo-1';

export interface Patient {
  email: string;
  password: string;
  name: string;
  phone: string;
  token: string;
}

/** A card expiry three years ahead, MM/YY. */
export function futureExpiry(): string {
  const now = new Date();
  return `${String(now.getMonth() + 1).padStart(2, '0')}/${String((now.getFullYear() + 3) % 100).padStart(2, '0')}`;
}

/** Letters only (the name rule); unique per run. */
function uniqueName(): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  let n = Date.now();
  let out = '';
  for (let i = 0; i < 6; i++) {
    out += letters[n % 26];
    n = Math.floor(n / 26);
  }
  return `Vera ${out[0]?.toUpperCase()}${out.slice(1)}`;
}

export async function apiToken(
  request: APIRequestContext,
  loginId: string,
  password: string,
  base = '',
) {
  const res = await request.post(`${base}/api/account/token`, {
    data: { loginId, password, platform: 'web', version: 'e2e' },
  });
  expect(res.ok()).toBe(true);
  return (await res.json()).token as string;
}

/** A new adult patient in FL with the current consents accepted (the consents screen has its own spec). */
export async function newPatient(request: APIRequestContext, base = ''): Promise<Patient> {
  const name = uniqueName();
  const email = `care-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;
  const password = 'Care-Pass-2026';
  const phone = `305-555-${String(Math.floor(Math.random() * 9000) + 1000)}`;
  const registered = await request.post(`${base}/api/register`, {
    data: {
      profile: {
        name,
        dob: '05-20-1985',
        gender: 'F',
        address: '1 Main St',
        state: 'FL',
        zipCode: '33101',
        phone,
        email,
      },
      credentials: { password },
    },
  });
  expect(registered.ok()).toBe(true);
  const token = await apiToken(request, email, password, base);
  const headers = { authorization: `Bearer ${token}` };
  const consents = (await (await request.get(`${base}/api/consents`, { headers })).json()) as {
    documents: { id: string; version: string }[];
  };
  const accepted = await request.post(`${base}/api/consents`, {
    headers,
    data: { documents: consents.documents.map(({ id, version }) => ({ id, version })) },
  });
  expect(accepted.ok()).toBe(true);
  return { email, password, name, phone, token };
}

export async function onDuty(request: APIRequestContext, loginId = providerLogin, base = '') {
  const token = await apiToken(request, loginId, demoPassword, base);
  const res = await request.put(`${base}/api/clinic/duty`, {
    headers: { authorization: `Bearer ${token}` },
    data: { onDuty: true },
  });
  expect(res.ok()).toBe(true);
  return token;
}

/** Starts a paid visit for the patient through the API (the UI flow has its own test). */
export async function startVisitByApi(
  request: APIRequestContext,
  patient: Patient,
  base = '',
  reason = 'pinkEye',
): Promise<string> {
  const headers = { authorization: `Bearer ${patient.token}` };
  const person = (await (await request.get(`${base}/api/account/profile`, { headers })).json())
    .profile.personId as string;
  await request.put(`${base}/api/consult/location`, { headers, data: { state: 'FL' } });
  const cards = await (
    await request.get(`${base}/api/account/payments/profiles`, { headers })
  ).json();
  const added = await request.post(`${base}/api/account/payments/profiles`, {
    headers,
    data: {
      profileID: cards.payProfileID,
      signature: cards.payProfileSignature,
      card: {
        cardHolderName: patient.name,
        ccNumber: '4111111111111111',
        cvv: '123',
        expiration: futureExpiry(),
        cardZip: '33101',
      },
    },
  });
  const cardId = (await added.json()).payProfiles[0].card.profileID as string;
  const { priceToken } = await (
    await request.get(`${base}/api/account/pricing/default`, { headers })
  ).json();
  const started = await request.post(`${base}/api/visit-start/`, {
    headers,
    data: {
      patientID: person,
      complaint: { reason, notes: '' },
      pharmacy: { id: '1023456', name: 'Bayfront Drugs' },
      states: ['FL'],
      priceToken,
      payProfileID: cardId,
      visitScreenResult: { passed: true, answers: {} },
      idempotencyKey: `e2e-${Date.now()}`,
    },
  });
  expect(started.ok()).toBe(true);
  return (await started.json()).visit.visitId as string;
}
