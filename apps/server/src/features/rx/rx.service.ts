import { ageOn, calendarDateOfUtc, parseDateInput } from '@apothecall/domain/dates/dates.rules';
import { awaitsUploads } from '@apothecall/domain/navigation/route-guard.rules';
import { serviceAvailability } from '@apothecall/domain/places/places.rules';
import type { PrepayOffer } from '@apothecall/domain/prepay/prepay.api';
import {
  consentsAccepted,
  evaluateRxAnswers,
  productConsents,
  type RxAnswers,
  rxProductById,
  rxProducts,
} from '@apothecall/domain/rx/rx-products.rules';
import type {
  RxMessage,
  RxProductView,
  RxVisitView,
  SubmitRxEvaluationInput,
  VerifyIdDoc,
} from '@apothecall/domain/rx/rx-visits.api';
import { z } from 'zod';
import type { Actor } from '../../platform/actor';
import type { AuditService } from '../../platform/audit.service';
import { AppError, appErrors } from '../../platform/errors';
import type { EventBus } from '../../platform/events';
import type { AccountsPort, PersonFacts } from '../accounts/accounts.port';
import type { AssessmentsPort } from '../assessments/assessments.port';
import type { BrandsPort } from '../brands/brands.port';
import type { CarePort } from '../care/care.port';
import type { FilesPort, OpenedFile } from '../files/files.port';
import type { PaymentsPort } from '../payments/payments.port';
import type { PharmacyPort } from '../pharmacy/pharmacy.port';
import type { PrepayPort, PrepayVisit } from '../prepay/prepay.port';
import './rx.events';
import type { RxIdDocumentRecord, RxRepo, RxVisitRecord } from './rx.repo';
import { isPaid, messageView, productView, visitSnapshot } from './rx.views';
import type { RxViewLoader } from './rx-visit-views';

/** An upload as the HTTP layer read it (bounded by the configured maximum). */
export interface RxUpload {
  fileName: string;
  bytes: Buffer;
}

export interface RxService {
  /** The catalogue; with a pharmacy's link id, only its treatment and where it routes. */
  productInfo(id?: string): Promise<{
    products: RxProductView[];
    link: { id: string; productId: string; pharmacy: { id: string; name: string } } | null;
  }>;
  logForm(actor: Actor, productId: string, step: string): Promise<void>;
  submitEvaluation(actor: Actor, input: SubmitRxEvaluationInput): Promise<RxVisitView>;
  price(
    actor: Actor,
    visitId: string,
  ): Promise<{ price: number; priceToken: string; data: { title: string; msg: string } }>;
  /** The visit priced by an access token or program code: 0, priceType prepay (issue 16). */
  prepayPrice(actor: Actor, visitId: string, code: string): Promise<PrepayOffer>;
  pay(
    actor: Actor,
    input: {
      visitId: string;
      priceToken: string;
      payProfileID: string | null;
      idempotencyKey: string;
      prepayCode?: string | undefined;
    },
  ): Promise<RxVisitView>;
  list(actor: Actor, only?: 'unpaid'): Promise<{ visits: RxVisitView[]; actionRequired: boolean }>;
  cancel(actor: Actor, visitId: string): Promise<RxVisitView>;
  uploadAttachment(actor: Actor, visitId: string, upload: RxUpload): Promise<RxVisitView>;
  uploadId(actor: Actor, personId: string, upload: RxUpload): Promise<VerifyIdDoc>;
  idDocument(actor: Actor, personId: string): Promise<VerifyIdDoc | null>;
  setIdVisibility(actor: Actor, verifyId: string, hide: boolean): Promise<VerifyIdDoc>;
  familyIdDocuments(
    actor: Actor,
  ): Promise<{ patientId: string; name: string; document: VerifyIdDoc | null }[]>;
  refill(actor: Actor, visitId: string, idempotencyKey: string): Promise<RxVisitView>;
  messages(actor: Actor, visitId: string): Promise<RxMessage[]>;
  /** A message to the prescriber, with a file when one is given (an attachment upload). */
  sendMessage(actor: Actor, visitId: string, text: string, upload?: RxUpload): Promise<RxMessage[]>;
  /** A file of a message on one of the account's visits. */
  messageAttachment(actor: Actor, msgId: string, fileId: string): Promise<OpenedFile>;
  /** The patient's own visit, for its prescription PDF. */
  ownVisit(actor: Actor, visitId: string): Promise<RxVisitRecord>;
}

/** Age today and birth gender, for the product's filters. */
export function patientFacts(person: PersonFacts, at: Date) {
  const dob = parseDateInput(person.dob);
  return {
    age: dob ? ageOn(dob, calendarDateOfUtc(at)) : 0,
    birthGender:
      person.gender === 'M' || person.gender === 'F' ? person.gender : ('X' as 'M' | 'F' | 'X'),
  };
}

const isUuid = (value: string) => z.uuid().safeParse(value).success;

function idDocView(doc: RxIdDocumentRecord): VerifyIdDoc {
  return {
    id: doc.id,
    patientId: doc.personId,
    fileId: doc.fileId,
    hidden: doc.hidden,
    uploadedAt: doc.createdAt.toISOString(),
  };
}

/**
 * The patient's side of asynchronous prescription visits (issue 14): the catalogue, the
 * evaluation (evaluated again here for the patient's age and birth gender), the state rules,
 * payment through the payments area, the ID photo and requested attachments (through the files
 * area, encrypted), cancel, refill, messages. Every read or change of a visit is audited.
 */
export function createRxService(deps: {
  repo: RxRepo;
  views: RxViewLoader;
  /** Earlier on-demand visits: a state's "1st Video" requirement is met by a completed one. */
  care: CarePort;
  accounts: Pick<AccountsPort, 'person' | 'family' | 'loginId'>;
  brands: Pick<BrandsPort, 'careSettings'>;
  payments: Pick<PaymentsPort, 'charge' | 'refund' | 'quote'>;
  files: Pick<FilesPort, 'upload' | 'open' | 'openFor'>;
  /** Where a visit's prescription goes: a chosen verified pharmacy, or a link's. */
  pharmacy: Pick<PharmacyPort, 'routeFor' | 'resolveLink'>;
  /** Visits paid from a prepay program by an access token or program code (issue 16). */
  prepay: Pick<PrepayPort, 'quote' | 'redeem' | 'settle'>;
  /** A pharmacy's in-store assessment link a visit continues (issue 20). */
  assessments: Pick<AssessmentsPort, 'forVisit' | 'continueOnce' | 'attachVisit' | 'release'>;
  audit: AuditService;
  events: Pick<EventBus, 'emit'>;
  now?: () => Date;
}): RxService {
  const now = deps.now ?? (() => new Date());

  async function view(visit: RxVisitRecord): Promise<RxVisitView> {
    const [one] = await deps.views([visit]);
    if (!one) throw appErrors.notFound();
    return one;
  }

  async function ownPerson(actor: Actor, personId: string): Promise<PersonFacts> {
    const person = isUuid(personId) ? await deps.accounts.person(personId) : undefined;
    if (!person || person.accountId !== actor.accountId) throw appErrors.notFound();
    return person;
  }

  async function ownVisit(actor: Actor, visitId: string): Promise<RxVisitRecord> {
    const visit = isUuid(visitId) ? await deps.repo.visit(visitId) : undefined;
    if (!visit || visit.accountId !== actor.accountId) {
      await deps.audit.denied(actor, 'rx.visit.read', null, {
        reason: 'not-found-or-not-allowed',
        ...(isUuid(visitId) ? { visitId } : {}),
      });
      throw appErrors.notFound();
    }
    return visit;
  }

  /** Whose record a visit, an ID photo or a person is (the audit row's subject). */
  const subject = (of: { accountId: string; personId: string } | PersonFacts) => ({
    accountId: of.accountId,
    personId: 'personId' in of ? of.personId : of.id,
  });

  async function changed(visit: RxVisitRecord, line = false) {
    await deps.events.emit('rx.visitChanged', { visit: visitSnapshot(visit), by: 'patient' });
    if (line) await deps.events.emit('rx.queueChanged', { state: visit.location });
  }

  /** A visit of the account still waits for an ID or attachment (guard step 6). */
  const waitsForUploads = (visits: readonly RxVisitRecord[]) => visits.some(awaitsUploads);

  /** The ID photo already on file is linked to a new visit, so its prescriber sees it. */
  async function linkIdOnFile(visit: RxVisitRecord, doc: RxIdDocumentRecord | undefined) {
    if (!doc) return;
    await deps.repo.linkFile(visit.id, {
      fileId: doc.fileId,
      docType: 'id',
      name: 'id',
      contentType: 'image/jpeg',
    });
  }

  /** The visit as a prepay program sees it: who, which treatment, where it goes. */
  async function prepayVisit(actor: Actor, visit: RxVisitRecord): Promise<PrepayVisit> {
    return {
      ref: `rx:${visit.id}`,
      accountId: visit.accountId,
      personId: visit.personId,
      email: (await deps.accounts.loginId(actor.accountId)) ?? '',
      productId: visit.productId,
      pharmacyId: visit.pharmacyId,
    };
  }

  async function payable(actor: Actor, visitId: string) {
    const visit = await ownVisit(actor, visitId);
    if (visit.status !== 'pendingMedPayment') {
      throw new AppError(409, 'RX_NOT_PAYABLE', 'rx.visit.notPayable');
    }
    return visit;
  }

  /** Pays the visit from a program: one visit taken (once per visit), then the visit waits. */
  async function payFromProgram(actor: Actor, visit: RxVisitRecord, code: string) {
    const { redemptionId } = await deps.prepay.redeem(actor, code, await prepayVisit(actor, visit));
    let current: RxVisitRecord | undefined = visit;
    // The redemption is once per visit, so identical requests (a double-click) all hold the same
    // one: whichever moves the visit first answers for all, and a losing request never gives
    // back what the winner used. A visit changed otherwise but still unpaid (an upload linked)
    // is moved at its new version.
    for (let attempt = 0; attempt < 5 && current; attempt += 1) {
      if (current.prepayRedemptionId === redemptionId) return view(current);
      if (current.status !== 'pendingMedPayment' || isPaid(current)) break;
      const moved = await deps.repo.move(
        current.id,
        { status: current.status, version: current.version },
        'waiting',
        { prepayRedemptionId: redemptionId, paidAt: now() },
      );
      if (moved) {
        await deps.audit.record(actor, 'rx.visit.pay', subject(visit), {
          visitId: visit.id,
          prepayRedemptionId: redemptionId,
        });
        await changed(moved, true);
        return view(moved);
      }
      current = await deps.repo.visit(visit.id);
    }
    // The visit can no longer take it (cancelled in another tab, or paid by card meanwhile) and
    // does not hold it: the visit taken goes back to the program unused.
    await deps.prepay.settle(`rx:${visit.id}`, 'released');
    throw new AppError(409, 'RX_STALE', 'rx.visit.stale');
  }

  return {
    ownVisit,

    async productInfo(id) {
      const resolved = id ? await deps.pharmacy.resolveLink(id) : undefined;
      const product = resolved ? rxProductById(resolved.link.screenId) : undefined;
      if (!resolved || !product) return { products: rxProducts.map(productView), link: null };
      return {
        products: [productView(product)],
        link: {
          id: resolved.link.id,
          productId: product.id,
          pharmacy: { id: resolved.organization.id, name: resolved.organization.name },
        },
      };
    },

    async logForm(actor, productId, step) {
      if (!rxProductById(productId)) {
        throw new AppError(400, 'RX_PRODUCT_UNKNOWN', 'rx.product.unknown');
      }
      await deps.repo.logForm(actor.accountId, productId, step);
    },

    async submitEvaluation(actor, input) {
      const existing = await deps.repo.visitByKey(actor.accountId, input.idempotencyKey);
      if (existing) return view(existing);
      const person = await ownPerson(actor, input.patientID);
      const product = rxProductById(input.productId);
      if (!product) throw new AppError(400, 'RX_PRODUCT_UNKNOWN', 'rx.product.unknown');
      // A pharmacy's in-store assessment (issue 20): its treatment, in its state, to its pharmacy.
      const assessment = input.assessmentCode
        ? await deps.assessments.forVisit(actor, input.assessmentCode)
        : undefined;
      if (
        assessment &&
        (assessment.productId !== product.id || assessment.state !== input.state.toUpperCase())
      ) {
        throw new AppError(400, 'ASSESSMENT_MISMATCH', 'assessment.mismatch', {
          state: assessment.state,
        });
      }
      // While a visit waits for an upload the patient is sent to it, and no new one starts.
      if (waitsForUploads(await deps.repo.visitsOf(actor.accountId))) {
        throw new AppError(409, 'RX_UPLOADS_PENDING', 'rx.visit.pendingUploads');
      }
      if (!consentsAccepted(product, input.consents)) {
        throw new AppError(403, 'CONSENTS_REQUIRED', 'rx.consents.required');
      }
      const state = input.state.toUpperCase();
      // The visit is where the patient said they are ('I am in', confirmed and audited).
      if ((person.consultLocation ?? '').toUpperCase() !== state) {
        throw new AppError(400, 'LOCATION_NOT_CONFIRMED', 'care.location.confirmFirst');
      }
      const brand = await actor.brand();
      const settings = await deps.brands.careSettings(brand.id);
      const offered = serviceAvailability(state, 'async', {
        asyncStates: settings.asyncStates,
        ...((await deps.care.hadVideoVisit(person.id, state))
          ? { priorEncounter: 'video' as const }
          : {}),
      });
      if (!offered.offered) {
        if (offered.requirementKey) {
          // NY and the other restricted states: a video (or phone) visit first, offered on /care.
          throw new AppError(400, 'RX_STATE_REQUIREMENT', offered.requirementKey, offered.params);
        }
        throw new AppError(400, 'SERVICE_UNAVAILABLE', 'rx.state.notOffered', offered.params);
      }
      // The intake's answers (the problem, its duration, medications, allergies) unless the
      // patient changed them in the flow.
      const answers: RxAnswers = assessment
        ? { ...assessment.answers, ...input.answers }
        : input.answers;
      const evaluation = evaluateRxAnswers(product, answers, {
        ...patientFacts(person, now()),
        userId: person.id,
      });
      const [issue] = evaluation.issues;
      if (issue) {
        throw new AppError(400, 'VALIDATION', issue.key, undefined, { field: issue.questionId });
      }
      const [stop] = evaluation.stops;
      if (stop) {
        await deps.audit.record(actor, 'rx.evaluation.stopped', subject(person), {
          productId: product.id,
          stop,
        });
        throw new AppError(400, 'RX_SCREENING_FAILED', stop);
      }
      const route = await deps.pharmacy.routeFor(
        assessment
          ? { pharmacyId: assessment.organizationId, state }
          : { pharmacyId: input.pharmacyId, linkId: input.linkId, state },
      );
      const idOnFile = await deps.repo.idDocumentOf(person.id);
      const acceptedAt = now().toISOString();
      // The link continues exactly one visit: taken before the visit is made, given back if
      // the visit cannot be.
      if (assessment) await deps.assessments.continueOnce(actor, assessment.id);
      const inserted = deps.repo.insertVisit({
        accountId: actor.accountId,
        personId: person.id,
        idempotencyKey: input.idempotencyKey,
        productId: product.id,
        location: state,
        evaluation: { fields: evaluation.fields, bmi: evaluation.bmi ?? null, answers },
        consents: productConsents(product).map((d) => ({
          id: d.id,
          versionDate: d.versionDate,
          acceptedBy: actor.accountId,
          acceptedAt,
        })),
        alarms: [...evaluation.alarms],
        idPending: !idOnFile,
        attachmentsPending: evaluation.asksAttachment,
        costCents: product.priceCents,
        refillOf: null,
        pharmacyId: route.pharmacyId,
        linkId: route.linkId,
        brandId: brand.id,
        assessmentId: assessment?.id ?? null,
      });
      const visit =
        (await inserted.catch(async (error: unknown) => {
          if (assessment) await deps.assessments.release(assessment.id);
          throw error;
        })) ?? (await deps.repo.visitByKey(actor.accountId, input.idempotencyKey));
      if (!visit) throw appErrors.notFound();
      if (assessment) await deps.assessments.attachVisit(assessment.id, visit.id);
      await linkIdOnFile(visit, idOnFile);
      await deps.audit.record(actor, 'rx.evaluation.submit', subject(visit), {
        visitId: visit.id,
        productId: product.id,
        state,
        ...(route.pharmacyId ? { pharmacyId: route.pharmacyId } : {}),
        ...(route.linkId ? { linkId: route.linkId } : {}),
        ...(assessment ? { assessmentId: assessment.id } : {}),
      });
      return view(visit);
    },

    async price(actor, visitId) {
      const visit = await payable(actor, visitId);
      return deps.payments.quote(actor.accountId, `rx:${visit.id}`, visit.costCents);
    },

    async prepayPrice(actor, visitId, code) {
      const visit = await payable(actor, visitId);
      return deps.prepay.quote(actor, code, await prepayVisit(actor, visit));
    },

    async pay(actor, input) {
      const visit = await ownVisit(actor, input.visitId);
      if (isPaid(visit)) return view(visit);
      if (visit.status !== 'pendingMedPayment') {
        throw new AppError(409, 'RX_NOT_PAYABLE', 'rx.visit.notPayable');
      }
      if (input.prepayCode) return payFromProgram(actor, visit, input.prepayCode);
      const product = rxProductById(visit.productId);
      // The visit's key is the charge's key: a retried payment is one charge.
      const charge = await deps.payments.charge(
        actor.accountId,
        {
          priceToken: input.priceToken,
          paymentProfileId: input.payProfileID,
          idempotencyKey: `rx:${visit.id}`,
          description: `Rx visit: ${product ? product.id : visit.productId}`,
        },
        actor,
        `rx:${visit.id}`,
      );
      const moved = await deps.repo.move(
        visit.id,
        { status: visit.status, version: visit.version },
        'waiting',
        { ledgerId: charge.id, paidAt: now() },
      );
      const current = moved ?? (await deps.repo.visit(visit.id)) ?? visit;
      if (moved) {
        await deps.audit.record(actor, 'rx.visit.pay', subject(visit), {
          visitId: visit.id,
          chargeId: charge.id,
        });
        await changed(current, true);
      }
      return view(current);
    },

    async list(actor, only) {
      const all = await deps.repo.visitsOf(actor.accountId);
      const visits = only === 'unpaid' ? all.filter((v) => v.status === 'pendingMedPayment') : all;
      await deps.audit.record(
        actor,
        'rx.visit.list',
        { accountId: actor.accountId },
        { visits: visits.map((v) => v.id) },
      );
      return { visits: await deps.views(visits), actionRequired: waitsForUploads(all) };
    },

    async cancel(actor, visitId) {
      const visit = await ownVisit(actor, visitId);
      // Unpaid: the visit goes away. Paid and not yet claimed: refunded. Later: the prescriber
      // decides (a refund is theirs to give).
      const to =
        visit.status === 'pendingMedPayment'
          ? 'cancel'
          : visit.status === 'waiting'
            ? 'refund'
            : undefined;
      if (!to) {
        if (visit.status === 'cancel' || visit.status === 'refund') return view(visit);
        throw new AppError(409, 'RX_NOT_CANCELLABLE', 'rx.visit.notCancellable');
      }
      const moved = await deps.repo.move(
        visit.id,
        { status: visit.status, version: visit.version },
        to,
        { completed: true, idPending: false, attachmentsPending: false },
      );
      if (!moved) throw new AppError(409, 'RX_STALE', 'rx.visit.stale');
      await deps.audit.record(actor, 'rx.visit.cancel', subject(visit), {
        visitId: visit.id,
        refunded: to === 'refund',
      });
      // Cancelled before review: the prepaid visit and its token go back unused (no denial).
      if (to === 'refund' && visit.prepayRedemptionId) {
        await deps.prepay.settle(`rx:${visit.id}`, 'released');
      }
      await changed(moved, to === 'refund');
      if (to === 'refund' && visit.ledgerId) {
        await deps.payments.refund(actor.accountId, visit.ledgerId, `refund:rx:${visit.id}`, actor);
      }
      return view(moved);
    },

    async uploadAttachment(actor, visitId, upload) {
      const visit = await ownVisit(actor, visitId);
      if (!visit.attachmentsPending) {
        throw new AppError(409, 'RX_NO_UPLOAD_REQUESTED', 'rx.visit.noUploadRequested');
      }
      const stored = await deps.files.upload(actor, {
        purpose: 'attachment',
        fileName: upload.fileName,
        bytes: upload.bytes,
        personId: visit.personId,
      });
      await deps.repo.linkFile(visit.id, {
        fileId: stored.id,
        docType: 'attachment',
        name: stored.name,
        contentType: stored.contentType,
      });
      // What the prescriber asked for has come: an exit visit returns to its review.
      const moved =
        visit.status === 'exit'
          ? await deps.repo.move(visit.id, { status: 'exit', version: visit.version }, 'started', {
              attachmentsPending: false,
              statusComment: '',
            })
          : await deps.repo.update(visit.id, visit.version, { attachmentsPending: false });
      if (!moved) throw new AppError(409, 'RX_STALE', 'rx.visit.stale');
      await deps.audit.record(actor, 'rx.visit.attachment', subject(visit), {
        visitId: visit.id,
        fileId: stored.id,
      });
      await changed(moved);
      return view(moved);
    },

    async uploadId(actor, personId, upload) {
      const person = await ownPerson(actor, personId);
      const stored = await deps.files.upload(actor, {
        purpose: 'id-document',
        fileName: upload.fileName,
        bytes: upload.bytes,
        personId: person.id,
      });
      const doc = await deps.repo.insertIdDocument({
        accountId: actor.accountId,
        personId: person.id,
        fileId: stored.id,
      });
      await deps.audit.record(actor, 'rx.id.upload', subject(person), {
        verifyId: doc.id,
        fileId: stored.id,
      });
      for (const visit of await deps.repo.idPendingOfPerson(person.id)) {
        await deps.repo.linkFile(visit.id, {
          fileId: stored.id,
          docType: 'id',
          name: stored.name,
          contentType: stored.contentType,
        });
        const updated = await deps.repo.update(visit.id, visit.version, { idPending: false });
        if (updated) await changed(updated);
      }
      return idDocView(doc);
    },

    async idDocument(actor, personId) {
      const person = await ownPerson(actor, personId);
      const doc = await deps.repo.idDocumentOf(person.id);
      await deps.audit.record(actor, 'rx.id.read', subject(person), {
        verifyId: doc?.id ?? null,
      });
      return doc ? idDocView(doc) : null;
    },

    async setIdVisibility(actor, verifyId, hide) {
      const doc = isUuid(verifyId) ? await deps.repo.idDocument(verifyId) : undefined;
      if (!doc || doc.accountId !== actor.accountId) throw appErrors.notFound();
      const updated = await deps.repo.setIdDocumentHidden(doc.id, hide);
      if (!updated) throw appErrors.notFound();
      await deps.audit.record(actor, 'rx.id.visibility', subject(doc), {
        verifyId: doc.id,
        hidden: hide,
      });
      return idDocView(updated);
    },

    async familyIdDocuments(actor) {
      const family = await deps.accounts.family(actor.accountId);
      const documents = await Promise.all(
        family.map(async (person) => {
          const doc = await deps.repo.idDocumentOf(person.id);
          return {
            patientId: person.id,
            name: `${person.firstName} ${person.lastName}`,
            document: doc ? idDocView(doc) : null,
          };
        }),
      );
      await deps.audit.record(
        actor,
        'rx.id.family',
        { accountId: actor.accountId },
        { people: family.map((p) => p.id) },
      );
      return documents;
    },

    async refill(actor, visitId, idempotencyKey) {
      const existing = await deps.repo.visitByKey(actor.accountId, idempotencyKey);
      if (existing) return view(existing);
      const earlier = await ownVisit(actor, visitId);
      if (earlier.status !== 'rxed') {
        throw new AppError(409, 'RX_NOT_REFILLABLE', 'rx.visit.notRefillable');
      }
      if (waitsForUploads(await deps.repo.visitsOf(actor.accountId))) {
        throw new AppError(409, 'RX_UPLOADS_PENDING', 'rx.visit.pendingUploads');
      }
      const product = rxProductById(earlier.productId);
      const idOnFile = await deps.repo.idDocumentOf(earlier.personId);
      // The earlier evaluation and consents are reused; the prescriber sees the earlier
      // prescription beside it and may write it again.
      const visit =
        (await deps.repo.insertVisit({
          accountId: actor.accountId,
          personId: earlier.personId,
          idempotencyKey,
          productId: earlier.productId,
          location: earlier.location,
          evaluation: earlier.evaluation,
          consents: earlier.consents,
          alarms: earlier.alarms,
          idPending: !idOnFile,
          attachmentsPending: false,
          costCents: product?.priceCents ?? earlier.costCents,
          refillOf: earlier.id,
          // The refill goes where the first prescription went.
          pharmacyId: earlier.pharmacyId,
          linkId: earlier.linkId,
          brandId: (await actor.brand()).id,
        })) ?? (await deps.repo.visitByKey(actor.accountId, idempotencyKey));
      if (!visit) throw appErrors.notFound();
      await linkIdOnFile(visit, idOnFile);
      await deps.audit.record(actor, 'rx.visit.refill', subject(visit), {
        visitId: visit.id,
        refillOf: earlier.id,
      });
      return view(visit);
    },

    async messageAttachment(actor, msgId, fileId) {
      const message = isUuid(msgId) ? await deps.repo.message(msgId) : undefined;
      const visit = message ? await deps.repo.visit(message.visitId) : undefined;
      const attached = message?.attachments.some((a) => a.fileId === fileId);
      if (!message || !visit || visit.accountId !== actor.accountId || !attached) {
        await deps.audit.denied(actor, 'rx.messages.attachment', null, {
          reason: 'not-found-or-not-allowed',
          ...(isUuid(msgId) ? { msgId } : {}),
        });
        throw appErrors.notFound();
      }
      return message.owner === actor.accountId
        ? deps.files.open(actor, fileId)
        : deps.files.openFor(actor, fileId, message.owner);
    },

    async messages(actor, visitId) {
      const visit = await ownVisit(actor, visitId);
      await deps.audit.record(actor, 'rx.messages.read', subject(visit), { visitId: visit.id });
      return (await deps.repo.messagesOf(visit.id)).map(messageView);
    },

    async sendMessage(actor, visitId, text, upload) {
      const visit = await ownVisit(actor, visitId);
      const stored = upload
        ? await deps.files.upload(actor, {
            purpose: 'attachment',
            fileName: upload.fileName,
            bytes: upload.bytes,
            personId: visit.personId,
          })
        : undefined;
      if (!stored && text.trim() === '') {
        throw new AppError(400, 'VALIDATION', 'common.required', undefined, { field: 'text' });
      }
      await deps.repo.insertMessage({
        visitId: visit.id,
        owner: actor.accountId,
        fromRole: 'patient',
        text,
        attachments: stored
          ? [{ fileId: stored.id, name: stored.name, type: stored.contentType }]
          : [],
      });
      await deps.audit.record(actor, 'rx.messages.send', subject(visit), { visitId: visit.id });
      await deps.events.emit('rx.messageSent', { visitId: visit.id, to: visit.prescriberId });
      // The patient's answer to a request that asked for no upload returns the visit to its
      // review (spec: exit -> started); a requested document still has to be uploaded.
      if (visit.status === 'exit' && !visit.attachmentsPending) {
        const moved = await deps.repo.move(
          visit.id,
          { status: 'exit', version: visit.version },
          'started',
          { statusComment: '' },
        );
        if (moved) await changed(moved);
      }
      return (await deps.repo.messagesOf(visit.id)).map(messageView);
    },
  };
}
