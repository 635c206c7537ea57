import { randomUUID } from 'node:crypto';
import type { AnnouncementFields } from '@apothecall/domain/announcements/announcements.api';
import { describe, expect, it } from 'vitest';
import { fakeActor, fakeClock, recordingAudit } from '../../../test/fakes';
import { AppError, SchemaError } from '../../platform/errors';
import type { PharmacyOrganizationRecord } from '../pharmacy/pharmacy.port';
import type { AnnouncementRecord, AnnouncementsRepo } from './announcements.repo';
import { createAnnouncementsService } from './announcements.service';

/**
 * Announcements to pharmacies, on fakes: only the platform admin and a company's rx
 * administrator write (anyone else 403, audited); a company writer sees and withdraws only its
 * own; readers see what reaches their company and states, in their language, until they dismiss
 * it; the notice job's audience is the pharmacy logins it reaches.
 */
type Member = {
  role: string;
  organizationType: string | null;
  organizationId: string | null;
  permissions: string[];
  disabled: boolean;
};

const members: Record<string, Member> = {
  admin: {
    role: 'admin',
    organizationType: null,
    organizationId: null,
    permissions: [],
    disabled: false,
  },
  acmeWriter: {
    role: 'patient',
    organizationType: 'company',
    organizationId: 'acme',
    permissions: ['rxSubscriptionAdmin:acme'],
    disabled: false,
  },
  otherWriter: {
    role: 'patient',
    organizationType: 'company',
    organizationId: 'other',
    permissions: ['rxSubscriptionAdmin:other'],
    disabled: false,
  },
  formerAdmin: {
    role: 'admin',
    organizationType: null,
    organizationId: null,
    permissions: [],
    disabled: true,
  },
  patient: {
    role: 'patient',
    organizationType: null,
    organizationId: null,
    permissions: [],
    disabled: false,
  },
};

function organization(id: string, state: string, serviceStates: string[] = []) {
  return { id, state, serviceStates } as unknown as PharmacyOrganizationRecord;
}

/** Pharmacy logins: their pharmacy and their brand. */
const pharmacies = [organization('ph-fl', 'FL'), organization('ph-ga', 'GA', ['TX'])];
const logins: Record<string, { organizationId: string; brandId: string }> = {
  'rph-fl-acme': { organizationId: 'ph-fl', brandId: 'acme' },
  'rph-ga-acme': { organizationId: 'ph-ga', brandId: 'acme' },
  'rph-fl-main': { organizationId: 'ph-fl', brandId: 'apothecall' },
};

function memoryAnnouncements() {
  const rows: AnnouncementRecord[] = [];
  const dismissed = new Set<string>();
  const count = (id: string) => [...dismissed].filter((d) => d.startsWith(`${id}|`)).length;
  const repo: AnnouncementsRepo = {
    async insert(row) {
      const stored: AnnouncementRecord = {
        ...row,
        id: randomUUID(),
        language: row.language ?? 'en',
        states: row.states ?? [],
        companyId: row.companyId ?? null,
        translationTitle: row.translationTitle ?? null,
        translationBody: row.translationBody ?? null,
        createdAt: row.createdAt ?? new Date(),
        expiresAt: row.expiresAt ?? null,
        withdrawnAt: null,
        withdrawnBy: null,
      };
      rows.unshift(stored);
      return { ...stored };
    },
    byId: async (id) => rows.find((r) => r.id === id),
    managed: async (scope) =>
      rows
        .filter((r) => scope === 'all' || r.companyId === scope.companyId)
        .map((r) => ({ ...r, dismissals: count(r.id) })),
    dismissalsOf: async (id) => count(id),
    async withdraw(id, by, at) {
      const row = rows.find((r) => r.id === id && !r.withdrawnAt);
      if (!row) return undefined;
      row.withdrawnAt = at;
      row.withdrawnBy = by;
      return { ...row };
    },
    currentFor: async (companyId, accountId, now) =>
      rows.filter(
        (r) =>
          !r.withdrawnAt &&
          (!r.expiresAt || r.expiresAt > now) &&
          (r.companyId === null || r.companyId === companyId) &&
          (accountId === null || !dismissed.has(`${r.id}|${accountId}`)),
      ),
    async dismiss(id, accountId) {
      dismissed.add(`${id}|${accountId}`);
    },
  };
  return { repo, rows };
}

function setUp() {
  const clock = fakeClock();
  const store = memoryAnnouncements();
  const audit = recordingAudit();
  const published: string[] = [];
  const service = createAnnouncementsService({
    repo: store.repo,
    accounts: {
      membership: async (id) => members[id],
      holderContact: async (id) => {
        const login = logins[id];
        return login && { phone: null, language: 'en', brandId: login.brandId, firstName: 'R' };
      },
    },
    pharmacy: {
      staff: async (actor) => {
        const login = logins[actor.accountId];
        if (!login) throw new AppError(403, 'PHARMACY_ONLY', 'navigation.unauthorized');
        return {
          accountId: actor.accountId,
          organization: pharmacies.find((p) => p.id === login.organizationId)!,
          role: 'pharmacist',
          readyRx: false,
          grant: null,
        };
      },
      organizations: async () => pharmacies,
      staffAccounts: async (orgId) =>
        Object.entries(logins)
          .filter(([, l]) => l.organizationId === orgId)
          .map(([id]) => id),
    },
    audit,
    companyName: async (id) => (id === 'acme' ? 'Acme Health' : id),
    jobs: {
      send: async (name, payload) => {
        if (name === 'announcements.notify') {
          published.push((payload as { announcementId: string }).announcementId);
        }
        return '1';
      },
    },
    now: clock.now,
  });
  return { service, store, audit, published, clock };
}

const fields = (overrides: Partial<AnnouncementFields> = {}): AnnouncementFields => ({
  title: 'Closed Monday',
  body: 'The warehouse is closed.',
  expiresOn: null,
  states: [],
  language: 'en',
  translationTitle: '',
  translationBody: '',
  ...overrides,
});

describe('announcements service', () => {
  it('refuses a patient and a disabled admin as writers, audited as denied', async () => {
    const { service, store, audit } = setUp();
    for (const who of ['patient', 'formerAdmin']) {
      await expect(service.create(fakeActor(who), fields())).rejects.toMatchObject({
        status: 403,
        code: 'ANNOUNCEMENT_WRITERS_ONLY',
      });
    }
    await expect(service.managed(fakeActor('patient'))).rejects.toMatchObject({ status: 403 });
    expect(store.rows).toEqual([]);
    expect(audit.rows.map((r) => [r.outcome, r.action])).toEqual([
      ['denied', 'announcements.write'],
      ['denied', 'announcements.write'],
      ['denied', 'announcements.write'],
    ]);
  });

  it("stores a company writer's announcement for its company, ending after its last day, and publishes it", async () => {
    const { service, audit, published } = setUp();
    const made = await service.create(
      fakeActor('acmeWriter'),
      fields({ expiresOn: '2026-03-05', states: ['GA', 'FL', 'GA'] }),
    );
    expect(made).toMatchObject({
      companyId: 'acme',
      companyName: 'Acme Health',
      states: ['FL', 'GA'],
      expiresAt: '2026-03-06T05:00:00.000Z',
      status: 'current',
      translation: null,
      dismissals: 0,
    });
    expect(published).toEqual([made.id]);
    expect(audit.rows).toEqual([
      expect.objectContaining({
        action: 'announcements.create',
        detail: { announcementId: made.id, companyId: 'acme', states: 'FL,GA' },
      }),
    ]);
  });

  it('refuses a last day already past, storing and publishing nothing', async () => {
    const { service, store, published } = setUp();
    await expect(
      service.create(fakeActor('admin'), fields({ expiresOn: '2026-03-01' })),
    ).rejects.toBeInstanceOf(SchemaError);
    expect(store.rows).toEqual([]);
    expect(published).toEqual([]);
  });

  it("shows a company writer only its own, and withdraws another company's as not found", async () => {
    const { service, audit } = setUp();
    const mine = await service.create(fakeActor('acmeWriter'), fields());
    const theirs = await service.create(fakeActor('otherWriter'), fields());
    const everyone = await service.create(fakeActor('admin'), fields());
    expect((await service.managed(fakeActor('acmeWriter'))).announcements.map((a) => a.id)).toEqual(
      [mine.id],
    );
    expect((await service.managed(fakeActor('admin'))).announcements).toHaveLength(3);
    await expect(service.withdraw(fakeActor('acmeWriter'), theirs.id)).rejects.toMatchObject({
      status: 404,
    });
    await expect(service.withdraw(fakeActor('acmeWriter'), everyone.id)).rejects.toMatchObject({
      status: 404,
    });
    expect(audit.rows.filter((r) => r.outcome === 'denied').map((r) => r.detail)).toEqual([
      { reason: 'not-found-or-not-allowed', announcementId: theirs.id },
      { reason: 'not-found-or-not-allowed', announcementId: everyone.id },
    ]);
  });

  it('withdraws once: a second withdrawal answers the first, audited once', async () => {
    const { service, audit, clock } = setUp();
    const made = await service.create(fakeActor('acmeWriter'), fields());
    const first = await service.withdraw(fakeActor('acmeWriter'), made.id);
    clock.advance(60_000);
    const second = await service.withdraw(fakeActor('admin'), made.id);
    expect(first).toMatchObject({ status: 'withdrawn', withdrawnAt: '2026-03-02T15:00:00.000Z' });
    expect(second.withdrawnAt).toBe(first.withdrawnAt);
    expect(audit.rows.filter((r) => r.action === 'announcements.withdraw')).toHaveLength(1);
  });

  it('shows readers what reaches their company and states, in their language, until dismissed', async () => {
    const { service, audit } = setUp();
    const forTexas = await service.create(
      fakeActor('acmeWriter'),
      fields({
        states: ['TX'],
        translationTitle: 'Cerrado el lunes',
        translationBody: 'El almacén está cerrado.',
      }),
    );
    const forAll = await service.create(fakeActor('admin'), fields({ title: 'Maintenance' }));
    // The Georgia pharmacy serves Texas; the Florida one does not; the main brand's is not Acme's.
    const ga = fakeActor('rph-ga-acme', { lang: 'es' });
    expect(await service.current(ga)).toEqual([
      expect.objectContaining({ id: forAll.id, title: 'Maintenance', language: 'en' }),
      expect.objectContaining({ id: forTexas.id, title: 'Cerrado el lunes', language: 'es' }),
    ]);
    expect((await service.current(fakeActor('rph-fl-acme'))).map((a) => a.id)).toEqual([forAll.id]);
    expect((await service.current(fakeActor('rph-fl-main'))).map((a) => a.id)).toEqual([forAll.id]);

    await expect(service.current(fakeActor('patient'))).rejects.toMatchObject({
      status: 403,
      code: 'PHARMACY_ONLY',
    });
    await service.dismiss(ga, forAll.id);
    await service.dismiss(ga, forAll.id);
    expect((await service.current(ga)).map((a) => a.id)).toEqual([forTexas.id]);
    await expect(service.dismiss(fakeActor('rph-fl-acme'), forTexas.id)).rejects.toMatchObject({
      status: 404,
    });
    expect(
      audit.rows
        .filter((r) => r.action === 'announcements.dismiss')
        .map((r) => [r.outcome, r.detail]),
    ).toEqual([
      ['success', { announcementId: forAll.id, organizationId: 'ph-ga' }],
      ['success', { announcementId: forAll.id, organizationId: 'ph-ga' }],
      ['denied', { reason: 'not-found-or-not-shown', announcementId: forTexas.id }],
    ]);
  });

  it('reaches the pharmacy logins of its company and states, and nobody once withdrawn', async () => {
    const { service } = setUp();
    const forFlorida = await service.create(fakeActor('acmeWriter'), fields({ states: ['FL'] }));
    const forAll = await service.create(fakeActor('admin'), fields());
    expect(await service.audience(forFlorida.id)).toEqual(['rph-fl-acme']);
    expect(await service.audience(forAll.id)).toEqual([
      'rph-fl-acme',
      'rph-fl-main',
      'rph-ga-acme',
    ]);
    await service.withdraw(fakeActor('admin'), forAll.id);
    expect(await service.audience(forAll.id)).toEqual([]);
    expect(await service.audience(randomUUID())).toEqual([]);
  });
});
