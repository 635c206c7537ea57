import type { VisitWorkspace } from '@apothecall/domain/care/visits.api';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadLanguage, loadScreenTexts } from '../../../lib/i18n';
import {
  checkEndVisitDraft,
  type EndVisitDraft,
  emptyEndVisitDraft,
  recordsCovidTest,
  restoreEndVisitDraft,
  toEndVisitRequest,
} from './clinic-end-visit-draft';

// The draft check tells catalogue keys from other text with the loaded catalogue.
beforeAll(async () => {
  await loadLanguage('en');
  await loadScreenTexts();
});

const pharmacy: NonNullable<VisitWorkspace['pharmacy']> = {
  ncpdpId: '1234567',
  name: 'Bayfront Drugs',
  address: '1 Bay St',
  city: 'Miami',
  state: 'FL',
  zip: '33132',
  phone: '305-555-0101',
  fax: '305-555-0102',
};

const written: EndVisitDraft = {
  ...emptyEndVisitDraft({ pharmacy }),
  subjective: ' Sore throat ',
  assessment: 'Pharyngitis',
  plan: 'Fluids',
};

const withRx: EndVisitDraft = {
  ...written,
  rxOn: true,
  medication: ' Amoxicillin ',
  strength: '500 mg',
  quantity: 20,
  refills: 0,
  directions: 'One capsule twice a day',
};

describe('the end-visit draft', () => {
  it('starts empty, with the patient pharmacy and no refills', () => {
    expect(emptyEndVisitDraft({ pharmacy })).toMatchObject({
      assessment: '',
      rxOn: false,
      quantity: '',
      refills: 0,
      pharmacyNcpdpId: '1234567',
    });
    expect(emptyEndVisitDraft({ pharmacy: null }).pharmacyNcpdpId).toBe('');
  });

  it('survives a reload: saved JSON round-trips over the empty draft', () => {
    const restored = restoreEndVisitDraft(JSON.stringify(withRx), { pharmacy: null });
    expect(restored).toEqual(withRx);
    // A draft saved by an older page lacks fields: they come from the empty draft.
    expect(restoreEndVisitDraft('{"plan":"Rest"}', { pharmacy })).toEqual({
      ...emptyEndVisitDraft({ pharmacy }),
      plan: 'Rest',
    });
  });

  it('ignores nothing saved, unreadable text and JSON that is not a draft', () => {
    const empty = emptyEndVisitDraft({ pharmacy });
    for (const raw of [null, undefined, '', '{not json', '[1,2]', '"text"', 'null', '42']) {
      expect(restoreEndVisitDraft(raw, { pharmacy })).toEqual(empty);
    }
  });
});

describe('the end-visit request', () => {
  it('trims the note and sends no note when every part is blank', () => {
    expect(toEndVisitRequest(written, 'completed')).toEqual({
      outcome: 'completed',
      note: { subjective: 'Sore throat', objective: '', assessment: 'Pharyngitis', plan: 'Fluids' },
      prescription: null,
      covidTest: null,
    });
    const blank = { ...emptyEndVisitDraft({ pharmacy }), plan: '   ' };
    expect(toEndVisitRequest(blank, 'noShow').note).toBeNull();
  });

  it('sends the prescription only for a completed visit with it switched on', () => {
    expect(toEndVisitRequest(withRx, 'completed').prescription).toEqual({
      medication: 'Amoxicillin',
      strength: '500 mg',
      quantity: 20,
      refills: 0,
      directions: 'One capsule twice a day',
      pharmacyNcpdpId: '1234567',
    });
    expect(toEndVisitRequest(withRx, 'refund').prescription).toBeNull();
    expect(toEndVisitRequest({ ...withRx, rxOn: false }, 'completed').prescription).toBeNull();
    expect(
      toEndVisitRequest({ ...withRx, pharmacyNcpdpId: ' 7654321 ' }, 'completed').prescription
        ?.pharmacyNcpdpId,
    ).toBe('7654321');
    // A cleared pharmacy box sends none: the server uses the patient's pharmacy.
    expect(
      toEndVisitRequest({ ...withRx, pharmacyNcpdpId: '  ' }, 'completed').prescription
        ?.pharmacyNcpdpId,
    ).toBeNull();
  });
});

describe('checking the draft with the domain end-visit rules', () => {
  it('a complete note (and prescription) may be sent', () => {
    expect(checkEndVisitDraft(written, 'completed')).toEqual({ errors: {}, summary: null });
    expect(checkEndVisitDraft(withRx, 'completed')).toEqual({ errors: {}, summary: null });
  });

  it('completed without assessment and plan: both marked, the note sentence shown', () => {
    const draft = { ...written, assessment: ' ', plan: '' };
    expect(checkEndVisitDraft(draft, 'completed')).toEqual({
      errors: { assessment: 'common.required', plan: 'common.required' },
      summary: 'care.visit.noteRequired',
    });
  });

  it('refund without any note marks the assessment; with any part it may be sent', () => {
    const empty = emptyEndVisitDraft({ pharmacy });
    expect(checkEndVisitDraft(empty, 'refund')).toEqual({
      errors: { assessment: 'common.required' },
      summary: 'clinicUi.end.refundNoteRequired',
    });
    expect(checkEndVisitDraft({ ...empty, objective: 'Needs an exam' }, 'refund')).toEqual({
      errors: {},
      summary: null,
    });
  });

  it('a no-show needs nothing, even with a half-written prescription', () => {
    const draft = { ...emptyEndVisitDraft({ pharmacy }), rxOn: true, quantity: 'abc' };
    expect(checkEndVisitDraft(draft, 'noShow')).toEqual({ errors: {}, summary: null });
  });

  it('prescription fields carry their own keys; the sentence asks to check them', () => {
    const draft: EndVisitDraft = {
      ...withRx,
      medication: 'A',
      strength: ' ',
      quantity: '',
      refills: 12,
      directions: 'x',
      pharmacyNcpdpId: '1'.repeat(21),
    };
    expect(checkEndVisitDraft(draft, 'completed')).toEqual({
      errors: {
        medication: 'clinicUi.rx.medicationInvalid',
        strength: 'clinicUi.rx.strengthInvalid',
        quantity: 'clinicUi.rx.quantityInvalid',
        refills: 'clinicUi.rx.refillsInvalid',
        directions: 'clinicUi.rx.directionsInvalid',
        pharmacyNcpdpId: 'clinicUi.rx.pharmacyInvalid',
      },
      summary: 'clinicUi.end.fixErrors',
    });
  });

  it('an empty refills box is not a number (it is not taken as 0 refills)', () => {
    expect(checkEndVisitDraft({ ...withRx, refills: '' }, 'completed').errors).toEqual({
      refills: 'clinicUi.rx.refillsInvalid',
    });
    expect(checkEndVisitDraft({ ...withRx, quantity: 2.5 }, 'completed').errors).toEqual({
      quantity: 'clinicUi.rx.quantityInvalid',
    });
  });

  it('shows the note and the prescription problems together', () => {
    expect(checkEndVisitDraft({ ...withRx, plan: '', quantity: '' }, 'completed')).toEqual({
      errors: { plan: 'common.required', quantity: 'clinicUi.rx.quantityInvalid' },
      summary: 'care.visit.noteRequired',
    });
  });
});

describe('a Covid certification visit (issue 19)', () => {
  const tested: EndVisitDraft = {
    ...written,
    covidTestType: 'antigen',
    covidResult: 'negative',
    covidTestedOn: '2024-05-01',
  };

  it('is told by its care reason', () => {
    expect(recordsCovidTest({ reason: 'covidCertification' })).toBe(true);
    expect(recordsCovidTest({ reason: 'fever' })).toBe(false);
  });

  it('sends the test with a completed visit only, and never for another reason', () => {
    expect(toEndVisitRequest(tested, 'completed', true).covidTest).toEqual({
      testType: 'antigen',
      result: 'negative',
      testedOn: '2024-05-01',
    });
    expect(toEndVisitRequest(tested, 'refund', true).covidTest).toBeNull();
    expect(toEndVisitRequest(tested, 'noShow', true).covidTest).toBeNull();
    expect(toEndVisitRequest(tested, 'completed').covidTest).toBeNull();
  });

  it('a completed visit needs the type, the result and the day (covidTestSchema)', () => {
    expect(checkEndVisitDraft(tested, 'completed', true)).toEqual({ errors: {}, summary: null });
    expect(checkEndVisitDraft(written, 'completed', true)).toEqual({
      errors: {
        covidTestType: 'certificates.testTypeRequired',
        covidResult: 'certificates.resultRequired',
        covidTestedOn: 'certificates.testedOnRequired',
      },
      summary: 'certificates.testRequired',
    });
    expect(checkEndVisitDraft({ ...tested, covidTestedOn: '' }, 'completed', true).errors).toEqual({
      covidTestedOn: 'certificates.testedOnRequired',
    });
  });

  it('a refund or a no-show needs no test; other problems keep their own sentence', () => {
    expect(checkEndVisitDraft(written, 'refund', true)).toEqual({ errors: {}, summary: null });
    expect(checkEndVisitDraft({ ...emptyEndVisitDraft({ pharmacy }) }, 'noShow', true)).toEqual({
      errors: {},
      summary: null,
    });
    expect(checkEndVisitDraft({ ...written, plan: '' }, 'completed', true).summary).toBe(
      'care.visit.noteRequired',
    );
  });
});
