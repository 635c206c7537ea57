import type { MessageKey } from '@apothecall/domain/i18n/catalog';
import type { Lang } from '@apothecall/domain/i18n/i18n.rules';
import type { SubscriptionView } from '@apothecall/domain/subscriptions/subscriptions.api';
import type {
  BillingPeriod,
  SubscriptionPlan,
  SubscriptionStatus,
} from '@apothecall/domain/subscriptions/subscriptions.rules';
import type { Translate } from '../../../lib/i18n';

/**
 * The labels a subscription is shown with (pure, and small: the patient's Home card uses them,
 * and the Home's bundle is tight). The screens' other helpers are in subscription-format.ts.
 */

export const planKeys: Readonly<Record<SubscriptionPlan, MessageKey>> = {
  individual: 'subscriptions.plan.individual',
  family: 'subscriptions.plan.family',
};

export const periodKeys: Readonly<Record<BillingPeriod, MessageKey>> = {
  quarterly: 'subscriptions.period.quarterly',
  semiannual: 'subscriptions.period.semiannual',
  annual: 'subscriptions.period.annual',
};

/** A colour beside each status's label (never the only sign: the label is always shown). */
export const statusColours: Readonly<Record<SubscriptionStatus, string>> = {
  active: '#2f9e44',
  cancelled: '#f59f00',
  inactive: '#868e96',
};

const usLocale = (lang: Lang) => (lang === 'es' ? 'es-US' : 'en-US');

/** An instant or a YYYY-MM-DD day as a date in the reader's language; unreadable as given. */
export function formatDay(iso: string, lang: Lang): string {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso}T12:00:00` : iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(usLocale(lang), { dateStyle: 'medium' }).format(date);
}

/** 'Renews on {date}' (active), 'Ends on {date}' (cancelled); null when inactive or undated. */
export function renewalText(
  t: Translate,
  view: Pick<SubscriptionView, 'status' | 'renewDate'>,
  lang: Lang,
): string | null {
  if (view.renewDate === null || view.status === 'inactive') return null;
  const date = formatDay(view.renewDate, lang);
  return view.status === 'cancelled'
    ? t('subscriptions.endsOn', { date })
    : t('subscriptions.renewsOn', { date });
}
