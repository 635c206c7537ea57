import { realtimeEvents } from '@apothecall/domain/realtime/realtime.events';
import type { HomeCountSource } from '../../platform/home-counts';
import type { AreaModule, ModuleContext } from '../../platform/module';
import { createVisitQueue } from '../../platform/visit-queue';
import type { AccountsPort } from '../accounts/accounts.port';
import type { BrandsPort } from '../brands/brands.port';
import type { RosterPort } from '../clinic/roster.port';
import type { NotesPort } from '../notes/notes.port';
import type { PaymentsPort } from '../payments/payments.port';
import { subscribeCareNotifier } from './care.notifier';
import type { CarePort } from './care.port';
import {
  type CareRepo,
  createCareRepo,
  endedVisitsSince,
  inProgressVisits,
  type VisitRecord,
} from './care.repo';
import { careRoutes } from './care.routes';
import { createCareService } from './care.service';
import { careSocketHandlers } from './care.socket';
import { patientVisit } from './care.views';
import { createPresenceSweep, type PresenceSweepResult } from './care-presence';
import { carePresenceJob } from './care-presence.job';
import { createClinicService } from './clinic.service';
import { createCovidCertificatesService } from './covid-certificates';
import { covidCertificateRoutes } from './covid-certificates.routes';
import { createVisitAdmin } from './visit-admin';
import { createVisitListingRepo } from './visit-listing.repo';
import {
  certificatePapers,
  createVisitRecordsRepo,
  type VisitRecordsRepo,
} from './visit-records.repo';
import { createVisitRelease } from './visit-release';
import { createVisitRoomService } from './visit-room.service';

export type { PresenceSweepResult };

/**
 * On-demand care: the patient's visit (start, wait, cancel), the provider console's queue,
 * claim and end, the visit's call and chat, the one-time meet link. Live updates go out through
 * care's events and the shared visit queue.
 */
export function careModule(
  ctx: ModuleContext,
  ports: {
    accounts: AccountsPort;
    brands: BrandsPort;
    roster: RosterPort;
    payments: PaymentsPort;
    notes: NotesPort;
  },
): AreaModule & {
  port: CarePort;
  sweepPresence: () => Promise<PresenceSweepResult>;
  homeCounts: HomeCountSource;
} {
  const { db, config, platform } = ctx;
  const { audit, events, realtime, clock } = platform;
  const repo = createCareRepo(db);
  const records = createVisitRecordsRepo(db);

  const queue = visitQueueOf(ctx, ports, repo);

  const room = createVisitRoomService({
    repo,
    records,
    accounts: ports.accounts,
    roster: ports.roster,
    brands: ports.brands,
    audit,
    sendSms: (to, body) => platform.sms.send(to, body),
    publicUrl: config.publicUrl,
    events,
    ...clock,
  });
  const care = createCareService({
    repo,
    accounts: ports.accounts,
    roster: ports.roster,
    brands: ports.brands,
    payments: ports.payments,
    audit,
    sendMeetLink: (visit) => room.sendMeetLink(visit),
    onError: platform.warn('meet link not sent'),
    pharmacyById: async (id) => {
      const found = await records.pharmacy(id);
      if (!found) return undefined;
      const { acceptsErx: _erx, ...entry } = found;
      return entry;
    },
    events,
    ...clock,
  });
  const clinic = createClinicService({
    repo,
    records,
    accounts: ports.accounts,
    roster: ports.roster,
    notes: ports.notes,
    queue,
    payments: ports.payments,
    audit,
    events,
    ...clock,
  });

  const presence = startPresence(ctx, ports, repo);

  const certificates = createCovidCertificatesService({
    records,
    papers: certificatePapers(ctx.db),
    accounts: ports.accounts,
    audit,
    verifyPage: `${config.publicUrl}/#/test`,
  });

  subscribeCareNotifier({
    events,
    realtime,
    queue,
    repo,
    care,
    room,
    onError: platform.warn('meet sockets not evicted'),
  });
  realtime.useMeetTokens((token) => room.resolveMeetToken(token));
  // Awaited by the revocation: when a password change answers, its meet links are dead too.
  platform.sessions.onRevoked(async (revoked) => {
    if (revoked.kind === 'account') {
      await room.revokeMeetFor(revoked.accountId).catch(platform.warn('meet links not revoked'));
    }
  });

  const { release, visitAdmin } = backOffice(ctx, ports, { repo, records });

  return {
    name: 'care',
    sweepPresence: () => presence.sweep(),
    // A provider's Home: the video visits waiting in their states.
    async homeCounts(actor, wanted) {
      return wanted.has('videoWaiting') ? { videoWaiting: await clinic.waitingCount(actor) } : {};
    },
    port: {
      ...createVisitListingRepo(ctx.db),
      hadVideoVisit: (personId, state) => repo.completedIn(personId, state),
      releaseProviderVisits: (actor, providerId) =>
        release.releaseProviderVisits(actor, providerId),
      certificates: certificates.documents,
      adminCancel: (actor, visitId, note) => visitAdmin.cancel(actor, visitId, note),
      adminReassign: (actor, visitId, note) => visitAdmin.reassign(actor, visitId, note),
      startScheduledVisit: (input) => care.startScheduledVisit(input),
    },
    routes: async (app) => {
      await careRoutes({ care, clinic, room, pharmacies: repo })(app);
      await covidCertificateRoutes({ certificates, limiter: platform.limiter })(app);
    },
    sockets: careSocketHandlers({
      io: realtime.io,
      room,
      iceServers: config.iceServers,
      onError: platform.warn('visit socket handler failed'),
    }),
  };
}

/** The shared visit-queue service over care's visits: the claim, the line and its pushes. */
function visitQueueOf(ctx: ModuleContext, ports: Parameters<typeof careModule>[1], repo: CareRepo) {
  return createVisitQueue<VisitRecord>({
    store: {
      waiting: (states) => repo.waitingIn(states),
      claim: (id, providerId, states, at) => repo.claim(id, providerId, states, at),
      claimants: (state) => ports.roster.licensedIn(state),
      onDuty: (state) => ports.roster.onDutyCount(state),
    },
    push: ctx.platform.realtime.push,
    events: { lineChanged: realtimeEvents.queueChanged, waiterUpdate: realtimeEvents.visitUpdate },
    waiter: (visit, place, waitTime) => ({
      accountId: visit.accountId,
      payload: patientVisit(visit, place, waitTime, null),
    }),
    onError: ctx.platform.warn('queue update not pushed'),
  });
}

/** The presence sweep (providers who left, patients told) and its recurring job. */
function startPresence(
  ctx: ModuleContext,
  ports: Parameters<typeof careModule>[1],
  repo: CareRepo,
) {
  const presence = createPresenceSweep({
    repo,
    inProgress: () => inProgressVisits(ctx.db),
    endedSince: (since) => endedVisitsSince(ctx.db, since),
    roster: ports.roster,
    payments: ports.payments,
    accounts: ports.accounts,
    brands: ports.brands,
    audit: ctx.platform.audit,
    events: ctx.platform.events,
    sendSms: (to, body) => ctx.platform.sms.send(to, body),
    onError: ctx.platform.warn('presence sweep step failed'),
    ...ctx.platform.clock,
  });
  ctx.platform.jobs.register(
    carePresenceJob({
      sweep: () => presence.sweep(),
      onRun: (result) => {
        if (result.offDuty + result.told + result.cancelled > 0)
          ctx.platform.log.info(result, 'presence sweep');
      },
    }),
  );
  return presence;
}

/** Releasing a provider's visits and the back office's cancel and reassign. */
function backOffice(
  ctx: ModuleContext,
  ports: Parameters<typeof careModule>[1],
  stores: { repo: CareRepo; records: VisitRecordsRepo },
) {
  const { repo, records } = stores;
  const release = createVisitRelease({
    repo,
    records,
    accounts: ports.accounts,
    brands: ports.brands,
    audit: ctx.platform.audit,
    events: ctx.platform.events,
    sendSms: (to, body) => ctx.platform.sms.send(to, body),
    onError: ctx.platform.warn('release text not sent'),
    ...ctx.platform.clock,
  });

  const visitAdmin = createVisitAdmin({
    repo,
    records,
    payments: ports.payments,
    accounts: ports.accounts,
    brands: ports.brands,
    audit: ctx.platform.audit,
    events: ctx.platform.events,
    sendSms: (to, body) => ctx.platform.sms.send(to, body),
    onError: ctx.platform.warn('back-office visit text not sent'),
    ...ctx.platform.clock,
  });
  return { release, visitAdmin };
}
