import { careReasons } from '../care/care-reasons';
import { translate } from '../i18n/catalog';
import { type Lang, pluralForm } from '../i18n/i18n.rules';

/**
 * What a charge is for, as stored and as people read it (so no patient reads 'On-demand
 * visit (soreThroat)', in either language). The ledger keeps one language-neutral
 * form (it also goes to the gateway as the order description); every answer shows it in the
 * reader's language.
 */
const visitCharge = /^On-demand visit \(([A-Za-z0-9]+)\)$/;
const subscriptionCharge = /^Subscription( renewal)? \((plan|rx):([a-z0-9-]+):([a-z0-9-]+)\)$/;
const plans = ['individual', 'family'] as const;
const periods = ['quarterly', 'semiannual', 'annual'] as const;

/**
 * The stored description of a subscription's charge: a visit plan (plan and period)
 * or an rx subscription (service and months), bought or renewed.
 */
export function subscriptionChargeDescription(
  what: { plan: string; period: string } | { serviceId: string; months: number },
  renewal: boolean,
): string {
  const body =
    'plan' in what ? `plan:${what.plan}:${what.period}` : `rx:${what.serviceId}:${what.months}`;
  return `Subscription${renewal ? ' renewal' : ''} (${body})`;
}

function describeSubscription(lang: Lang, match: RegExpExecArray): string {
  const [, renewal, kind, a = '', b = ''] = match;
  let what: string;
  if (kind === 'plan') {
    const plan = plans.find((p) => p === a);
    const period = periods.find((p) => p === b);
    what = translate(lang, 'payments.description.subscriptionPlan', {
      plan: plan ? translate(lang, `subscriptions.plan.${plan}`) : a,
      period: period ? translate(lang, `subscriptions.period.${period}`) : b,
    });
  } else {
    const months = Number(b);
    const key = pluralForm(lang, months, {
      one: 'payments.description.subscriptionRx.one',
      other: 'payments.description.subscriptionRx.other',
    });
    what = translate(lang, key, { months: b });
  }
  return renewal ? translate(lang, 'payments.description.renewal', { what }) : what;
}

/** The stored description of an on-demand visit's charge. */
export function visitChargeDescription(reasonId: string): string {
  return `On-demand visit (${reasonId})`;
}

/** A stored description as the reader reads it; anything not recognised is shown as stored. */
export function describeCharge(lang: Lang, stored: string): string {
  const subscription = subscriptionCharge.exec(stored);
  if (subscription) return describeSubscription(lang, subscription);
  const visit = visitCharge.exec(stored);
  if (!visit) return stored;
  const reason = careReasons.find((r) => r.id === visit[1]);
  return translate(lang, 'payments.description.visit', {
    reason: reason
      ? translate(lang, reason.labelKey)
      : translate(lang, 'payments.description.care'),
  });
}
