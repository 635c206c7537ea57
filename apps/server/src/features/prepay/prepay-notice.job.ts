import { translate } from '@apothecall/domain/i18n/catalog';
import type { EventBus } from '../../platform/events';
import type { JobDefinition, JobPayloads } from '../../platform/jobs/jobs';
import type { Mailer } from '../../platform/mail.service';
import type { SmsSender } from '../../platform/sms.service';
import type { PrepayRepo } from './prepay.repo';
import { notificationsOf } from './prepay.service';

export type PrepayNoticeKind = 'lowBalance' | 'prepayClaimed' | 'prepayRx' | 'prepayRxDenied';

declare module '../../platform/jobs/jobs' {
  interface JobPayloads {
    /** Tell a program's holder about it (ids only; the notice names no patient). */
    'prepay.notice': { programId: string; kind: PrepayNoticeKind };
  }
}

const texts = {
  lowBalance: ['prepay.notify.lowBalance.subject', 'prepay.notify.lowBalance'],
  prepayClaimed: ['prepay.notify.claimed.subject', 'prepay.notify.claimed'],
  prepayRx: ['prepay.notify.rx.subject', 'prepay.notify.rx'],
  prepayRxDenied: ['prepay.notify.rxDenied.subject', 'prepay.notify.rxDenied'],
} as const;

/**
 * Tells a program's holder, by e-mail and/or SMS as its notification settings say (spec
 * section 4: low balance, prepay claimed, prepay rx, prepay rx denied). Sent once per event:
 * the send's idempotency key is the kind and the redemption that caused it; the low-balance
 * notice is sent only by the redemption that crossed the limit, once per crossing (domain
 * shouldNotifyLowBalance).
 * The text names the program and links to it, never the patient or the treatment.
 */
export function prepayNoticeJob(deps: {
  repo: Pick<PrepayRepo, 'program'>;
  mailer: Mailer;
  sms: SmsSender;
  publicUrl: string;
  events?: Pick<EventBus, 'emit'>;
}): JobDefinition<JobPayloads, 'prepay.notice'> {
  return {
    name: 'prepay.notice',
    options: { retryLimit: 5, retryDelaySeconds: 30, retryBackoff: true, expireInSeconds: 120 },
    async handler({ programId, kind }) {
      const program = await deps.repo.program(programId);
      if (!program) return;
      if (kind === 'lowBalance') {
        await deps.events?.emit('prepay.lowBalance', {
          programId: program.id,
          accountId: program.ownerAccountId,
          balance: program.balance,
        });
      }
      const settings = notificationsOf(program);
      const channels = settings[kind];
      const params = {
        name: program.name,
        balance: program.balance,
        link: `${deps.publicUrl}/#/prepay-edit/${program.id}`,
      };
      const [subject, body] = texts[kind];
      if (channels.email && settings.email) {
        await deps.mailer.send({
          to: settings.email,
          subject: translate('en', subject, params),
          text: translate('en', body, params),
        });
      }
      if (channels.sms && settings.phone) {
        await deps.sms.send(settings.phone, translate('en', body, params));
      }
    },
  };
}
