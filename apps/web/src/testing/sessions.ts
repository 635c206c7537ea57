import type { SessionProfile } from '@apothecall/domain/accounts/accounts.schemas';

/**
 * The demo patient's profile as the server sends it at login, for the browser tests that need a
 * signed-in patient: Maria Rivera, on her own (no dependents), with the given account id.
 */
export function patientProfile(id = '00000000-0000-4000-8000-000000000001'): SessionProfile {
  return {
    id,
    personId: id,
    name: 'Maria Rivera',
    role: 'patient',
    loginId: 'patient@apothecall.test',
    brandId: 'apothecall',
    credentials: { from: null, role: 'patient', organizationType: null },
    permissions: [],
    users: [
      {
        id,
        personId: id,
        name: 'Maria Rivera',
        firstName: 'Maria',
        lastName: 'Rivera',
        relation: 'self',
      },
    ],
  };
}
