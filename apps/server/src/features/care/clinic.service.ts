import type { QueueEntry } from '@apothecall/domain/care/visits.api';
import {
  ageOn,
  calendarDateOfUtc,
  parseDateInput,
} from '@apothecall/domain/validation/validation.rules';
import { z } from 'zod';
import type { AuditService, RequestOrigin } from '../../platform/audit.service';
import { AppError, appErrors } from '../../platform/errors';
import type { CareRepo, VisitRecord } from './care.repo';

export interface ClinicService {
  /** The waiting visits from the states the provider is licensed in, oldest first. */
  queue(
    providerId: string,
    origin: RequestOrigin,
  ): Promise<{ onDuty: boolean; visits: QueueEntry[] }>;
  setDuty(providerId: string, onDuty: boolean, origin: RequestOrigin): Promise<boolean>;
  /** Claims a visit: exactly one provider wins; the others are told it was taken. */
  claim(providerId: string, visitId: string, origin: RequestOrigin): Promise<VisitRecord>;
}

/**
 * The provider side of the queue (issue 6, area `clinic`): only providers; only visits from
 * the states they are licensed in (others are "not found"); the claim is one conditional
 * UPDATE, so two providers claiming at once cannot both win. Reading a patient's queue entry
 * is a read of their record and is audited.
 */
export function createClinicService(deps: {
  repo: CareRepo;
  audit: AuditService;
  notifyQueue: (state: string) => Promise<void>;
  notifyPatient: (visit: VisitRecord) => Promise<void>;
  now?: () => Date;
}): ClinicService {
  const now = deps.now ?? (() => new Date());

  async function requireProvider(accountId: string) {
    if ((await deps.repo.role(accountId)) !== 'provider') {
      throw new AppError(403, 'PROVIDERS_ONLY', 'care.clinic.providersOnly');
    }
  }

  return {
    async queue(providerId, origin) {
      await requireProvider(providerId);
      const states = await deps.repo.licenses(providerId);
      const waiting = await deps.repo.waitingIn(states);
      const today = calendarDateOfUtc(now());
      const entries: QueueEntry[] = [];
      for (const visit of waiting) {
        const person = await deps.repo.person(visit.personId);
        if (!person) continue;
        const dob = parseDateInput(person.dob);
        entries.push({
          visitId: visit.id,
          state: visit.state,
          waitingSince: visit.createdAt.toISOString(),
          patientName: `${person.firstName} ${person.lastName}`,
          age: dob ? ageOn(dob, today) : 0,
          gender: person.gender,
          location: visit.location,
          reason: visit.reason,
          alarms: [],
        });
      }
      await deps.audit.record({
        action: 'clinic.queue.read',
        outcome: 'success',
        actorAccountId: providerId,
        ip: origin.ip,
        requestId: origin.requestId,
        detail: { visits: entries.map((e) => e.visitId) },
      });
      return { onDuty: await deps.repo.isOnDuty(providerId), visits: entries };
    },

    async setDuty(providerId, onDuty, origin) {
      await requireProvider(providerId);
      await deps.repo.setDuty(providerId, onDuty, now());
      await deps.audit.record({
        action: 'clinic.duty',
        outcome: 'success',
        actorAccountId: providerId,
        ip: origin.ip,
        requestId: origin.requestId,
        detail: { onDuty },
      });
      // Waiting patients' estimates change with the providers on duty.
      for (const state of await deps.repo.licenses(providerId)) await deps.notifyQueue(state);
      return onDuty;
    },

    async claim(providerId, visitId, origin) {
      await requireProvider(providerId);
      const visit = z.uuid().safeParse(visitId).success
        ? await deps.repo.visit(visitId)
        : undefined;
      const states = await deps.repo.licenses(providerId);
      if (!visit || !states.includes(visit.location)) throw appErrors.notFound();
      const won = await deps.repo.claim(visit.id, providerId, states, now());
      await deps.audit.record({
        action: 'clinic.claim',
        outcome: won ? 'success' : 'denied',
        actorAccountId: providerId,
        subjectAccountId: visit.accountId,
        subjectPersonId: visit.personId,
        ip: origin.ip,
        requestId: origin.requestId,
        detail: { visitId: visit.id },
      });
      if (!won) throw new AppError(409, 'ALREADY_CLAIMED', 'care.visit.alreadyClaimed');
      const claimed = (await deps.repo.visit(visit.id)) ?? visit;
      await deps.notifyQueue(visit.location);
      await deps.notifyPatient(claimed);
      return claimed;
    },
  };
}
