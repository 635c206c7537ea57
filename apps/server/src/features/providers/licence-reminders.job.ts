import { licenceReminderDays, licenceReminderDue } from '@apothecall/domain/clinic/licences.rules';
import { addDays, localDate } from '@apothecall/domain/dates/zones.rules';
import { translate } from '@apothecall/domain/i18n/catalog';
import type { Lang } from '@apothecall/domain/i18n/i18n.rules';
import type { JobDefinition, JobPayloads } from '../../platform/jobs/jobs';
import type { Mailer } from '../../platform/mail.service';
import type { AccountsPort } from '../accounts/accounts.port';
import type { RosterPort } from '../clinic/roster.port';

declare module '../../platform/jobs/jobs' {
  interface JobPayloads {
    /** The daily licence-expiry reminders. No payload: it reads the licences. */
    'providers.licenceReminders': Record<string, never>;
  }
}

/** A calendar day ('YYYY-MM-DD') written out in the language ("June 14, 2026"). */
function dayText(day: string, lang: Lang): string {
  return new Date(`${day}T12:00:00Z`).toLocaleDateString(lang === 'es' ? 'es-US' : 'en-US', {
    timeZone: 'UTC',
    dateStyle: 'long',
  });
}

/**
 * E-mails each provider whose licence expires within 30 days (in the licence's state, domain
 * `licenceReminderDue`), once per licence and expiry date: the reminder is recorded before the
 * mail is written (one conditional insert), so a second run the same day or the next, or two
 * processes at once, send nothing more; a renewed licence (a new date) is reminded again. In
 * the provider's language; a deactivated provider is not written to. Answers how many were sent.
 */
export function createLicenceReminders(deps: {
  roster: Pick<RosterPort, 'licencesExpiringBetween' | 'markReminded'>;
  accounts: Pick<AccountsPort, 'loginId' | 'holderContact' | 'displayName' | 'membership'>;
  mailer: Mailer;
  now: () => Date;
}) {
  return async function remind(): Promise<number> {
    const at = deps.now();
    // A day either side of UTC's covers every state's own today.
    const utcToday = localDate(at.getTime(), 'UTC');
    const candidates = await deps.roster.licencesExpiringBetween(
      addDays(utcToday, -1),
      addDays(utcToday, licenceReminderDays + 1),
    );
    let sent = 0;
    for (const licence of candidates) {
      if (!licence.expiresOn || !licenceReminderDue(licence, at.getTime())) continue;
      const member = await deps.accounts.membership(licence.accountId);
      if (!member || member.disabled || member.role !== 'provider') continue;
      const to = await deps.accounts.loginId(licence.accountId);
      if (!to?.includes('@')) continue;
      if (
        !(await deps.roster.markReminded(licence.accountId, licence.state, licence.expiresOn, at))
      ) {
        continue;
      }
      const contact = await deps.accounts.holderContact(licence.accountId);
      const lang: Lang = contact?.language === 'es' ? 'es' : 'en';
      const params = {
        name: (await deps.accounts.displayName(licence.accountId)) ?? '',
        state: licence.state,
        number: licence.number,
        date: dayText(licence.expiresOn, lang),
      };
      await deps.mailer.send({
        to,
        subject: translate(lang, 'providers.mail.licence.subject', params),
        text: translate(lang, 'providers.mail.licence.body', params),
      });
      sent += 1;
    }
    return sent;
  };
}

/** Every day at 13:00 UTC (8 or 9 in the morning in New York). Exclusive: runs do not stack. */
export function licenceRemindersJob(deps: {
  remind: () => Promise<number>;
  onRun?: (sent: number) => void;
}): JobDefinition<JobPayloads, 'providers.licenceReminders'> {
  return {
    name: 'providers.licenceReminders',
    options: {
      retryLimit: 3,
      retryDelaySeconds: 300,
      retryBackoff: true,
      expireInSeconds: 15 * 60,
      exclusive: true,
    },
    schedule: { cron: '0 13 * * *', payload: {} },
    async handler() {
      deps.onRun?.(await deps.remind());
    },
  };
}
