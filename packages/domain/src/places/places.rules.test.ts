import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { translate } from '../i18n/catalog';
import {
  asyncRestrictedStates,
  defaultStateList,
  effectiveStateList,
  gabapentinRestrictedStates,
  inStoreAssessmentUnavailableStates,
  isUsStateCode,
  normalizeStateCode,
  onDemandStates,
  requirementMessageKey,
  serviceAvailability,
  stateNameKey,
  telemedicineRequirement,
  usStateCodes,
  usStates,
  type VisitKind,
} from './places.rules';

const visitKinds: VisitKind[] = ['onDemand', 'async', 'appointment', 'inStoreAssessment'];

describe('US states', () => {
  it('lists the 50 states and DC once each, with en and es names', () => {
    expect(usStateCodes).toHaveLength(51);
    expect(new Set(usStateCodes).size).toBe(51);
    expect(usStates.map((s) => s.code)).toEqual([...usStateCodes]);
    expect(translate('en', stateNameKey('NY'))).toBe('New York');
    expect(translate('es', stateNameKey('NY'))).toBe('Nueva York');
    expect(translate('es', stateNameKey('FL'))).toBe('Florida');
  });

  it('normalises codes case-insensitively and rejects anything else', () => {
    expect(normalizeStateCode(' fl ')).toBe('FL');
    expect(normalizeStateCode('PR')).toBeUndefined();
    expect(normalizeStateCode('Florida')).toBeUndefined();
    expect(isUsStateCode('TX')).toBe(true);
    expect(isUsStateCode('tx')).toBe(false);
  });

  it('keeps every listed state inside the US state list (spec section 9 lists)', () => {
    const lists = [
      defaultStateList,
      onDemandStates,
      gabapentinRestrictedStates,
      inStoreAssessmentUnavailableStates,
      Object.keys(asyncRestrictedStates),
    ];
    for (const list of lists) {
      for (const code of list)
        expect({ code, ok: isUsStateCode(code) }).toEqual({ code, ok: true });
    }
  });
});

describe('spec section 9 state lists', () => {
  it('has the 21 gabapentin-restricted states', () => {
    expect([...gabapentinRestrictedStates].sort()).toEqual(
      [
        'AL',
        'KY',
        'MI',
        'ND',
        'TN',
        'VA',
        'WV',
        'CT',
        'KS',
        'MA',
        'IN',
        'DC',
        'NJ',
        'MN',
        'NE',
        'OH',
        'UT',
        'WY',
        'OR',
        'NC',
        'WI',
      ].sort(),
    );
  });

  it('maps each async-only restricted state to its telemedicine requirement', () => {
    const written = Object.fromEntries(
      Object.entries(asyncRestrictedStates).map(([code, r]) => [
        code,
        `${r.scope === 'firstVisit' ? '1st ' : ''}${r.mode === 'video' ? 'Video' : 'Call'}`,
      ]),
    );
    expect(written).toEqual({
      AR: '1st Video',
      DC: '1st Call',
      LA: 'Call',
      MD: '1st Video',
      MN: 'Video',
      MS: 'Call',
      NY: 'Video',
      OK: '1st Video',
      RI: 'Call',
      WA: '1st Call',
      WV: '1st Call',
    });
    expect(telemedicineRequirement('fl')).toBeUndefined();
    expect(telemedicineRequirement('ar')).toEqual({ mode: 'video', scope: 'firstVisit' });
  });

  it('has the 11 states without in-store assessment (spec section 1)', () => {
    expect([...inStoreAssessmentUnavailableStates].sort()).toEqual(
      ['AR', 'DC', 'LA', 'MD', 'MN', 'MS', 'NY', 'OK', 'RI', 'WA', 'WV'].sort(),
    );
  });

  it('explains every requirement in both languages', () => {
    for (const requirement of Object.values(asyncRestrictedStates)) {
      const key = requirementMessageKey(requirement);
      expect(translate('en', key, { state: 'AR' })).toContain('AR');
      expect(translate('es', key, { state: 'AR' })).toContain('AR');
    }
  });
});

describe('effectiveStateList', () => {
  it('falls back to the default state list (FL) when the configured list is empty', () => {
    expect(effectiveStateList([])).toEqual(['FL']);
    expect(effectiveStateList(undefined)).toEqual(['FL']);
    expect(effectiveStateList([' ', ''])).toEqual(['FL']);
    expect(effectiveStateList(['tx', 'NY'])).toEqual(['TX', 'NY']);
  });
});

describe('serviceAvailability', () => {
  it('offers on-demand visits in FL by default and refuses TX until TX is configured', () => {
    expect(serviceAvailability('FL', 'onDemand')).toEqual({ offered: true });
    expect(serviceAvailability('TX', 'onDemand')).toMatchObject({ offered: false });
    expect(serviceAvailability('TX', 'onDemand', { availableStates: ['FL', 'TX'] })).toEqual({
      offered: true,
    });
  });

  it('never offers on-demand visits outside FL and TX, even when configured', () => {
    expect(serviceAvailability('NY', 'onDemand', { availableStates: ['NY'] })).toEqual({
      offered: false,
      reason: 'places.serviceUnavailable',
      params: { state: 'NY' },
    });
  });

  it('offers appointments in the configured states', () => {
    expect(serviceAvailability('GA', 'appointment', { availableStates: ['GA'] })).toEqual({
      offered: true,
    });
    expect(serviceAvailability('GA', 'appointment')).toMatchObject({ offered: false });
  });

  it("answers 'Service unavailable in {state}' with the state filled in", () => {
    const answer = serviceAvailability('ca', 'appointment');
    expect(answer).toEqual({
      offered: false,
      reason: 'places.serviceUnavailable',
      params: { state: 'CA' },
    });
    if (!answer.offered) {
      expect(translate('en', answer.reason, answer.params)).toBe('Service unavailable in CA');
      expect(translate('es', answer.reason, answer.params)).toBe('Servicio no disponible en CA');
    }
  });

  it('refuses async visits in restricted states and names the requirement', () => {
    const answer = serviceAvailability('NY', 'async', { asyncStates: ['NY', 'FL'] });
    expect(answer).toEqual({
      offered: false,
      reason: 'places.serviceUnavailable',
      params: { state: 'NY' },
      requirement: { mode: 'video', scope: 'everyVisit' },
      requirementKey: 'places.requirement.video.everyVisit',
    });
  });

  it('allows async visits in a "1st" state after the required first encounter', () => {
    const asyncStates = ['AR', 'DC', 'LA'];
    expect(serviceAvailability('AR', 'async', { asyncStates })).toMatchObject({ offered: false });
    expect(
      serviceAvailability('AR', 'async', { asyncStates, priorEncounter: 'call' }),
    ).toMatchObject({ offered: false });
    expect(serviceAvailability('AR', 'async', { asyncStates, priorEncounter: 'video' })).toEqual({
      offered: true,
    });
    expect(serviceAvailability('DC', 'async', { asyncStates, priorEncounter: 'call' })).toEqual({
      offered: true,
    });
    expect(serviceAvailability('DC', 'async', { asyncStates, priorEncounter: 'video' })).toEqual({
      offered: true,
    });
    expect(
      serviceAvailability('LA', 'async', { asyncStates, priorEncounter: 'video' }),
    ).toMatchObject({ offered: false });
  });

  it('uses the default state list for async visits when none are configured', () => {
    expect(serviceAvailability('FL', 'async')).toEqual({ offered: true });
    expect(serviceAvailability('GA', 'async', { asyncStates: [] })).toMatchObject({
      offered: false,
    });
  });

  it('offers in-store assessment except in the 11 listed states', () => {
    expect(serviceAvailability('GA', 'inStoreAssessment')).toEqual({ offered: true });
    for (const state of inStoreAssessmentUnavailableStates) {
      expect(serviceAvailability(state, 'inStoreAssessment')).toMatchObject({
        offered: false,
        params: { state },
      });
    }
  });

  it('lets roles available everywhere use any state except for in-store limits', () => {
    const options = { availableEverywhere: true };
    expect(serviceAvailability('NY', 'async', options)).toEqual({ offered: true });
    expect(serviceAvailability('GA', 'appointment', options)).toEqual({ offered: true });
    expect(serviceAvailability('NY', 'inStoreAssessment', options)).toMatchObject({
      offered: false,
    });
  });

  it('refuses unknown places for every visit kind, echoing what was given', () => {
    for (const kind of visitKinds) {
      expect(serviceAvailability('Puerto Rico', kind)).toEqual({
        offered: false,
        reason: 'places.serviceUnavailable',
        params: { state: 'Puerto Rico' },
      });
    }
  });

  it('never throws and always answers one of the two shapes (property)', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.constantFrom(...visitKinds),
        fc.array(fc.string()),
        (state, kind, list) => {
          const answer = serviceAvailability(state, kind, {
            availableStates: list,
            asyncStates: list,
          });
          if (answer.offered) expect(normalizeStateCode(state)).toBeDefined();
          else expect(answer.reason).toBe('places.serviceUnavailable');
        },
      ),
    );
  });
});
