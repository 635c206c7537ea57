import type { CareSettings } from '@apothecall/domain/brands/brands.api';
import { translate } from '@apothecall/domain/i18n/catalog';
import { describe, expect, it } from 'vitest';
import { fakeActor, fakeClock, recordingAudit } from '../../../test/fakes';
import { accountsRepoOf, aHolder, anAccount } from '../../../test/fakes-accounts';
import { SchemaError } from '../../platform/errors';
import { createConsultService } from './consult.service';
import type { FamilyService } from './family.service';

/**
 * "I am in" a state, on fakes: the confirmed location is stored with whether async care is
 * offered there and audited; an unknown state is refused with nothing stored; on-demand care
 * is available while a provider is on duty, and the posted hours say when to come back.
 */
const settings: CareSettings = {
  availableStates: ['FL', 'TX', 'GA'],
  asyncStates: ['FL', 'GA'],
  hours: { open: '08:00', close: '20:00', timeZone: 'America/New_York' },
};

function setUp(options: { role?: string; onDuty?: number; at?: Date } = {}) {
  const account = anAccount({ role: options.role ?? 'patient' });
  const holder = { ...aHolder(account), consultLocation: 'FL', validAsyncState: true };
  const stored: { personId: string; state: string; async: boolean }[] = [];
  const dutyAsked: string[] = [];
  const audit = recordingAudit();
  const clock = fakeClock(options.at);
  const family = {
    person: async (_actor: unknown, personId: string) => {
      if (personId !== holder.id) throw new Error('not in family');
      return holder;
    },
  } as Partial<FamilyService> as FamilyService;
  const consult = createConsultService({
    repo: accountsRepoOf({
      findById: async (id) => (id === account.id ? account : undefined),
      setConsultLocation: async (personId, state, async) => {
        stored.push({ personId, state, async });
      },
    }),
    family,
    audit,
    careSettings: async () => settings,
    providersOnDuty: async (state) => {
      dutyAsked.push(state);
      return options.onDuty ?? 0;
    },
    now: clock.now,
  });
  const actor = { ...fakeActor(account.id), brandId: 'apothecall' };
  return { consult, account, holder, stored, audit, actor, dutyAsked };
}

describe('consult service', () => {
  it("answers a family member's confirmed location with the brand's states", async () => {
    const { consult, actor, holder } = setUp();
    expect(await consult.location(actor, holder.id)).toEqual({
      state: 'FL',
      validAsyncState: true,
      states: ['FL', 'TX', 'GA'],
    });
  });

  it('lists the async states less those asking for a call or video first', async () => {
    const { consult } = setUp();
    const states = await consult.asyncStates('apothecall');
    expect(states).toContain('FL');
    expect(states.every((s) => settings.asyncStates.includes(s))).toBe(true);
  });

  it('stores and audits a confirmed state, saying on-demand care is offered there', async () => {
    const { consult, actor, holder, stored, audit } = setUp();
    expect(await consult.setLocation(actor, { personId: holder.id, state: ' fl ' })).toEqual({
      state: 'FL',
      available: true,
      reason: null,
    });
    expect(stored).toEqual([{ personId: holder.id, state: 'FL', async: true }]);
    expect(audit.rows).toEqual([
      {
        outcome: 'success',
        action: 'location.confirm',
        actorAccountId: actor.accountId,
        subject: { accountId: actor.accountId, personId: holder.id },
        detail: { state: 'FL', onDemand: true },
      },
    ]);
  });

  it('says why on-demand care is not offered in a state, in the caller language', async () => {
    const { consult, actor, holder, stored } = setUp();
    const answer = await consult.setLocation(
      { ...actor, lang: 'es' },
      { personId: holder.id, state: 'GA' },
    );
    expect(answer).toEqual({
      state: 'GA',
      available: false,
      reason: translate('es', 'places.serviceUnavailable', { state: 'GA' }),
    });
    expect(stored).toEqual([{ personId: holder.id, state: 'GA', async: true }]);
  });

  it('offers an unrestricted role async care anywhere, on-demand only where it is staffed', async () => {
    const { consult, actor, holder, stored } = setUp({ role: 'tester' });
    const answer = await consult.setLocation(actor, { personId: holder.id, state: 'NY' });
    expect(answer).toMatchObject({ state: 'NY', available: false });
    expect(await consult.setLocation(actor, { personId: holder.id, state: 'TX' })).toMatchObject({
      available: true,
    });
    expect(stored).toEqual([
      { personId: holder.id, state: 'NY', async: true },
      { personId: holder.id, state: 'TX', async: true },
    ]);
  });

  it('refuses a state that is not a US state, storing and auditing nothing', async () => {
    const { consult, actor, holder, stored, audit } = setUp();
    await expect(
      consult.setLocation(actor, { personId: holder.id, state: 'ZZ' }),
    ).rejects.toBeInstanceOf(SchemaError);
    expect(stored).toEqual([]);
    expect(audit.rows).toEqual([]);
  });

  it("answers an account's credentials, and a patient's for an unknown account", async () => {
    const { consult, account } = setUp({ role: 'provider' });
    expect(await consult.credentials(account.id)).toEqual({
      role: 'provider',
      organizationType: null,
      from: null,
      permissions: [],
    });
    expect(await consult.credentials('nobody')).toEqual({
      role: 'patient',
      organizationType: null,
      from: null,
      permissions: [],
    });
  });

  it('is available while a provider is on duty, with no time to come back', async () => {
    const { consult, dutyAsked } = setUp({ onDuty: 2 });
    const hours = await consult.hours({
      state: 'FL',
      brandId: 'apothecall',
      lang: 'en',
      timeZone: 'America/New_York',
    });
    expect(hours).toMatchObject({
      start: '2026-03-02T13:00:00.000Z',
      end: '2026-03-03T01:00:00.000Z',
      next: null,
      available: true,
      nextAvailableStr: '',
    });
    expect(dutyAsked).toEqual(['FL']);
  });

  it('says no provider is on duty now within the posted hours', async () => {
    const { consult } = setUp({ onDuty: 0 });
    const hours = await consult.hours({
      state: 'FL',
      brandId: 'apothecall',
      lang: 'es',
      timeZone: 'America/New_York',
    });
    expect(hours).toMatchObject({
      next: null,
      available: false,
      nextAvailableStr: translate('es', 'care.hours.noProviderNow'),
    });
  });

  it("points to the next day's opening after hours, and asks no one where care is not offered", async () => {
    const { consult, dutyAsked } = setUp({ at: new Date('2026-03-03T02:00:00.000Z') });
    const after = await consult.hours({
      state: 'FL',
      brandId: 'apothecall',
      lang: 'en',
      timeZone: 'America/New_York',
    });
    expect(after).toMatchObject({ next: '2026-03-03T13:00:00.000Z', available: false });
    expect(after.nextAvailableStr).toMatch(/Tuesday/);
    const elsewhere = await consult.hours({
      state: 'GA',
      brandId: 'apothecall',
      lang: 'en',
      timeZone: 'America/New_York',
    });
    expect(elsewhere).toMatchObject({ next: null, available: false, nextAvailableStr: '' });
    expect(dutyAsked).toEqual(['FL']);
  });
});
