import type { HomeCountKey } from '@apothecall/domain/home/home-counts.rules';
import { translate } from '@apothecall/domain/i18n/catalog';
import type { Lang } from '@apothecall/domain/i18n/i18n.rules';
import { providerCredentialSchema } from '@apothecall/domain/notes/notes.schemas';
import { realtimeEvents } from '@apothecall/domain/realtime/realtime.events';
import { rxProductById } from '@apothecall/domain/rx/rx-products.rules';
import { z } from 'zod';
import type { Actor } from '../../platform/actor';
import { appErrors } from '../../platform/errors';
import type { HomeCountSource } from '../../platform/home-counts';
import type { AreaModule, ModuleContext } from '../../platform/module';
import { createVisitQueue } from '../../platform/visit-queue';
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
import { pharmacyNoticeJob } from './pharmacy-notice.job';
import { subscribeRxNotifier } from './rx.notifier';
import type { RxPort } from './rx.port';
import { createRxRepo } from './rx.repo';
import { rxRoutes } from './rx.routes';
import { createRxService } from './rx.service';
import { createRxAdminCancel } from './rx-admin-cancel';
import { renderConsentPdf } from './rx-consent-pdf';
import { createRxFactsRepo } from './rx-facts.repo';
import { rxPharmacyRoutes } from './rx-pharmacy.routes';
import { createRxPharmacyService } from './rx-pharmacy.service';
import { renderPrescriptionPdf } from './rx-prescription-pdf';
import { createRxReviewService, type RxQueueItem } from './rx-review.service';
import { createRxViewLoader } from './rx-visit-views';

/** The consents a visit recorded (id, version, when), as stored by the evaluation. */
const consentRecordsSchema = z.array(
  z.object({ id: z.string(), versionDate: z.string(), acceptedAt: z.string() }),
);
const consentRecords = (stored: unknown) => {
  const parsed = consentRecordsSchema.safeParse(stored);
  return parsed.success ? parsed.data : [];
};

/**
 * Asynchronous prescription (Rx) visits (issue 14): the patient's evaluation, payment, ID and
 * attachments, and the prescriber's review line on the shared visit queue, the spec's status
 * table, the prescription and its PDF. Live updates go out through the area's events.
 */
export function rxModule(
  ctx: ModuleContext,
  ports: {
    /** The pharmacies' in-store assessments a visit may continue (issue 20). */
    assessments: AssessmentsPort;
    care: CarePort;
    accounts: AccountsPort;
    brands: BrandsPort;
    roster: RosterPort;
    payments: PaymentsPort;
    files: FilesPort;
    pharmacy: PharmacyPort;
    prepay: PrepayPort;
  },
): AreaModule & { port: RxPort; homeCounts: HomeCountSource } {
  const { db, config, platform } = ctx;
  const { audit, events, realtime, clock } = platform;
  const repo = createRxRepo(db);
  const views = createRxViewLoader({
    repo,
    accounts: ports.accounts,
    pharmacy: ports.pharmacy,
    prepay: ports.prepay,
    assessments: ports.assessments,
  });
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
    onNewPharmacyVisit: async (visit) => {
      await platform.jobs.send(
        'rx.pharmacyNotice',
        { visitId: visit.id },
        { idempotencyKey: `rx.pharmacyNotice:${visit.id}:${visit.version}` },
      );
    },
    ...clock,
  });
  const pharmacy = createRxPharmacyService({
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
  subscribeRxNotifier({ events, realtime, queue, pharmacyLine, repo });

  async function prescriptionPdf(
    actor: Actor,
    visitId: string,
    who: 'patient' | 'prescriber' | 'pharmacy',
  ) {
    const claim = who === 'pharmacy' ? await pharmacy.visitForPdf(actor, visitId) : undefined;
    const visit = claim
      ? claim.visit
      : who === 'patient'
        ? await rx.ownVisit(actor, visitId)
        : await review.visitFor(actor, visitId);
    const prescriptions = await repo.prescriptionsOf([visit.id]);
    const [first] = prescriptions;
    if (visit.status !== 'rxed' || !first) throw appErrors.notFound();
    const [person, address, name, profile] = await Promise.all([
      ports.accounts.person(visit.personId),
      ports.accounts.postalAddress(visit.personId),
      ports.accounts.displayName(first.prescriberId),
      ports.roster.profile(first.prescriberId),
    ]);
    if (!person) throw appErrors.notFound();
    const credential = providerCredentialSchema.safeParse(profile?.credential);
    await audit.record(
      actor,
      'rx.prescription.pdf',
      { accountId: visit.accountId, personId: visit.personId },
      { visitId: visit.id },
    );
    return renderPrescriptionPdf({
      brandName: (await actor.brand()).name,
      lang: actor.lang,
      timeZone: actor.timeZone,
      visitId: visit.id,
      prescriber: {
        name: profile?.suffix ? `${name ?? ''}, ${profile.suffix}` : (name ?? ''),
        credential: credential.success ? credential.data : undefined,
      },
      patient: {
        name: `${person.firstName} ${person.lastName}`,
        dob: person.dob,
        gender: person.gender,
        phone: person.phone,
        address,
      },
      prescriptions,
      writtenAt: first.createdAt,
      ...(claim
        ? {
            claimedBy: {
              name: claim.staff.organization.name,
              ncpdpId: claim.staff.organization.ncpdpId,
              at: claim.visit.updatedAt,
            },
          }
        : {}),
    });
  }

  async function consentPdf(actor: Actor, visitId: string, who: 'patient' | 'prescriber') {
    const visit =
      who === 'patient' ? await rx.ownVisit(actor, visitId) : await review.visitFor(actor, visitId);
    const person = await ports.accounts.person(visit.personId);
    if (!person) throw appErrors.notFound();
    const product = rxProductById(visit.productId);
    await audit.record(
      actor,
      'rx.consents.pdf',
      { accountId: visit.accountId, personId: visit.personId },
      { visitId: visit.id },
    );
    return renderConsentPdf({
      brandName: (await actor.brand()).name,
      lang: actor.lang,
      timeZone: actor.timeZone,
      visitId: visit.id,
      productName: product ? translate(actor.lang, product.nameKey) : visit.productId,
      patient: { name: `${person.firstName} ${person.lastName}`, dob: person.dob },
      consents: consentRecords(visit.consents),
    });
  }

  const pharmacyRoutes = rxPharmacyRoutes({
    pharmacy,
    prescriptionPdf: (actor, visitId) => prescriptionPdf(actor, visitId, 'pharmacy'),
  });
  const patientAndClinicRoutes = rxRoutes({
    rx,
    review,
    maxBytes: config.files.maxBytes,
    prescriptionPdf,
    consentPdf,
    isPrescriber: async (actor) => (await ports.accounts.role(actor.accountId)) === 'provider',
  });
  /** The account's visits written in the range, with the instant each document is dated. */
  const visitsIn = async (accountId: string, range: { from: Date; to: Date }) =>
    (await repo.visitsOf(accountId)).filter((v) => v.createdAt < range.to);
  const productName = (lang: Lang, productId: string) => {
    const product = rxProductById(productId);
    return product ? translate(lang, product.nameKey) : productId;
  };
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
  const port: RxPort = {
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
    prescriptions: {
      source: 'prescription',
      async list(accountId, range, lang) {
        const rxed = (await visitsIn(accountId, range)).filter((v) => v.status === 'rxed');
        const written = await repo.prescriptionsOf(rxed.map((v) => v.id));
        return rxed.flatMap((visit) => {
          const first = written.find((p) => p.visitId === visit.id && !p.supersededAt);
          if (!first || first.createdAt < range.from || first.createdAt >= range.to) return [];
          return [
            {
              id: visit.id,
              accountId,
              personId: visit.personId,
              at: first.createdAt,
              ftype: 'application/pdf',
              fdesc: `${translate(lang, 'documents.desc.prescription')}: ${productName(lang, visit.productId)}`,
              author: '',
            },
          ];
        });
      },
      async open(actor, id) {
        const bytes = await prescriptionPdf(actor, id, 'patient');
        return { bytes, name: 'prescription.pdf', contentType: 'application/pdf' };
      },
    },
    consents: {
      source: 'consent',
      async list(accountId, range, lang) {
        return (await visitsIn(accountId, range))
          .filter((v) => v.createdAt >= range.from && consentRecords(v.consents).length > 0)
          .map((visit) => ({
            id: visit.id,
            accountId,
            personId: visit.personId,
            at: visit.createdAt,
            ftype: 'application/pdf',
            fdesc: `${translate(lang, 'documents.desc.consent')}: ${productName(lang, visit.productId)}`,
            author: '',
          }));
      },
      async open(actor, id) {
        const bytes = await consentPdf(actor, id, 'patient');
        return { bytes, name: 'consents.pdf', contentType: 'application/pdf' };
      },
    },
  };
  return {
    name: 'rx',
    // Home counts (issue 36, finding 13): a prescriber's line and change requests, a pharmacy's
    // unclaimed visits. Each asks only for the keys of the caller's role.
    async homeCounts(actor, wanted) {
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
    },
    port,
    routes: async (app) => {
      await app.register(patientAndClinicRoutes);
      await app.register(pharmacyRoutes);
    },
  };
}
