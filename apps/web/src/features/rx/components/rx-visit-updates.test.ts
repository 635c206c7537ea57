import { translate } from '@apothecall/domain/i18n/catalog';
import { type RxVisitView, rxVisitViewSchema } from '@apothecall/domain/rx/rx-visits.api';
import { describe, expect, it } from 'vitest';
import { loadLanguage, loadScreenTexts, translator } from '../../../lib/i18n';
import { carriesPharmacyStatus, receivedStatusText, withReceivedUpdate } from './rx-visit-updates';

const en = translator('en', translate);
const es = translator('es', translate);

await loadLanguage('en');
await loadScreenTexts();

const visit: RxVisitView = rxVisitViewSchema.parse({
  id: '3f2a9c1e-7b4d-4e1a-9f00-123456789abc',
  patientId: '0b7c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d',
  patientName: 'Ana Lopez',
  productId: 'ldn',
  status: 'rxed',
  version: 4,
  state: 'FL',
  cost: 4900,
  paid: true,
  idPending: false,
  attachmentsPending: false,
  statusComment: '',
  completed: false,
  refillOf: null,
  createdAt: '2025-01-02T10:00:00Z',
  files: [],
  prescriptions: [],
  pharmacy: { id: 'sunrise-pharmacy', name: 'Sunrise Pharmacy' },
  pharmacyStatus: 'claimed',
});

describe("the patient's visit list, live", () => {
  it('takes the pharmacy status and version of a push about the visit', () => {
    const next = withReceivedUpdate(
      visit,
      { id: visit.id, status: 'rxed', version: 5, pharmacyStatus: 'ready' },
      true,
    );
    expect(next).toMatchObject({ version: 5, pharmacyStatus: 'ready', status: 'rxed' });
  });

  it('keeps the pharmacy status when the push does not carry one, and other visits as they are', () => {
    const update = { id: visit.id, status: 'rxed', version: 6, pharmacyStatus: null } as const;
    expect(withReceivedUpdate(visit, update, false)).toMatchObject({
      version: 6,
      pharmacyStatus: 'claimed',
    });
    expect(withReceivedUpdate(visit, { ...update, id: 'other' }, true)).toBe(visit);
    expect(carriesPharmacyStatus({ id: 'x', pharmacyStatus: null })).toBe(true);
    expect(carriesPharmacyStatus({ id: 'x' })).toBe(false);
    expect(carriesPharmacyStatus(null)).toBe(false);
  });

  it("announces where the pharmacy is ('Ready for pickup'), else the visit's status", () => {
    expect(receivedStatusText(en, { status: 'rxed', pharmacyStatus: 'ready' })).toBe(
      'Ready for pickup',
    );
    expect(receivedStatusText(en, { status: 'rxed', pharmacyStatus: 'picked-up' })).toBe(
      'Picked up',
    );
    expect(receivedStatusText(es, { status: 'rxed', pharmacyStatus: 'ready' })).toBe(
      'Lista para recoger',
    );
    expect(receivedStatusText(en, { status: 'waiting', pharmacyStatus: null })).toBe(
      'Pending medical review',
    );
  });
});
