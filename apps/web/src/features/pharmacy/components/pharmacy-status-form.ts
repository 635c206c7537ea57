import {
  type NoteRule,
  noteRuleFor,
  type PharmacyStatus,
  pharmacyStatusConfig,
} from '@apothecall/domain/pharmacy/pharmacy-status.rules';
import type { RxStatusMessageKey } from '@apothecall/domain/rx/rx-status.messages';

/**
 * What the visit's status buttons need, from the domain's per-status configuration: one button
 * per status the server says may come next (its label, outlined or not, its meaning as the
 * description), and for the chosen one whether a note is asked, its prompt, and the client's
 * check of the note with the same rule the server applies (noteRuleFor).
 */
export interface StatusAction {
  readonly status: PharmacyStatus;
  readonly label: RxStatusMessageKey;
  readonly hint: RxStatusMessageKey;
  readonly outline: boolean;
  /** Ends the visit for the patient (voided): the red secondary look. */
  readonly destructive: boolean;
  readonly note: NoteRule;
  readonly prompt: RxStatusMessageKey | undefined;
}

export function statusActionsOf(nextStatuses: readonly PharmacyStatus[]): StatusAction[] {
  // The claim has its own button (Submit Payment, with the fee confirmed first).
  return nextStatuses
    .filter((status) => status !== 'claimed')
    .map((status) => {
      const config = pharmacyStatusConfig(status);
      return {
        status,
        label: config.statusButtonLabel ?? config.label,
        hint: config.assignHint,
        outline: config.outline,
        destructive: config.destructive,
        note: noteRuleFor(status),
        prompt: config.statusPrompt,
      };
    });
}

export type NoteCheck =
  | { readonly ok: true; readonly note: string }
  | { readonly ok: false; readonly messageKey: 'rxStatus.pharmacy.noteRequired' };

/**
 * The note sent with a change: trimmed; required for voided, contacted and review (a blank one
 * is refused here before anything is sent); dropped for a status that takes none.
 */
export function checkStatusNote(status: PharmacyStatus, note: string): NoteCheck {
  const rule = noteRuleFor(status);
  const trimmed = note.trim();
  if (rule === 'none') return { ok: true, note: '' };
  if (rule === 'required' && trimmed === '') {
    return { ok: false, messageKey: 'rxStatus.pharmacy.noteRequired' };
  }
  return { ok: true, note: trimmed.slice(0, 2000) };
}

/** Whether the claim's prepay balance covers its fee (the server refuses it otherwise). */
export function balanceCoversFee(balance: number, fee: number): boolean {
  return balance >= fee;
}
