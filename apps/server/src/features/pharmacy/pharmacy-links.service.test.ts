import { describe, expect, it } from 'vitest';
import { fakeActor, fakeClock, recordingAudit } from '../../../test/fakes';
import { aLink, aPharmacy } from '../../../test/fakes-pharmacy';
import { AppError } from '../../platform/errors';
import type { PharmacyLinkRecord, PharmacyStaff } from './pharmacy.port';
import { createPharmacyLinksService } from './pharmacy-links.service';

const manager = '3e4f5a60-0000-4000-8000-0000000000d1';

/**
 * A pharmacy's Rx links with fakes: two pharmacies (one verified in Florida serving Georgia too,
 * one unverified), their links in memory, and the portal's link check as a function that lets
 * the manager of the first pharmacy through.
 */
function setUp() {
  const clock = fakeClock();
  const audit = recordingAudit();
  const sunrise = aPharmacy();
  const pending = aPharmacy({ name: 'Pending Rx', verifiedAt: null });
  const organizations = [sunrise, pending];
  const links: PharmacyLinkRecord[] = [];
  const staff: PharmacyStaff = {
    accountId: manager,
    organization: sunrise,
    role: 'pharmacyAdmin',
    readyRx: true,
    grant: null,
  };
  const live = () => links.filter((l) => !l.deletedAt);
  const service = createPharmacyLinksService({
    repo: {
      link: async (id) => live().find((l) => l.id === id),
      linksOf: async (id) => live().filter((l) => l.organizationId === id),
      allLinksOf: async (id) => links.filter((l) => l.organizationId === id),
      async insertLink(link) {
        const row = { ...link, createdAt: clock.now(), deletedAt: null };
        links.push(row);
        return row;
      },
      async deleteLink(organizationId, id, at) {
        const row = live().find((l) => l.id === id && l.organizationId === organizationId);
        if (!row) return false;
        row.deletedAt = at;
        return true;
      },
      organization: async (id) => organizations.find((o) => o.id === id),
      verifiedServing: async (state) =>
        organizations.filter((o) => o.verifiedAt && o.serviceStates.includes(state)),
    },
    audit,
    publicUrl: 'https://app.example.test',
    linkManager: async (actor) => {
      if (actor.accountId !== manager) {
        throw new AppError(403, 'PHARMACY_ADMIN_ONLY', 'pharmacy.adminOnly');
      }
      return staff;
    },
    now: clock.now,
  });
  return { service, audit, links, sunrise, pending };
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  const { status, code, messageKey } = error as AppError;
  return { status, code, messageKey };
}

describe('pharmacy Rx links (service, fakes)', () => {
  it('publishes a link for a known treatment with an unguessable id and its URL, audited', async () => {
    const { service, audit, links, sunrise } = setUp();

    const view = await service.createLink(fakeActor(manager), {
      screenId: 'ldn',
      medListId: 'list-a',
      comment: 'Front desk',
    });

    expect(view.id).toMatch(/^[a-km-np-z2-9]{12}$/);
    expect(view.url).toBe(
      `https://app.example.test/#/rx?id=${view.id}&company=${encodeURIComponent(sunrise.id)}`,
    );
    expect(links).toMatchObject([
      { id: view.id, organizationId: sunrise.id, medListId: 'list-a', comment: 'Front desk' },
    ]);
    expect(audit.rows.map((r) => [r.action, r.detail])).toEqual([
      ['pharmacy.link.create', { organizationId: sunrise.id, linkId: view.id }],
    ]);
  });

  it('refuses a link for an unknown treatment on its field, and a caller the link check refuses', async () => {
    const { service, links, audit } = setUp();

    expect(
      await refusal(service.createLink(fakeActor(manager), { screenId: 'no-such-product' })),
    ).toEqual({ status: 400, code: 'VALIDATION', messageKey: 'pharmacy.link.productUnknown' });
    expect(
      await refusal(service.links(fakeActor('3e4f5a60-0000-4000-8000-0000000000d2'))),
    ).toMatchObject({ status: 403, code: 'PHARMACY_ADMIN_ONLY' });
    expect(links).toEqual([]);
    expect(audit.rows).toEqual([]);
  });

  it("searches the links by the treatment's name in the caller's language and by comment, a page at a time", async () => {
    const { service, links, sunrise } = setUp();
    for (let i = 0; i < 25; i += 1) {
      links.push(aLink(sunrise.id, { id: `ldnlink${String(i).padStart(4, '0')}`, comment: null }));
    }
    links.push(aLink(sunrise.id, { id: 'cialislink01', screenId: 'cialis', comment: 'Tampa ER' }));

    const spanish = await service.searchLinks(fakeActor(manager, { lang: 'es' }), {
      query: 'naltrexona BAJA',
      page: 2,
    });
    const byComment = await service.searchLinks(fakeActor(manager), { query: 'tampa', page: 1 });

    expect(spanish).toMatchObject({ page: 2, pageSize: 20, total: 25 });
    expect(spanish.links).toHaveLength(5);
    expect(byComment.links.map((l) => l.id)).toEqual(['cialislink01']);
  });

  it("withdraws only the pharmacy's own link: another's is not found and nothing is audited", async () => {
    const { service, links, audit, sunrise, pending } = setUp();
    links.push(
      aLink(pending.id, { id: 'otherlink123' }),
      aLink(sunrise.id, { id: 'mylink123456' }),
    );

    expect(await refusal(service.deleteLink(fakeActor(manager), 'otherlink123'))).toMatchObject({
      status: 404,
    });
    await service.deleteLink(fakeActor(manager), 'mylink123456');

    expect(links.map((l) => [l.id, l.deletedAt !== null])).toEqual([
      ['otherlink123', false],
      ['mylink123456', true],
    ]);
    expect(audit.rows.map((r) => r.action)).toEqual(['pharmacy.link.delete']);
  });

  it("routes a new Rx visit to a link's pharmacy or a chosen one only where it is verified and serves the state", async () => {
    const { service, links, sunrise, pending } = setUp();
    links.push(
      aLink(sunrise.id, { id: 'sunriselink1' }),
      aLink(pending.id, { id: 'pendinglink1' }),
    );

    expect(await service.routeFor({ linkId: 'sunriselink1', state: 'GA' })).toEqual({
      pharmacyId: sunrise.id,
      linkId: 'sunriselink1',
    });
    expect(await service.routeFor({ pharmacyId: sunrise.id, state: 'FL' })).toEqual({
      pharmacyId: sunrise.id,
      linkId: null,
    });
    expect(await service.routeFor({ state: 'TX' })).toEqual({ pharmacyId: null, linkId: null });
    expect(await refusal(service.routeFor({ linkId: 'sunriselink1', state: 'TX' }))).toEqual({
      status: 400,
      code: 'PHARMACY_NOT_AVAILABLE',
      messageKey: 'pharmacy.rx.notAvailable',
    });
    expect(await refusal(service.routeFor({ linkId: 'pendinglink1', state: 'FL' }))).toEqual({
      status: 400,
      code: 'PHARMACY_NOT_AVAILABLE',
      messageKey: 'pharmacy.rx.linkUnknown',
    });
    expect(await refusal(service.routeFor({ pharmacyId: pending.id, state: 'FL' }))).toMatchObject({
      messageKey: 'pharmacy.rx.notAvailable',
    });
  });

  it('offers a patient the verified pharmacies serving their state, with one address line', async () => {
    const { service, sunrise } = setUp();

    expect(await service.choices('GA')).toEqual([
      {
        id: sunrise.id,
        name: 'Sunrise Pharmacy',
        address: '1 Main St, Suite 2',
        city: 'Tampa',
        state: 'FL',
        phone: '8135550100',
      },
    ]);
    expect(await service.choices('TX')).toEqual([]);
  });
});
