import { translate } from '@apothecall/domain/i18n/catalog';
import { describe, expect, it } from 'vitest';
import { balanceCoversFee, checkStatusNote, statusActionsOf } from './pharmacy-status-form';

describe('pharmacy status buttons', () => {
  it('gives one button per next status, from the per-status configuration', () => {
    const actions = statusActionsOf(['contacted', 'review', 'voided']);
    expect(actions.map((a) => a.status)).toEqual(['contacted', 'review', 'voided']);
    const review = actions[1];
    expect(review).toMatchObject({
      label: 'rxStatus.pharmacy.label.review',
      hint: 'rxStatus.pharmacy.hint.review',
      note: 'required',
      prompt: 'rxStatus.pharmacy.prompt.review',
      outline: true,
    });
    expect(translate('en', review?.prompt ?? 'rxStatus.pharmacy.prompt.review')).toBe(
      'Please Enter reason for your request to change the prescription. Only dosing change will be accepted.',
    );
    expect(translate('en', actions[0]?.prompt ?? 'rxStatus.pharmacy.prompt.contacted')).toBe(
      'Please enter note from patient contact.',
    );
  });

  it('leaves the claim to Submit Payment', () => {
    expect(statusActionsOf(['claimed', 'contacted']).map((a) => a.status)).toEqual(['contacted']);
  });

  it('marks completing statuses filled, the others and voided (destructive) outlined, and fulfilment notes optional', () => {
    const [ready, voided, unclaimed] = statusActionsOf(['ready', 'voided', 'unclaimed']);
    expect(ready).toMatchObject({ outline: false, note: 'optional' });
    expect(ready?.prompt).toBe('rxStatus.pharmacy.prompt.optionalNote');
    expect(voided).toMatchObject({ outline: true, destructive: true, note: 'required' });
    expect(ready).toMatchObject({ destructive: false });
    expect(unclaimed).toMatchObject({ outline: true, note: 'none', prompt: undefined });
  });
});

describe('the note of a status change (checked before sending, as the server does)', () => {
  it('requires a note for voided, contacted and review', () => {
    for (const status of ['voided', 'contacted', 'review'] as const) {
      expect(checkStatusNote(status, '   ')).toEqual({
        ok: false,
        messageKey: 'rxStatus.pharmacy.noteRequired',
      });
      expect(checkStatusNote(status, '  Called, no answer ')).toEqual({
        ok: true,
        note: 'Called, no answer',
      });
    }
  });

  it('lets ready ... delivered go with or without a note', () => {
    expect(checkStatusNote('ready', '')).toEqual({ ok: true, note: '' });
    expect(checkStatusNote('delivered', ' Left at the door ')).toEqual({
      ok: true,
      note: 'Left at the door',
    });
  });

  it('sends no note with a status that takes none', () => {
    expect(checkStatusNote('unclaimed', 'typed anyway')).toEqual({ ok: true, note: '' });
    expect(checkStatusNote('claimed', 'x')).toEqual({ ok: true, note: '' });
  });

  it('keeps a note within the 2000 characters the API takes', () => {
    const result = checkStatusNote('contacted', 'a'.repeat(2500));
    expect(result.ok && result.note.length).toBe(2000);
  });
});

describe('the claim fee', () => {
  it('is covered by a balance at least as large', () => {
    expect(balanceCoversFee(500, 500)).toBe(true);
    expect(balanceCoversFee(499, 500)).toBe(false);
  });
});
