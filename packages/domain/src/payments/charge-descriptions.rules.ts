import { careReasons } from '../care/care-reasons';
import { translate } from '../i18n/catalog';
import type { Lang } from '../i18n/i18n.rules';

/**
 * What a charge is for, as stored and as people read it (issue 13: 'On-demand visit
 * (soreThroat)' reached patients in both languages). The ledger keeps one language-neutral
 * form (it also goes to the gateway as the order description); every answer shows it in the
 * reader's language.
 */
const visitCharge = /^On-demand visit \(([A-Za-z0-9]+)\)$/;

/** The stored description of an on-demand visit's charge. */
export function visitChargeDescription(reasonId: string): string {
  return `On-demand visit (${reasonId})`;
}

/** A stored description as the reader reads it; anything not recognised is shown as stored. */
export function describeCharge(lang: Lang, stored: string): string {
  const visit = visitCharge.exec(stored);
  if (!visit) return stored;
  const reason = careReasons.find((r) => r.id === visit[1]);
  return translate(lang, 'payments.description.visit', {
    reason: reason
      ? translate(lang, reason.labelKey)
      : translate(lang, 'payments.description.care'),
  });
}
