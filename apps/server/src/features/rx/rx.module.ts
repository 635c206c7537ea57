import type { HomeCountKey } from '@apothecall/domain/home/home-counts.rules';
import { realtimeEvents } from '@apothecall/domain/realtime/realtime.events';
import type { Actor } from '../../platform/actor';
import type { HomeCountSource } from '../../platform/home-counts';
import type { AreaModule, ModuleContext } from '../../platform/module';
import { createVisitQueue, type VisitQueue } from '../../platform/visit-queue';
import type { AccountsPort } from '../accounts/accounts.port';
import type { AssessmentsPort } from '../assessments/assessments.port';
import type { BrandsPort } from '../brands/brands.port';
import type { CarePort } from '../care/care.port';
import type { RosterPort } from '../clinic/roster.port';
import type { FilesPort } from '../files/files.port';
import type { PaymentsPort } from '../payments/payments.port';
import type { PharmacyPort } from '../pharmacy/pharmacy.port';
import type { PrepayPort } from '../prepay/prepay.port';
import { createErxTransmitter } from './erx-channel';
import { pharmacyNoticeJob, queuePharmacyNotices } from './pharmacy-notice.job';
import { subscribeRxNotifier } from './rx.notifier';
import type { RxPort } from './rx.port';
import { createRxRepo, type RxRepo } from './rx.repo';
import { rxRoutes } from './rx.routes';
import { createRxService } from './rx.service';
import { createRxAdminCancel } from './rx-admin-cancel';
import { rxClinicRoutes } from './rx-clinic.routes';
import { createRxDocumentsService } from './rx-documents.service';
import { createRxFactsRepo } from './rx-facts.repo';
import { rxPharmacyRoutes } from './rx-pharmacy.routes';
import { createRxPharmacyService } from './rx-pharmacy.service';
import { consentPapers, prescriptionPapers } from './rx-records.repo';
import { createRxReviewService, type RxQueueItem } from './rx-review.service';
import { createRxViewLoader, type RxViewLoader } from './rx-visit-views';

type RxPorts = {
  /** The pharmacies' in-store assessments a visit may continue. */
  assessments: AssessmentsPort;
  care: CarePort;
  accounts: AccountsPort;
  brands: BrandsPort;
  roster: RosterPort;
  payments: PaymentsPort;
  files: FilesPort;
  pharmacy: PharmacyPort;
  prepay: PrepayPort;
};

/** The prescribers' review line on the shared visit queue, and the pharmacy dashboard's. */
function buildLines(ctx: ModuleContext, ports: RxPorts, repo: RxRepo) {
  const { platform } = ctx;
  const { realtime } = platform;
  const queue = createVisitQueue<RxQueueItem>({
    store: {
      waiting: (states) => repo.waitingIn(states),
      claim: (id, prescriberId, states, at) => repo.claim(id, prescriberId, states, at),
      claimants: (state) => ports.roster.licensedIn(state),
      onDuty: (state) => ports.roster.onDutyCount(state),
    },
    push: realtime.push,
    // Prescribers are told; patients waiting for review have no place in line to show.
    events: { lineChanged: realtimeEvents.rxQueueChanged },
    onError: platform.warn('rx queue update not pushed'),
  });
  // The pharmacy dashboard's line: one per pharmacy (its id in place of a state), its staff
  // told when anything on it moves. Claims are the pharmacy service's (a fee comes first).
  const pharmacyLine = createVisitQueue<RxQueueItem>({
    store: {
      waiting: async () => [],
      claim: async () => false,
      claimants: (pharmacyId) => ports.pharmacy.staffAccounts(pharmacyId),
      onDuty: async () => 0,
    },
    push: realtime.push,
    events: { lineChanged: realtimeEvents.pharmacyQueueChanged },
    onError: platform.warn('pharmacy dashboard update not pushed'),
  });
  return { queue, pharmacyLine };
}

/** The patient's and the prescriber's services. */
function buildVisitServices(
  ctx: ModuleContext,
  ports: RxPorts,
  repo: RxRepo,
  views: RxViewLoader,
  queue: VisitQueue<RxQueueItem>,
) {
  const { platform } = ctx;
  const { audit, events, clock } = platform;
  const rx = createRxService({
    repo,
    views,
    care: ports.care,
    accounts: ports.accounts,
    brands: ports.brands,
    payments: ports.payments,
    files: ports.files,
    pharmacy: ports.pharmacy,
    prepay: ports.prepay,
    assessments: ports.assessments,
    audit,
    events,
    ...clock,
  });
  const review = createRxReviewService({
    repo,
    views,
    accounts: ports.accounts,
    roster: ports.roster,
    queue,
    payments: ports.payments,
    files: ports.files,
    pharmacy: ports.pharmacy,
    prepay: ports.prepay,
    audit,
    events,
    ...clock,
  });
  return { rx, review };
}

/** The pharmacy's dashboard service, with the eRx channel when one is configured. */
function buildPharmacyService(ctx: ModuleContext, ports: RxPorts, repo: RxRepo) {
  const { config, platform } = ctx;
  const { audit, events, clock } = platform;
  return createRxPharmacyService({
    repo,
    pharmacy: ports.pharmacy,
    accounts: ports.accounts,
    payments: ports.payments,
    assessments: ports.assessments,
    audit,
    events,
    claimFeeCents: config.payments.claimFeeCents,
    ...(config.erx.url
      ? {
          transmit: createErxTransmitter({
            url: config.erx.url,
            repo,
            accounts: ports.accounts,
            roster: ports.roster,
            ...clock,
          }),
        }
      : {}),
    ...clock,
  });
}

type RxServices = {
  rx: ReturnType<typeof createRxService>;
  review: ReturnType<typeof createRxReviewService>;
  pharmacy: ReturnType<typeof createRxPharmacyService>;
  documents: ReturnType<typeof createRxDocumentsService>;
};

/** The patient's, the prescriber's and the pharmacy's routes, mounted together. */
function buildRoutes(ctx: ModuleContext, ports: RxPorts, services: RxServices) {
  const { config } = ctx;
  const { rx, review, pharmacy, documents } = services;
  const pharmacyRoutes = rxPharmacyRoutes({
    pharmacy,
    prescriptionPdf: (actor, visitId) => documents.prescriptionPdf(actor, visitId, 'pharmacy'),
  });
  const patientRoutes = rxRoutes({
    rx,
    review,
    maxBytes: config.files.maxBytes,
    prescriptionPdf: documents.prescriptionPdf,
    consentPdf: documents.consentPdf,
    isPrescriber: async (actor) => (await ports.accounts.role(actor.accountId)) === 'provider',
  });
  const clinicRoutes = rxClinicRoutes({
    review,
    prescriptionPdf: documents.prescriptionPdf,
    consentPdf: documents.consentPdf,
  });
  return async (app: Parameters<NonNullable<AreaModule['routes']>>[0]) => {
    await app.register(patientRoutes);
    await app.register(clinicRoutes);
    await app.register(pharmacyRoutes);
  };
}

const visitRef = (visit: {
  id: string;
  accountId: string;
  personId: string;
  productId: string;
  pharmacyId: string | null;
}) => ({
  id: visit.id,
  accountId: visit.accountId,
  personId: visit.personId,
  productId: visit.productId,
  pharmacyId: visit.pharmacyId,
});

/** What other areas may ask of Rx visits. */
function buildPort(ctx: ModuleContext, ports: RxPorts, repo: RxRepo, services: RxServices): RxPort {
  const { db, platform } = ctx;
  const { audit, events } = platform;
  const { rx, review, pharmacy, documents } = services;
  const facts = createRxFactsRepo(db);
  const adminCancel = createRxAdminCancel({
    repo,
    accounts: ports.accounts,
    brands: ports.brands,
    payments: ports.payments,
    prepay: ports.prepay,
    audit,
    events,
    sendSms: (to, body) => platform.sms.send(to, body),
    onError: platform.warn('back-office Rx visit text not sent'),
  });
  return {
    adminCancel: (actor, visitId, note) => adminCancel.cancel(actor, visitId, note),
    releaseReviews: (actor, prescriberId) => review.releaseReviews(actor, prescriberId),
    adminReleaseReview: (actor, visitId, note) => review.releaseReview(actor, visitId, note),
    pharmacyVisitsStarted: (pharmacyId, range) => facts.pharmacyVisitsStarted(pharmacyId, range),
    adminRxVisits: (filter, limit) => facts.adminRxVisits(filter, limit),
    async pharmacyVisit(actor, visitId) {
      const { visit, staff, claimed } = await pharmacy.reachableVisit(actor, visitId);
      return { ...visitRef(visit), staff, claimed };
    },
    async ownVisit(actor, visitId) {
      return visitRef(await rx.ownVisit(actor, visitId));
    },
    prescriptions: documents.prescriptions,
    consents: documents.consents,
  };
}

/**
 * Home counts: a prescriber's line and change requests, a pharmacy's
 * unclaimed visits. Each asks only for the keys of the caller's role.
 */
function buildHomeCounts(services: Pick<RxServices, 'review' | 'pharmacy'>): HomeCountSource {
  const { review, pharmacy } = services;
  return async (actor: Actor, wanted) => {
    const out: Partial<Record<HomeCountKey, number>> = {};
    if (wanted.has('rxWaiting') || wanted.has('rxChangeRequests')) {
      const counts = await review.counts(actor);
      out.rxWaiting = counts.waiting;
      out.rxChangeRequests = counts.changeRequests;
    }
    if (wanted.has('rxUnclaimed') || wanted.has('rxUnclaimedUnseen')) {
      const counts = await pharmacy.unclaimedCounts(actor);
      out.rxUnclaimed = counts.unclaimed;
      out.rxUnclaimedUnseen = counts.unseen;
    }
    return out;
  };
}

/**
 * Asynchronous prescription (Rx) visits: the patient's evaluation, payment, ID and
 * attachments, and the prescriber's review line on the shared visit queue, the spec's status
 * table, the prescription and its PDF. Live updates go out through the area's events.
 */
export function rxModule(
  ctx: ModuleContext,
  ports: RxPorts,
): AreaModule & { port: RxPort; homeCounts: HomeCountSource } {
  const { db, config, platform } = ctx;
  const { audit, events, realtime } = platform;
  const repo = createRxRepo(db);
  const views = createRxViewLoader({
    repo,
    accounts: ports.accounts,
    pharmacy: ports.pharmacy,
    prepay: ports.prepay,
    assessments: ports.assessments,
  });
  const { queue, pharmacyLine } = buildLines(ctx, ports, repo);
  platform.jobs.register(
    pharmacyNoticeJob({
      repo,
      pharmacy: ports.pharmacy,
      mailer: platform.mailer,
      sms: platform.sms,
      publicUrl: config.publicUrl,
      events: platform.events,
    }),
  );
  queuePharmacyNotices(events, platform.jobs);
  const { rx, review } = buildVisitServices(ctx, ports, repo, views, queue);
  const pharmacy = buildPharmacyService(ctx, ports, repo);
  subscribeRxNotifier({ events, realtime, queue, pharmacyLine, repo });

  const documents = createRxDocumentsService({
    repo,
    papers: { prescriptions: prescriptionPapers(ctx.db), consents: consentPapers(ctx.db) },
    rx,
    review,
    pharmacy,
    accounts: ports.accounts,
    roster: ports.roster,
    audit,
  });
  const services = { rx, review, pharmacy, documents };
  return {
    name: 'rx',
    homeCounts: buildHomeCounts(services),
    port: buildPort(ctx, ports, repo, services),
    routes: buildRoutes(ctx, ports, services),
  };
}
