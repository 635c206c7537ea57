import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type APIRequestContext, expect } from '@playwright/test';
import { currentLegalVersions } from '../packages/domain/src/accounts/consents.rules';
import { call, demoPassword, demoStaff, tokenFor } from './support';

/** Rx visits set up through the API, for specs where the patient's own flow adds nothing. */

const photoId = path.join(import.meta.dirname, 'fixtures', 'photo-id.jpg');
const sunrise = 'sunrise-pharmacy';

/**
 * A new patient in FL whose acute Rx visit goes to Sunrise (or the verified FL pharmacy named),
 * paid, with a photo ID, claimed and prescribed (Mupirocin 2 %) by the demo prescriber.
 */
export async function prescribedRxVisit(
  request: APIRequestContext,
  tag: string,
  pharmacyId: string = sunrise,
): Promise<{ visitId: string; patient: { email: string; password: string; name: string } }> {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const patient = {
    email: `${tag}-${stamp}@example.test`,
    password: 'Pharmacy-Flow-42',
    name: 'Iris Calder',
  };
  await call(request, 'POST', '/api/register', null, {
    profile: {
      name: patient.name,
      dob: '03-14-1990',
      gender: 'F',
      address: '200 Ocean Dr',
      state: 'FL',
      zipCode: '33139',
      phone: `305-557-${stamp.slice(-4)}`,
      email: patient.email,
    },
    whiteLabelId: 'apothecall',
    credentials: { password: patient.password },
  });
  const token = await tokenFor(request, patient.email, patient.password);
  const documents = Object.entries(currentLegalVersions).map(([id, version]) => ({ id, version }));
  await call(request, 'POST', '/api/consents', token, { documents });
  await call(request, 'PUT', '/api/consult/location', token, { state: 'FL' });
  const personId = (await call(request, 'GET', '/api/account/profile', token)).profile.personId;
  const cards = await call(request, 'GET', '/api/account/payments/profiles', token);
  const now = new Date();
  const saved = await call(request, 'POST', '/api/account/payments/profiles', token, {
    profileID: cards.payProfileID,
    signature: cards.payProfileSignature,
    card: {
      cardHolderName: patient.name,
      ccNumber: '4111111111111111',
      cvv: '123',
      expiration: `${String(now.getMonth() + 1).padStart(2, '0')}/${String((now.getFullYear() + 3) % 100).padStart(2, '0')}`,
      cardZip: '33139',
    },
  });
  const { visit } = await call(request, 'POST', '/api/submit-rx-evaluation', token, {
    patientID: personId,
    productId: 'acute',
    answers: {
      conditions: ['none'],
      medications: 'none',
      allergies: 'none',
      weightLbs: '140',
      heightIn: '64',
      acuteProblem: 'An itchy rash on my forearm',
      acuteDuration: 'days',
    },
    consents: [],
    state: 'FL',
    idempotencyKey: `e2e-${tag}-${stamp}`,
    pharmacyId,
  });
  const upload = await request.post('/api/rx/id', {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      patientID: personId,
      file: { name: 'photo-id.jpg', mimeType: 'image/jpeg', buffer: await readFile(photoId) },
    },
  });
  expect(upload.status()).toBe(200);
  const price = await call(request, 'GET', `/api/rx/visits/${visit.id}/price`, token);
  await call(request, 'POST', '/api/submit-rx-payment', token, {
    visitId: visit.id,
    priceToken: price.priceToken,
    payProfileID: saved.payProfiles[0].card.profileID,
    idempotencyKey: `e2e-${tag}-pay-${stamp}`,
  });
  const provider = await tokenFor(request, demoStaff.provider.loginId, demoPassword);
  await call(request, 'POST', `/api/clinic/rx/${visit.id}/claim`, provider);
  const version = async () =>
    (await call(request, 'GET', `/api/clinic/rx/${visit.id}`, provider)).review.visit.version;
  await call(request, 'POST', `/api/clinic/rx/${visit.id}/status`, provider, {
    status: 'ended',
    version: await version(),
  });
  await call(request, 'POST', `/api/clinic/rx/${visit.id}/prescribe`, provider, {
    version: await version(),
    prescriptions: [
      {
        medication: 'Mupirocin',
        strength: '2 %',
        quantity: 1,
        refills: 0,
        directions: 'Apply twice a day for 5 days',
      },
    ],
  });
  return { visitId: visit.id as string, patient };
}
