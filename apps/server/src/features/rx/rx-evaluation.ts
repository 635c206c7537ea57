import { serviceAvailability } from '@apothecall/domain/places/places.rules';
import {
  consentsAccepted,
  evaluateRxAnswers,
  productConsents,
  type RxAnswers,
  type RxProduct,
  rxProductById,
  rxProducts,
} from '@apothecall/domain/rx/rx-products.rules';
import type { SubmitRxEvaluationInput } from '@apothecall/domain/rx/rx-visits.api';
import type { Actor } from '../../platform/actor';
import { AppError, appErrors } from '../../platform/errors';
import type { PersonFacts } from '../accounts/accounts.port';
import { productView } from './rx.views';
import {
  patientFacts,
  type RxPatientAccess,
  type RxPatientDeps,
  subject,
  waitsForUploads,
} from './rx-patient-access';
import type { RxService } from './rx-service.types';

/**
 * The patient's evaluation (evaluated again here for the patient's age and birth gender, with
 * the state rules) and a refill of a prescribed visit: how a visit starts.
 */
export function createRxEvaluation(
  deps: RxPatientDeps,
  access: RxPatientAccess,
): Pick<RxService, 'productInfo' | 'logForm' | 'submitEvaluation' | 'refill'> {
  const { now, view, ownPerson, ownVisit, linkIdOnFile } = access;

  /** A pharmacy's in-store assessment: its treatment, in its state, to its pharmacy. */
  async function assessmentFor(actor: Actor, input: SubmitRxEvaluationInput, product: RxProduct) {
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
    return assessment;
  }

  /** The state offers asynchronous visits to this person; the brand the visit is made under. */
  async function offeredIn(actor: Actor, person: PersonFacts, state: string) {
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
    return brand;
  }

  /** The answers evaluated for this person; an invalid answer or a screening stop refuses. */
  async function evaluated(
    actor: Actor,
    product: RxProduct,
    person: PersonFacts,
    answers: RxAnswers,
  ) {
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
    return evaluation;
  }

  /** The patient's checks before anything is evaluated, in the order they refuse. */
  async function checked(actor: Actor, input: SubmitRxEvaluationInput) {
    const person = await ownPerson(actor, input.patientID);
    const product = rxProductById(input.productId);
    if (!product) throw new AppError(400, 'RX_PRODUCT_UNKNOWN', 'rx.product.unknown');
    const assessment = await assessmentFor(actor, input, product);
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
    const brand = await offeredIn(actor, person, state);
    return { person, product, assessment, state, brand };
  }

  return {
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
      const { person, product, assessment, state, brand } = await checked(actor, input);
      // The intake's answers (the problem, its duration, medications, allergies) unless the
      // patient changed them in the flow.
      const answers: RxAnswers = assessment
        ? { ...assessment.answers, ...input.answers }
        : input.answers;
      const evaluation = await evaluated(actor, product, person, answers);
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
  };
}
