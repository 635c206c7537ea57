import { isLang, type Lang } from '@apothecall/domain/i18n/i18n.rules';
import {
  inAppNotificationEvent,
  type NotificationKind,
  notificationRoutes,
} from '@apothecall/domain/notifications/notifications.api';
import type { RxVisitStatus } from '@apothecall/domain/rx/rx-status.rules';
import type { EventBus } from '../../platform/events';
import type { Jobs } from '../../platform/jobs/jobs';
import type { Realtime } from '../../platform/realtime';
import { pushPayload } from './notification-send.job';

/** The patient-facing Rx statuses that are worth a notice when someone else moved the visit. */
const rxStatusesToTell: ReadonlySet<string> = new Set<RxVisitStatus>([
  'started',
  'exit',
  'rxed',
  'refund',
  'denied',
  'ready',
  'shipped',
  'delivered',
]);

/**
 * What notifies, from the areas' events: a provider claimed your visit, a new message
 * (video chat or Rx), an Rx visit's status moved by its prescriber or pharmacy, an appointment
 * reminder, a new visit on a pharmacy's dashboard (its staff), a prepay program's low balance
 * (its holder), a new announcement (the pharmacy logins it reaches) and a form to sign (the
 * Rx visit's account holder). Each becomes an in-app notice on the account's sockets and a
 * `notifications.send` job keyed by what caused it, so a notice goes out once whatever repeats.
 * Events carry ids only; the notice says a generic sentence and where to go.
 */
export function subscribeNotifier(deps: {
  events: EventBus;
  jobs: Pick<Jobs, 'send'>;
  realtime: Pick<Realtime, 'push'>;
  holder: (accountId: string) => Promise<{ lang: Lang; brandName: string } | undefined>;
  staffOf: (pharmacyId: string) => Promise<string[]>;
  onError: (error: unknown) => void;
}): void {
  async function notify(
    accountIds: readonly string[],
    kind: NotificationKind,
    ref: string,
    url?: string,
  ) {
    const route = url ?? notificationRoutes[kind];
    for (const accountId of new Set(accountIds)) {
      const holder = await deps.holder(accountId);
      const lang = holder?.lang && isLang(holder.lang) ? holder.lang : 'en';
      deps.realtime.push(
        accountId,
        inAppNotificationEvent,
        pushPayload({ kind, lang, title: holder?.brandName ?? '', url: route }),
      );
      await deps.jobs.send(
        'notifications.send',
        { accountId, kind, url: route, ref },
        { idempotencyKey: `notify:${kind}:${ref}:${accountId}` },
      );
    }
  }
  const guarded =
    <A extends unknown[]>(fn: (...args: A) => Promise<void>) =>
    (...args: A) =>
      fn(...args).catch(deps.onError);

  deps.events.on(
    'care.visitClaimed',
    guarded(async ({ visit }) => notify([visit.accountId], 'visitClaimed', visit.id)),
  );
  deps.events.on(
    'care.messageSent',
    guarded(async ({ visitId, to }) =>
      // One notice per visit and hour: a chat is many messages.
      notify([to], 'newMessage', `${visitId}:${hourOf(new Date())}`, '/#/'),
    ),
  );
  deps.events.on(
    'rx.messageSent',
    guarded(async ({ visitId, to }) => {
      if (to) await notify([to], 'newMessage', `rx:${visitId}:${hourOf(new Date())}`, '/#/');
    }),
  );
  deps.events.on(
    'rx.visitChanged',
    guarded(async ({ visit, by }) => {
      if (by === 'patient') return;
      // A pharmacy's move is told by where the pharmacy is with it ('Ready for pickup').
      const status = by === 'pharmacy' ? (visit.pharmacyStatus ?? visit.status) : visit.status;
      if (!rxStatusesToTell.has(status)) return;
      await notify([visit.accountId], 'rxStatus', `${visit.id}:${status}`);
    }),
  );
  deps.events.on(
    'appointments.reminderDue',
    guarded(async ({ appointmentId, accountId, kind }) =>
      notify([accountId], 'appointmentReminder', `${appointmentId}:${kind}`),
    ),
  );
  deps.events.on(
    'rx.pharmacyVisitArrived',
    guarded(async ({ visitId, pharmacyId }) =>
      notify(await deps.staffOf(pharmacyId), 'pharmacyVisit', visitId),
    ),
  );
  deps.events.on(
    'announcements.published',
    guarded(async ({ announcementId, accountIds }) =>
      notify(accountIds, 'announcement', announcementId),
    ),
  );
  deps.events.on(
    'rxForms.requested',
    guarded(async ({ formRequestId, accountId }) =>
      notify([accountId], 'formRequested', formRequestId),
    ),
  );
  deps.events.on(
    'prepay.lowBalance',
    guarded(async ({ programId, accountId, balance }) =>
      notify([accountId], 'lowBalance', `${programId}:${balance}`),
    ),
  );
}

/** The UTC hour an instant falls in ('2026-11-25T13'). */
function hourOf(at: Date): string {
  return at.toISOString().slice(0, 13);
}
