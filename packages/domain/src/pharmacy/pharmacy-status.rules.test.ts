import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { translate } from '../i18n/catalog';
import { rxVisitStatuses } from '../rx/rx-status.rules';
import {
  canChangePharmacyStatus,
  checkStatusChange,
  claimableStatuses,
  completedStatuses,
  displayOnlyStatuses,
  isCompleted,
  isPreClaim,
  markPrescriptionChanged,
  noteRuleFor,
  pharmacyStatusColour,
  pharmacyStatusConfig,
  pharmacyStatusConfigs,
  pharmacyStatuses,
  pharmacyStatusLabelKey,
  pharmacyStatusRank,
  type StatusActor,
  showsStatusChanged,
  statusChangedLabelKey,
  takesNote,
} from './pharmacy-status.rules';

const status = fc.constantFrom(...pharmacyStatuses);
const actor = fc.constantFrom<StatusActor>('pharmacy', 'prescriber');

describe('pharmacy-side statuses (spec section 4)', () => {
  it('keeps the spec order', () => {
    expect(pharmacyStatuses).toEqual([
      'cancel',
      'voided',
      'denied',
      'unclaimed',
      'contacted',
      'review',
      'approved',
      'claimed',
      'ready',
      'shipped',
      'picked-up',
      'delivered',
    ]);
  });

  it('is a subset of the Rx visit statuses', () => {
    for (const s of pharmacyStatuses) expect(rxVisitStatuses).toContain(s);
  });

  it('has the spec claimable and completed sets', () => {
    expect([...claimableStatuses].sort()).toEqual(['approved', 'denied', 'unclaimed']);
    expect([...completedStatuses].sort()).toEqual(
      ['claimed', 'delivered', 'picked-up', 'ready', 'shipped', 'voided'].sort(),
    );
  });

  it('takes a note for voided, contacted, review, ready, shipped, picked-up, delivered; none for claimed', () => {
    const withNote = pharmacyStatuses.filter(takesNote);
    expect(withNote).toEqual([
      'voided',
      'contacted',
      'review',
      'ready',
      'shipped',
      'picked-up',
      'delivered',
    ]);
    expect(noteRuleFor('claimed')).toBe('none');
    expect(noteRuleFor('voided')).toBe('required');
    expect(noteRuleFor('contacted')).toBe('required');
    expect(noteRuleFor('review')).toBe('required');
    expect(noteRuleFor('ready')).toBe('optional');
  });
});

describe('allowed pharmacy-side changes (decision)', () => {
  it('claims only from claimable statuses', () => {
    fc.assert(
      fc.property(status, actor, (from, who) => {
        if (canChangePharmacyStatus(from, 'claimed', who)) {
          expect(claimableStatuses as readonly string[]).toContain(from);
        }
      }),
    );
    expect(canChangePharmacyStatus('unclaimed', 'claimed')).toBe(true);
    expect(canChangePharmacyStatus('contacted', 'claimed')).toBe(false);
  });

  it('law: review is reachable only before the visit is claimed', () => {
    fc.assert(
      fc.property(status, actor, (from, who) => {
        if (canChangePharmacyStatus(from, 'review', who)) expect(isPreClaim(from)).toBe(true);
      }),
    );
    expect(canChangePharmacyStatus('claimed', 'review')).toBe(false);
  });

  it('law: a completed status never goes back to a non-completed one', () => {
    fc.assert(
      fc.property(status, status, actor, (from, to, who) => {
        if (isCompleted(from) && canChangePharmacyStatus(from, to, who)) {
          expect(isCompleted(to)).toBe(true);
        }
      }),
    );
  });

  it('law: after claiming, statuses only move forward in the spec order', () => {
    fc.assert(
      fc.property(status, status, actor, (from, to, who) => {
        if (pharmacyStatusRank(from) >= pharmacyStatusRank('claimed')) {
          if (canChangePharmacyStatus(from, to, who)) {
            expect(pharmacyStatusRank(to)).toBeGreaterThan(pharmacyStatusRank(from));
          }
        }
      }),
    );
    expect(canChangePharmacyStatus('ready', 'shipped')).toBe(true);
    expect(canChangePharmacyStatus('shipped', 'ready')).toBe(false);
  });

  it('law: cancel, voided and delivered are final', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('cancel', 'voided', 'delivered' as const),
        status,
        actor,
        (f, t, w) => {
          expect(canChangePharmacyStatus(f, t, w)).toBe(false);
        },
      ),
    );
  });

  it('lets only the prescriber answer a review with approved or denied', () => {
    expect(canChangePharmacyStatus('review', 'approved', 'prescriber')).toBe(true);
    expect(canChangePharmacyStatus('review', 'denied', 'prescriber')).toBe(true);
    expect(canChangePharmacyStatus('review', 'approved', 'pharmacy')).toBe(false);
  });

  it('checks the note of a change', () => {
    expect(checkStatusChange({ from: 'unclaimed', to: 'contacted', note: '  ' })).toMatchObject({
      ok: false,
      code: 'noteRequired',
    });
    expect(
      checkStatusChange({ from: 'unclaimed', to: 'contacted', note: ' Called patient ' }),
    ).toEqual({ ok: true, note: 'Called patient' });
    expect(checkStatusChange({ from: 'unclaimed', to: 'claimed', note: 'x' })).toMatchObject({
      ok: false,
      code: 'noteNotAccepted',
    });
    expect(checkStatusChange({ from: 'unclaimed', to: 'claimed' })).toEqual({
      ok: true,
      note: undefined,
    });
    expect(checkStatusChange({ from: 'claimed', to: 'ready' })).toEqual({
      ok: true,
      note: undefined,
    });
    expect(checkStatusChange({ from: 'delivered', to: 'ready' })).toMatchObject({
      ok: false,
      code: 'notAllowed',
    });
  });
});

describe('per-status configuration (spec section 3)', () => {
  it('labels the claimed button Submit Payment', () => {
    const claimed = pharmacyStatusConfig('claimed');
    expect(claimed.statusButtonLabel && translate('en', claimed.statusButtonLabel)).toBe(
      'Submit Payment',
    );
    expect(claimed.textInput).toBe(false);
    expect(claimed.rxCompleted).toBe(true);
  });

  it('uses the two spec prompts', () => {
    const contacted = pharmacyStatusConfig('contacted').statusPrompt;
    const review = pharmacyStatusConfig('review').statusPrompt;
    expect(contacted && translate('en', contacted)).toBe('Please enter note from patient contact.');
    expect(review && translate('en', review)).toBe(
      'Please Enter reason for your request to change the prescription. Only dosing change will be accepted.',
    );
  });

  it('law: the configuration agrees with the sets and every key has text in en and es', () => {
    fc.assert(
      fc.property(status, (s) => {
        const c = pharmacyStatusConfigs[s];
        expect(c.claimable).toBe((claimableStatuses as readonly string[]).includes(s));
        expect(c.rxCompleted).toBe(isCompleted(s));
        // Only a completing, non-destructive status is a filled button.
        expect(c.destructive).toBe(s === 'voided');
        expect(c.outline).toBe(!isCompleted(s) || s === 'voided');
        expect(c.textInput).toBe(takesNote(s));
        expect(c.statusPrompt !== undefined).toBe(takesNote(s));
        for (const key of [c.label, c.patientStatus, c.assignHint]) {
          expect(translate('en', key)).not.toBe('');
          expect(translate('es', key)).not.toBe('');
        }
      }),
    );
  });
});

describe('display colours and the status-changed marker', () => {
  it('colours every status including transmitted, ERROR and Transmit-Error', () => {
    for (const s of [...pharmacyStatuses, ...displayOnlyStatuses]) {
      expect(pharmacyStatusColour(s).hex).toMatch(/^#[0-9a-f]{6}$/);
      expect(translate('en', pharmacyStatusLabelKey(s))).not.toBe('');
    }
    expect(pharmacyStatusColour('ERROR').token).toBe('red');
  });

  it('marks a visit whose prescription the provider changed', () => {
    const visit = { id: '1', status: 'approved' as const };
    expect(showsStatusChanged(visit)).toBe(false);
    expect(showsStatusChanged(markPrescriptionChanged(visit))).toBe(true);
    expect(translate('en', statusChangedLabelKey)).toBe('Status changed');
  });
});
