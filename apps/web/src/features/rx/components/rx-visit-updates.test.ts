import { translate } from '@apothecall/domain/i18n/catalog';
import { type RxVisitView, rxVisitViewSchema } from '@apothecall/domain/rx/rx-visits.api';
import { describe, expect, it } from 'vitest';
import { loadLanguage, loadScreenTexts, translator } from '../../../lib/i18n';
import { productName } from './rx-format';
import {
  carriesPharmacyStatus,
  isStaleUpdate,
  receivedStatusText,
  receivedStatusToast,
  withReceivedUpdate,
} from './rx-visit-updates';

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

  it('drops a push the list already holds (late or twice), and takes every newer one', () => {
    const at = (version: number) =>
      ({ id: visit.id, status: 'rxed', version, pharmacyStatus: 'ready' }) as const;
    expect(isStaleUpdate(visit, at(3))).toBe(true);
    expect(isStaleUpdate(visit, at(4))).toBe(true);
    expect(isStaleUpdate(visit, at(5))).toBe(false);
    expect(isStaleUpdate(visit, at(9))).toBe(false);
    // A visit the list does not hold yet is news.
    expect(isStaleUpdate(undefined, at(1))).toBe(false);
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

  it('names the visit by its treatment and day in the toast, never by its id (issue 36)', () => {
    const waiting = { ...visit, status: 'exit', pharmacyStatus: null } as const;
    const update = { id: visit.id, status: 'waiting', version: 5, pharmacyStatus: null } as const;
    const name = productName(en, visit.productId);
    const text = receivedStatusToast(en, 'en', waiting, update, false);
    expect(text).toBe(`Your ${name} visit of Jan 2, 2025: Pending medical review`);
    expect(text).not.toContain(visit.id);
    expect(receivedStatusToast(es, 'es', waiting, update, false)).toBe(
      `Su consulta de ${productName(es, visit.productId)} del 2 ene 2025: Pendiente de revisión médica`,
    );
    // A visit the list does not hold yet: its short reference.
    expect(receivedStatusToast(en, 'en', undefined, update, false)).toBe(
      'Visit 3F2A9C1E: Pending medical review',
    );
  });

  it('announces a status once: the push each upload sends with the same status says nothing', () => {
    const pending = { ...visit, status: 'waiting', pharmacyStatus: null } as const;
    const again = { id: visit.id, status: 'waiting', version: 6, pharmacyStatus: null } as const;
    expect(receivedStatusToast(en, 'en', pending, again, false)).toBeNull();
    expect(receivedStatusToast(en, 'en', pending, again, true)).toBeNull();
    // The pharmacy moving on is a change even when the visit's own status is the same.
    const claimed = { ...visit, status: 'rxed', pharmacyStatus: 'claimed' } as const;
    const ready = { id: visit.id, status: 'rxed', version: 7, pharmacyStatus: 'ready' } as const;
    expect(receivedStatusToast(en, 'en', claimed, ready, true)).toContain('Ready for pickup');
    expect(
      receivedStatusToast(en, 'en', claimed, { ...ready, pharmacyStatus: 'claimed' }, true),
    ).toBeNull();
  });
});
