import { translate } from '@apothecall/domain/i18n/catalog';
import type { Lang } from '@apothecall/domain/i18n/i18n.rules';
import { formatUsd } from '@apothecall/domain/pricing/pricing.rules';
import type { JobDefinition, JobPayloads } from '../../platform/jobs/jobs';
import type { Mailer } from '../../platform/mail.service';
import type { AccountsPort } from '../accounts/accounts.port';
import type { PaymentsPort } from '../payments/payments.port';
import type { RenewalNoticeKind } from './subscription-renewals';
import type { SubscriptionsRepo } from './subscriptions.repo';

declare module '../../platform/jobs/jobs' {
  interface JobPayloads {
    /** Tell a member about a renewal: paid (receipt), declined (retry), or the plan's end. */
    'subscriptions.notice': { subscriptionId: string; kind: RenewalNoticeKind };
  }
}

const texts = {
  receipt: ['subscriptions.mail.receipt.subject', 'subscriptions.mail.receipt.body'],
  retry: ['subscriptions.mail.retry.subject', 'subscriptions.mail.retry.body'],
  inactive: ['subscriptions.mail.inactive.subject', 'subscriptions.mail.inactive.body'],
} as const;

function dateText(at: Date | null, lang: Lang): string {
  if (!at) return '';
  return at.toLocaleDateString(lang === 'es' ? 'es-US' : 'en-US', {
    timeZone: 'UTC',
    dateStyle: 'long',
  });
}

/**
 * E-mails the member in their language (the job is sent once per renewal and try, so a notice
 * goes once). The text names the amount, the card's last four and dates; nothing clinical.
 */
export function subscriptionNoticeJob(deps: {
  repo: Pick<SubscriptionsRepo, 'byId'>;
  accounts: Pick<AccountsPort, 'loginId' | 'holderContact'>;
  payments: Pick<PaymentsPort, 'cardsOnFile'>;
  mailer: Mailer;
  attempts: number;
}): JobDefinition<JobPayloads, 'subscriptions.notice'> {
  return {
    name: 'subscriptions.notice',
    options: { retryLimit: 5, retryDelaySeconds: 30, retryBackoff: true, expireInSeconds: 120 },
    async handler({ subscriptionId, kind }) {
      const sub = await deps.repo.byId(subscriptionId);
      if (!sub) return;
      const to = await deps.accounts.loginId(sub.accountId);
      if (!to?.includes('@')) return;
      const contact = await deps.accounts.holderContact(sub.accountId);
      const lang: Lang = contact?.language === 'es' ? 'es' : 'en';
      const card = (await deps.payments.cardsOnFile(sub.accountId)).find(
        (c) => c.profileId === sub.paymentProfileId,
      );
      const params = {
        amount: formatUsd(sub.billedCents),
        last4: card?.last4 ?? '----',
        date: dateText(kind === 'retry' ? sub.retryAt : sub.renewAt, lang),
        attempts: deps.attempts,
      };
      const [subject, body] = texts[kind];
      await deps.mailer.send({
        to,
        subject: translate(lang, subject),
        text: translate(lang, body, params),
      });
    },
  };
}
