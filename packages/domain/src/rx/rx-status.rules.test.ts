import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { translate } from '../i18n/catalog';
import { rxStatusMessages } from './rx-status.messages';
import {
  applyReceivedStatus,
  canTransition,
  finalRxStatuses,
  isFinalRxStatus,
  isRxVisitStatus,
  nextRxStatuses,
  patientStatusTextKey,
  reactToReceivedStatus,
  rxStatusColour,
  rxVisitStatuses,
} from './rx-status.rules';

const status = fc.constantFrom(...rxVisitStatuses);

describe('patient-side Rx status transitions (spec section 4)', () => {
  it('follows the allowed-changes table row by row', () => {
    expect(nextRxStatuses('waiting')).toEqual(['started', 'refund', 'exit']);
    expect(nextRxStatuses('started')).toEqual(['ended', 'refund', 'exit']);
    expect(nextRxStatuses('ended')).toEqual(['rxed', 'refund', 'exit']);
    expect(nextRxStatuses('rxed')).toEqual(['refund', 'exit']);
    expect(nextRxStatuses('exit')).toEqual(['started', 'refund']);
    expect(nextRxStatuses('refund')).toEqual([]);
    expect(nextRxStatuses('review')).toEqual([]);
  });

  it('rejects changes the table does not list', () => {
    expect(canTransition('waiting', 'rxed')).toBe(false);
    expect(canTransition('ended', 'started')).toBe(false);
    expect(canTransition('exit', 'ended')).toBe(false);
    expect(canTransition('waiting', 'started')).toBe(true);
    expect(canTransition('exit', 'started')).toBe(true);
  });

  it('leaves statuses outside the table unrestricted', () => {
    expect(canTransition('unclaimed', 'claimed')).toBe(true);
    expect(canTransition('claimed', 'waiting')).toBe(true);
    expect(canTransition('pendingMedPayment', 'delivered')).toBe(true);
  });

  it('has refund and review as the final states', () => {
    expect([...finalRxStatuses].sort()).toEqual(['refund', 'review']);
  });

  it('law: no transition leaves a final state', () => {
    fc.assert(
      fc.property(status, status, (from, to) => {
        if (isFinalRxStatus(from)) expect(canTransition(from, to)).toBe(false);
      }),
    );
  });

  it('law: a status never transitions to itself', () => {
    fc.assert(
      fc.property(status, (s) => {
        expect(canTransition(s, s)).toBe(false);
      }),
    );
  });

  it('law: canTransition agrees with nextRxStatuses', () => {
    fc.assert(
      fc.property(status, status, (from, to) => {
        expect(canTransition(from, to)).toBe(from !== to && nextRxStatuses(from).includes(to));
      }),
    );
  });

  it('recognises status strings', () => {
    expect(isRxVisitStatus('picked-up')).toBe(true);
    expect(isRxVisitStatus('pickedUp')).toBe(false);
    expect(isRxVisitStatus(3)).toBe(false);
  });
});

describe('status colours and texts', () => {
  it('uses the spec colours', () => {
    expect(rxStatusColour('waiting').token).toBe('red');
    expect(rxStatusColour('started').token).toBe('blue');
    expect(rxStatusColour('ended').token).toBe('lightBlue');
    expect(rxStatusColour('refund').token).toBe('grey');
    expect(rxStatusColour('exit').token).toBe('yellow');
    expect(rxStatusColour('rxed').token).toBe('green');
    expect(rxStatusColour('review').token).toBe('lightGrey');
  });

  it('law: every status has a colour with a hex value and a text in en and es', () => {
    fc.assert(
      fc.property(status, (s) => {
        expect(rxStatusColour(s).hex).toMatch(/^#[0-9a-f]{6}$/);
        const key = patientStatusTextKey(s);
        expect(rxStatusMessages.en[key].length).toBeGreaterThan(0);
        expect(rxStatusMessages.es[key].length).toBeGreaterThan(0);
      }),
    );
  });

  it('shows the spec patient texts', () => {
    const text = (s: Parameters<typeof patientStatusTextKey>[0]) =>
      translate('en', patientStatusTextKey(s)).toLowerCase();
    expect(text('waiting')).toBe('pending medical review');
    expect(text('started')).toBe('medical review in progress');
    expect(text('ended')).toBe('medical review in progress');
    expect(text('exit')).toBe('additional information requested');
    expect(text('voided')).toBe('prescription cannot be filled');
    expect(text('unclaimed')).toBe('awaiting pharmacy processing');
    expect(text('contacted')).toBe('pharmacy awaiting your response');
    expect(text('review')).toBe('pharmacy awaiting prescriber review');
    expect(text('pendingMedPayment')).toBe('authorized pending medication payment');
    expect(text('claimed')).toBe('pharmacy processing');
    expect(text('denied')).toBe('awaiting pharmacy action');
    expect(text('approved')).toBe('awaiting pharmacy action');
    expect(text('ready')).toBe('ready for pickup');
    expect(text('shipped')).toBe('shipped');
    expect(text('picked-up')).toBe('picked up');
    expect(text('delivered')).toBe('delivered');
  });
});

describe('receiving a status in the app', () => {
  it('unclaimed raises the new-unclaimed count and notifies', () => {
    expect(reactToReceivedStatus({ id: '7', status: 'unclaimed' })).toEqual({
      kind: 'newUnclaimed',
      id: '7',
      notify: true,
    });
    const next = applyReceivedStatus(
      { visits: [{ id: '7', status: 'waiting' }], newUnclaimedCount: 2 },
      { id: '7', status: 'unclaimed' },
    );
    expect(next).toEqual({ visits: [{ id: '7', status: 'unclaimed' }], newUnclaimedCount: 3 });
  });

  it('cancel removes the visit from the list', () => {
    const next = applyReceivedStatus(
      {
        visits: [
          { id: '1', status: 'waiting' },
          { id: '2', status: 'waiting' },
        ],
        newUnclaimedCount: 0,
      },
      { id: '1', status: 'cancel' },
    );
    expect(next.visits).toEqual([{ id: '2', status: 'waiting' }]);
  });

  it("any other status shows 'Your {name} visit of {date}: {status}', no id", () => {
    const action = reactToReceivedStatus({ id: '9', status: 'rxed' });
    expect(action.kind).toBe('toast');
    if (action.kind !== 'toast') return;
    expect(action.params).toEqual({ status: 'rxed' });
    const named = { ...action.params, name: 'Hair loss', date: 'Nov 27, 2026' };
    expect(translate('en', action.messageKey, named)).toBe(
      'Your Hair loss visit of Nov 27, 2026: rxed',
    );
    expect(translate('es', action.messageKey, named)).toBe(
      'Su consulta de Hair loss del Nov 27, 2026: rxed',
    );
    const next = applyReceivedStatus(
      { visits: [{ id: '9', status: 'ended' }], newUnclaimedCount: 0 },
      { id: '9', status: 'rxed' },
    );
    expect(next).toEqual({ visits: [{ id: '9', status: 'rxed' }], newUnclaimedCount: 0 });
  });
});
