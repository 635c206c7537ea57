import { isUnrestrictedRole } from '@apothecall/domain/accounts/roles.rules';
import type { CareSettings } from '@apothecall/domain/brands/brands.api';
import { translate } from '@apothecall/domain/i18n/catalog';
import type { Lang } from '@apothecall/domain/i18n/i18n.rules';
import {
  effectiveStateList,
  normalizeStateCode,
  serviceAvailability,
} from '@apothecall/domain/places/places.rules';
import { z } from 'zod';
import type { AuditService } from '../../platform/audit.service';
import { parseWith } from '../../platform/errors';
import { calendarDateIn, instantAt } from '../../platform/time';
import type { AccountsRepo } from './accounts.repo';
import type { Actor, FamilyService } from './family.service';

export interface ConsultService {
  location(
    actor: Actor,
    personId: string,
  ): Promise<{ state: string | null; validAsyncState: boolean; states: string[] }>;
  asyncStates(brandId: string): Promise<string[]>;
  setLocation(
    actor: Actor & { lang: Lang; brandId: string },
    input: { personId: string; state: string },
  ): Promise<{ state: string; available: boolean; reason: string | null }>;
  credentials(accountId: string): Promise<{
    role: string;
    organizationType: string | null;
    from: string | null;
    permissions: string[];
  }>;
  hours(input: { state: string; brandId: string; lang: Lang; timeZone: string }): Promise<{
    start: string;
    end: string;
    next: string | null;
    available: boolean;
    nextAvailableStr: string;
  }>;
}

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);
function parseClock(value: string): { hour: number; minute: number } {
  const [h = '0', m = '0'] = parseWith(clock, value, 'hours').split(':');
  return { hour: Number(h), minute: Number(m) };
}

/**
 * "I am in" a state (spec sections 1, 4, 7, 9): the confirmed location of each family member,
 * whether on-demand care is offered there (domain serviceAvailability), the async states, the
 * user's credentials and availability: on-demand care is available in a state while a provider
 * licensed there is on duty; the brand's posted clinic hours tell when to come back otherwise.
 */
export function createConsultService(deps: {
  repo: AccountsRepo;
  family: FamilyService;
  audit: AuditService;
  careSettings: (brandId: string) => Promise<CareSettings>;
  /** How many providers licensed in the state are on duty now (the care area's answer). */
  providersOnDuty: (state: string) => Promise<number>;
  now?: () => Date;
}): ConsultService {
  const now = deps.now ?? (() => new Date());
  return {
    async location(actor, personId) {
      const person = await deps.family.person(actor, personId);
      const account = await deps.repo.findById(actor.accountId);
      const settings = await deps.careSettings(account?.brandId ?? '');
      return {
        state: person.consultLocation,
        validAsyncState: person.validAsyncState,
        states: [...effectiveStateList(settings.availableStates)],
      };
    },

    async asyncStates(brandId) {
      // The brand's list, less the states whose telemedicine rule (spec section 9: the
      // async-only restricted states) asks for a video or call first: a new patient cannot
      // start there by text. A state whose rule a prior visit satisfies is checked again when
      // the asynchronous visit starts, with the patient's own history.
      const { asyncStates } = await deps.careSettings(brandId);
      return effectiveStateList(asyncStates).filter(
        (code) => serviceAvailability(code, 'async', { asyncStates }).offered,
      );
    },

    async setLocation(actor, input) {
      const person = await deps.family.person(actor, input.personId);
      const state = normalizeStateCode(input.state);
      if (!state)
        return parseWith(
          z.never({ error: 'validation.address.stateInvalid' }),
          input.state,
          'state',
        );
      const account = await deps.repo.findById(actor.accountId);
      const settings = await deps.careSettings(account?.brandId ?? actor.brandId);
      const everywhere = isUnrestrictedRole(account?.role);
      const onDemand = serviceAvailability(state, 'onDemand', {
        availableStates: settings.availableStates,
        availableEverywhere: everywhere,
      });
      const async = serviceAvailability(state, 'async', {
        asyncStates: settings.asyncStates,
        availableEverywhere: everywhere,
      });
      await deps.repo.setConsultLocation(person.id, state, async.offered, now());
      await deps.audit.record(
        actor,
        'location.confirm',
        { accountId: actor.accountId, personId: person.id },
        { state, onDemand: onDemand.offered },
      );
      return {
        state,
        available: onDemand.offered,
        reason: onDemand.offered ? null : translate(actor.lang, onDemand.reason, onDemand.params),
      };
    },

    async credentials(accountId) {
      const account = await deps.repo.findById(accountId);
      return {
        role: account?.role ?? 'patient',
        organizationType: account?.organizationType ?? null,
        from: account?.organizationId ?? null,
        permissions: account?.permissions ?? [],
      };
    },

    async hours(input) {
      const settings = await deps.careSettings(input.brandId);
      const tz = settings.hours.timeZone;
      const at = now();
      const today = calendarDateIn(at, tz);
      const open = parseClock(settings.hours.open);
      const close = parseClock(settings.hours.close);
      const start = instantAt(today, open, tz);
      const end = instantAt(today, close, tz);
      const offered = serviceAvailability(input.state, 'onDemand', {
        availableStates: settings.availableStates,
      }).offered;
      const inHours = at >= start && at < end;
      // Availability follows the providers on duty; the posted hours say when to come back.
      const onDuty = offered ? await deps.providersOnDuty(input.state) : 0;
      let next: Date | null = null;
      if (offered && onDuty === 0 && !inHours) {
        if (at < start) next = start;
        else {
          const tomorrow = calendarDateIn(new Date(end.getTime() + 12 * 3_600_000), tz);
          next = instantAt(tomorrow, open, tz);
        }
      }
      const format = new Intl.DateTimeFormat(input.lang === 'es' ? 'es-US' : 'en-US', {
        weekday: 'long',
        hour: 'numeric',
        minute: '2-digit',
        timeZone: input.timeZone,
      });
      return {
        start: start.toISOString(),
        end: end.toISOString(),
        next: next ? next.toISOString() : null,
        available: offered && onDuty > 0,
        nextAvailableStr: next
          ? format.format(next)
          : offered && onDuty === 0
            ? translate(input.lang, 'care.hours.noProviderNow')
            : '',
      };
    },
  };
}
