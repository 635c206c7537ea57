import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { translate } from '../i18n/catalog';
import {
  appointmentPhase,
  appointmentStates,
  appointmentWindowMinutesDefault,
  checkCanBook,
  checkCanStart,
  isAppointmentVisible,
  isAvailableInLocation,
  scheduledAppointmentDropAfterMinutes,
  visibleAppointments,
} from './appointments.rules';

const start = Date.UTC(2025, 4, 1, 15, 0);
const min = 60_000;

describe('payment window (spec section 4, 15 minutes from configuration)', () => {
  it('is open from 15 minutes before to 15 minutes after the appointment time', () => {
    expect(appointmentPhase(start, start - 15 * min - 1)).toBe('tooEarly');
    expect(appointmentPhase(start, start - 15 * min)).toBe('open');
    expect(appointmentPhase(start, start)).toBe('open');
    expect(appointmentPhase(start, start + 15 * min)).toBe('open');
    expect(appointmentPhase(start, start + 15 * min + 1)).toBe('expired');
  });

  it('takes the window from configuration', () => {
    expect(appointmentPhase(start, start + 20 * min, 30)).toBe('open');
  });

  it('law: phases are ordered in time (tooEarly, then open, then expired)', () => {
    const rank = { tooEarly: 0, open: 1, expired: 2 } as const;
    fc.assert(
      fc.property(fc.integer({ min: -120, max: 120 }), fc.integer({ min: 0, max: 60 }), (t, d) => {
        const a = appointmentPhase(start, start + t * min);
        const b = appointmentPhase(start, start + (t + d) * min);
        expect(rank[a]).toBeLessThanOrEqual(rank[b]);
      }),
    );
  });

  it("an expired appointment answers 'Your appointment has expired. Please delete the appointment.'", () => {
    const r = checkCanStart({
      startTime: start,
      states: [],
      consultLocation: 'FL',
      now: start + 16 * min,
    });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(translate('en', r.messageKey)).toBe(
        'Your appointment has expired. Please delete the appointment.',
      );
    }
  });

  it('can start inside the window', () => {
    expect(
      checkCanStart({ startTime: start, states: ['FL'], consultLocation: 'FL', now: start }),
    ).toEqual({ ok: true });
  });

  it('too early names the window', () => {
    const r = checkCanStart({
      startTime: start,
      states: [],
      consultLocation: 'FL',
      now: start - 60 * min,
    });
    expect(r).toMatchObject({ ok: false, reason: 'tooEarly', params: { minutes: 15 } });
  });
});

describe('care location', () => {
  it("answers 'This appointment is not available in the current care location.'", () => {
    const r = checkCanStart({
      startTime: start,
      states: ['TX'],
      consultLocation: 'FL',
      now: start,
    });
    expect(r).toMatchObject({ ok: false, reason: 'location' });
    if (!r.ok) {
      expect(translate('en', r.messageKey)).toBe(
        'This appointment is not available in the current care location.',
      );
    }
  });

  it('reads the states of concerns2 (a JSON list)', () => {
    expect(appointmentStates('["FL","tx"]')).toEqual(['FL', 'TX']);
    expect(appointmentStates(['fl'])).toEqual(['FL']);
    expect(appointmentStates('')).toEqual([]);
    expect(appointmentStates('not json')).toEqual([]);
    expect(appointmentStates('{"a":1}')).toEqual([]);
    expect(isAvailableInLocation(['FL'], null)).toBe(false);
    expect(isAvailableInLocation([], 'FL')).toBe(true);
  });
});

describe('visibility (10 minutes after start)', () => {
  it('drops appointments older than 10 minutes after their start', () => {
    expect(isAppointmentVisible(start, start + 10 * min)).toBe(true);
    expect(isAppointmentVisible(start, start + 10 * min + 1)).toBe(false);
    const list = [
      { startTime: start + 60 * min },
      { startTime: start - 11 * min },
      { startTime: start },
    ];
    expect(visibleAppointments(list, start)).toEqual([
      { startTime: start },
      { startTime: start + 60 * min },
    ]);
  });
});

describe('booking (spec sections 4 and 6)', () => {
  it("is blocked for nonce, free and prepay prices with 'Appointments not available for this type of visit.'", () => {
    for (const price of [
      { priceObj: { price: 4900, nonce: 'n1' } },
      { price: 0 },
      { price: 4900, priceType: 'prepay' },
      { price: 4900, priceType: 'free' },
    ]) {
      const r = checkCanBook(price);
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(translate('en', r.messageKey)).toBe(
          'Appointments not available for this type of visit.',
        );
      }
    }
    expect(checkCanBook({ price: 4900, priceType: 'default' })).toEqual({ ok: true });
  });
});

describe('appointment timings (spec 9)', () => {
  it('opens a 15-minute window and drops a scheduled appointment 10 minutes after its start', () => {
    expect(appointmentWindowMinutesDefault).toBe(15);
    expect(scheduledAppointmentDropAfterMinutes).toBe(10);
  });
});
