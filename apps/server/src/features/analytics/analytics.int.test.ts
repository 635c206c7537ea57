import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { analyticsStatuses, attributionSources } from '@apothecall/domain/analytics/analytics.api';
import { addDays, localDate } from '@apothecall/domain/dates/zones.rules';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  databaseKinds,
  demo,
  get,
  itReadsNoDate,
  login,
  newPatient,
  ok,
  type Patient,
  readyToPay,
  registration,
  send,
  startTestApp,
  type TestApp,
} from '../../../test/harness';
import { acuteAnswers, uploadRxId } from '../../../test/rx-fixtures';
import { accounts, persons } from '../../db/schema/accounts';
import { loginEvents } from '../../db/schema/analytics';
import { referrals } from '../../db/schema/brands';
import { pharmacyOrganizations } from '../../db/schema/pharmacy';
import { auditLog } from '../../db/schema/platform';
import { rxVisits } from '../../db/schema/rx';

const sunrise = 'sunrise-pharmacy';
const loneStar = 'lone-star-pharmacy';
const sunriseAdmin = 'pharmacy-admin@apothecall.test';
const sunrisePharmacist = 'pharmacist@apothecall.test';
const loneStarPharmacist = 'lonestar-pharmacist@apothecall.test';
const loneStarAdmin = 'lonestar-admin@example.test';
const tz = 'America/New_York';
const minute = 60_000;

type Range = { from: string; to: string };

/**
 * The pharmacy's analytics through the whole app (the acceptance rule: "every analytics figure
 * equals the same figure computed by a plain SQL query over seeded data; other pharmacies'
 * analytics answer 404"). Two pharmacies get visits through the real routes (links, treatments,
 * card and prepay payments, a refund, prescriptions, claims after known waits, pharmacy moves),
 * referred patients pay, staff log in and fail to; then EVERY figure of every route is compared
 * with the same figure computed here by a plain SQL query written in this file, for a range of
 * a few days and for the default one. Another pharmacy's staff get 404 for every route, a
 * pharmacist of the pharmacy 403, a patient and a provider 403. One app per database.
 */
describe.each(databaseKinds)('Pharmacy analytics on %s', (kind) => {
  let t: TestApp;
  let dataDir: string;
  let admin: string;
  let pharmacist: string;
  let provider: string;
  let otherAdmin: string;
  let otherPharmacist: string;
  let patient: Patient;
  let today: string;

  const rows = async <T>(query: SQL) =>
    ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

  const versionOf = async (id: string) =>
    (
      await t.database.db.select({ v: rxVisits.version }).from(rxVisits).where(eq(rxVisits.id, id))
    )[0]?.v ?? 0;

  /**
   * A patient's Rx visit through the routes: submitted under `brand` for `route` (a link or a
   * pharmacy), then as far as `until` says: unpaid, paid (card or a prepay code), refunded by the
   * prescriber, or prescribed (on the pharmacy's dashboard).
   */
  async function visit(options: {
    route: { pharmacyId?: string; linkId?: string };
    until: 'submitted' | 'paid' | 'refunded' | 'prescribed';
    state?: string;
    productId?: 'acute' | 'prophylacticAntibiotics';
    brand?: string;
    prepayCode?: string;
    who?: { token: string };
  }): Promise<string> {
    const state = options.state ?? 'FL';
    const payer = await readyToPay(t, options.who ?? (await newPatient(t)), { state });
    const productId = options.productId ?? 'acute';
    const answers =
      productId === 'acute'
        ? acuteAnswers
        : { ...acuteAnswers, travelDestination: 'Peru', pregnant: 'no' };
    const submitted = await ok(
      'submit',
      await t.fastify.inject({
        method: 'POST',
        url: '/api/submit-rx-evaluation',
        headers: {
          ...bearer(payer.token),
          ...(options.brand ? { 'x-app-params': `brand=${options.brand}` } : {}),
        },
        payload: {
          patientID: payer.personId,
          productId,
          answers,
          consents: [],
          state,
          idempotencyKey: randomUUID(),
          ...options.route,
        },
      }),
    );
    const created = submitted.json().visit as { id: string; idPending: boolean };
    if (options.until === 'submitted') return created.id;
    if (created.idPending) await ok('id', await uploadRxId(t, payer.token, payer.personId));
    if (options.prepayCode) {
      await ok(
        'prepay',
        await send(t, 'POST', '/api/submit-rx-payment', payer.token, {
          visitId: created.id,
          priceToken: '',
          payProfileID: null,
          idempotencyKey: randomUUID(),
          prepayCode: options.prepayCode,
        }),
      );
    } else {
      const price = (
        await ok('price', await get(t, `/api/rx/visits/${created.id}/price`, payer.token))
      ).json();
      await ok(
        'pay',
        await send(t, 'POST', '/api/submit-rx-payment', payer.token, {
          visitId: created.id,
          priceToken: price.priceToken,
          payProfileID: payer.payProfileID,
          idempotencyKey: randomUUID(),
        }),
      );
    }
    if (options.until === 'paid') return created.id;
    if (options.until === 'refunded') {
      await ok(
        'refund',
        await send(t, 'POST', `/api/clinic/rx/${created.id}/status`, provider, {
          status: 'refund',
          version: await versionOf(created.id),
          note: '',
        }),
      );
      return created.id;
    }
    await ok('claim', await send(t, 'POST', `/api/clinic/rx/${created.id}/claim`, provider));
    await ok(
      'end',
      await send(t, 'POST', `/api/clinic/rx/${created.id}/status`, provider, {
        status: 'ended',
        version: await versionOf(created.id),
      }),
    );
    await ok(
      'prescribe',
      await send(t, 'POST', `/api/clinic/rx/${created.id}/prescribe`, provider, {
        version: await versionOf(created.id),
        prescriptions: [
          {
            medication: 'Mupirocin',
            strength: '2 %',
            quantity: 1,
            refills: 0,
            directions: 'Apply twice a day',
          },
        ],
      }),
    );
    return created.id;
  }

  /** Submit Payment by the pharmacy's staff member: the claim fee is taken. */
  const claim = async (token: string, id: string) =>
    ok(
      'pharmacy claim',
      await send(t, 'POST', `/api/pharmacy/rx/${id}/claim`, token, {
        version: await versionOf(id),
      }),
    );

  const pharmacyMove = async (token: string, id: string, status: string, note: string) =>
    ok(
      `pharmacy ${status}`,
      await send(t, 'POST', `/api/pharmacy/rx/${id}/status`, token, {
        status,
        version: await versionOf(id),
        note,
      }),
    );

  const analytics = (token: string, pharmacyId: string, part: string, query = '', lang = 'en') =>
    t.fastify.inject({
      method: 'GET',
      url: `/api/pharmacy/analytics/${pharmacyId}${part}${query}`,
      headers: { ...bearer(token), 'x-time-zone': tz, 'x-app-params': `lang=${lang}` },
    });

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'apothecall-analytics-'));
    // The clock moves an hour forward below (the waits before claims): sessions outlast it.
    t = await startTestApp(kind, { DATA_DIR: dataDir, SESSION_IDLE_SECONDS: '86400' });
    // Lone Star gets verified (its registry mismatch fixed) and an administrator of its own.
    await t.database.db
      .update(pharmacyOrganizations)
      .set({ verifiedAt: new Date(), mismatches: [] })
      .where(eq(pharmacyOrganizations.id, loneStar));
    const [template] = await t.database.db
      .select({ passwordHash: accounts.passwordHash })
      .from(accounts)
      .where(eq(accounts.loginId, sunriseAdmin));
    const [created] = await t.database.db
      .insert(accounts)
      .values({
        brandId: 'apothecall',
        loginId: loneStarAdmin,
        passwordHash: template?.passwordHash ?? '',
        role: 'pharmacyAdmin',
        organizationType: 'pharmacy',
        organizationId: loneStar,
        permissions: ['readyrx'],
      })
      .returning({ id: accounts.id });
    await t.database.db.insert(persons).values({
      id: created?.id,
      accountId: created?.id ?? '',
      relation: 'self',
      firstName: 'Lara',
      lastName: 'Stone',
      dob: '1980-01-01',
      gender: 'F',
    });

    // Logins: each staff member in, a wrong password for two known staff, a patient (not kept).
    [admin, pharmacist, provider, otherAdmin, otherPharmacist] = await Promise.all([
      login(t, sunriseAdmin),
      login(t, sunrisePharmacist),
      login(t, demo.provider),
      login(t, loneStarAdmin),
      login(t, loneStarPharmacist),
    ]);
    for (const loginId of [sunrisePharmacist, loneStarAdmin]) {
      const refused = await t.fastify.inject({
        method: 'POST',
        url: '/api/account/token',
        headers: { 'x-forwarded-for': '198.51.100.77' },
        payload: { loginId, password: 'Not-The-Password-1', platform: 'cordova-ios', version: '1' },
      });
      expect(refused.statusCode).toBe(401);
    }
    patient = await newPatient(t);

    // Sunrise's links: one kept, one withdrawn after it brought a visit, one withdrawn unused.
    const link = async (screenId: string) =>
      (await ok('link', await send(t, 'POST', '/api/pharmacy/links', admin, { screenId }))).json()
        .link.id as string;
    const linkA = await link('acute');
    const linkB = await link('prophylacticAntibiotics');
    const linkC = await link('acute');

    // A referral code a Sunrise pharmacist shares (the pharmacy's own, SUNRISE10, is seeded).
    const [rph] = await t.database.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.loginId, sunrisePharmacist));
    await t.database.db.insert(referrals).values({
      code: 'PRIYA5',
      brandId: 'apothecall',
      title: 'Priya sent you',
      priceCents: 3000,
      ownerAccountId: rph?.id ?? null,
    });
    const referredPatient = async (referral: string) => {
      const loginId = `referred-${randomUUID().slice(0, 8)}@example.test`;
      const body = { ...registration(loginId), referral };
      await ok(
        'register',
        await t.fastify.inject({ method: 'POST', url: '/api/register', payload: body }),
      );
      return { token: await login(t, loginId, body.credentials.password) };
    };
    const referred = await referredPatient('SUNRISE10');
    const referredToo = await referredPatient('PRIYA5');
    await referredPatient('SUNRISE10'); // signs up, pays nothing

    // Sunrise's visits: two claimed after known waits (12.5 and 41 minutes), through a link and
    // under the pharmacy's own brand; unpaid ones (two treatments, a withdrawn link); one waiting
    // to be claimed (paid by a referred patient); a refund; a prepay code; a voided one.
    const claimedByLink = await visit({ route: { linkId: linkA }, until: 'prescribed' });
    t.advance(12.5 * minute);
    await claim(pharmacist, claimedByLink);
    await pharmacyMove(pharmacist, claimedByLink, 'ready', 'At the counter');
    const claimedDirect = await visit({
      route: { pharmacyId: sunrise },
      until: 'prescribed',
      brand: sunrise,
    });
    t.advance(41 * minute);
    await claim(admin, claimedDirect);
    await visit({ route: { linkId: linkA }, until: 'submitted' });
    await visit({
      route: { linkId: linkB },
      until: 'submitted',
      productId: 'prophylacticAntibiotics',
    });
    await ok('withdraw link', await send(t, 'DELETE', `/api/pharmacy/links/${linkB}`, admin));
    await ok('withdraw link', await send(t, 'DELETE', `/api/pharmacy/links/${linkC}`, admin));
    await visit({ route: { pharmacyId: sunrise }, until: 'prescribed', who: referred });
    await visit({ route: { pharmacyId: sunrise }, until: 'refunded', who: referredToo });
    await visit({ route: { pharmacyId: sunrise }, until: 'paid', prepayCode: 'SUNRISEVISIT' });
    const voided = await visit({ route: { pharmacyId: sunrise }, until: 'prescribed' });
    await pharmacyMove(pharmacist, voided, 'voided', 'Patient declined');

    // Lone Star's: one claimed (TX), one unpaid.
    const lone = await visit({ route: { pharmacyId: loneStar }, until: 'prescribed', state: 'TX' });
    t.advance(5 * minute);
    await claim(otherPharmacist, lone);
    await visit({ route: { pharmacyId: loneStar }, until: 'submitted', state: 'TX' });

    today = localDate(Date.now(), tz);
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  // ============================================================================================
  // The same figures, by plain SQL over the same tables
  // ============================================================================================

  /** The range's bounds as SQL computes them: local midnights in the caller's zone. */
  const bounds = (range: Range) => ({
    from: sql`((${range.from})::date::timestamp at time zone ${tz})`,
    to: sql`(((${range.to})::date + 1)::timestamp at time zone ${tz})`,
  });

  /** The pharmacy's visits that started in the range. */
  const cohort = (pharmacyId: string, range: Range) => {
    const b = bounds(range);
    return sql`(select * from rx_visits where pharmacy_id = ${pharmacyId} and created_at >= ${b.from} and created_at < ${b.to})`;
  };

  const iso = (column: SQL) =>
    sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

  async function overviewBySql(pharmacyId: string, range: Range) {
    const v = cohort(pharmacyId, range);
    const fee = t.config.payments.claimFeeCents;
    const [totals] = await rows<{
      visits: number;
      paid: number;
      prepay: number;
      claims: number;
      fees: number;
      awaiting: number;
      rate: number | null;
      waits: number;
      median: number | null;
      p90: number | null;
    }>(sql`
      select count(*)::int as visits,
             count(paid_at)::int as paid,
             count(prepay_redemption_id)::int as prepay,
             count(claim_fee_entry_id)::int as claims,
             coalesce(sum(claim_fee_cents) filter (where claim_fee_entry_id is not null), 0)::int as fees,
             count(*) filter (where pharmacy_status in ('unclaimed', 'approved', 'denied'))::int as awaiting,
             case when count(*) = 0 then null
                  else round(100.0 * count(paid_at) / count(*), 1)::float8 end as rate,
             count(*) filter (where prescribed_at is not null and pharmacy_claimed_at is not null)::int as waits,
             (round((percentile_cont(0.5) within group (order by extract(epoch from (pharmacy_claimed_at - prescribed_at)) * 1000))::numeric / 6000) / 10)::float8 as median,
             (round((percentile_disc(0.9) within group (order by extract(epoch from (pharmacy_claimed_at - prescribed_at)) * 1000)) / 6000) / 10)::float8 as p90
        from ${v} v`);
    const statuses = await rows<{ status: string; n: number }>(
      sql`select coalesce(pharmacy_status, 'notAtPharmacy') as status, count(*)::int as n from ${v} v group by 1`,
    );
    const treatments = await rows<{ productId: string; count: number }>(
      sql`select product_id as "productId", count(*)::int as count from ${v} v group by product_id order by count(*) desc, product_id`,
    );
    const [card] = await rows<{ visits: number; charged: number }>(sql`
      select count(*)::int as visits, coalesce(sum(l.amount_cents), 0)::int as charged
        from ${v} v join ledger l on l.id = v.ledger_id and l.kind = 'charge' and l.state = 'succeeded'`);
    const [refunds] = await rows<{ refunded: number }>(sql`
      select coalesce(sum(r.amount_cents), 0)::int as refunded
        from ${v} v join ledger l on l.id = v.ledger_id and l.kind = 'charge' and l.state = 'succeeded'
        join ledger r on r.related_id = l.id and r.kind = 'refund' and r.state = 'succeeded'`);
    const links = await rows<{
      linkId: string;
      productId: string;
      deleted: boolean;
      started: number;
      paid: number;
      rate: number | null;
    }>(sql`
      select pl.id as "linkId", pl.screen_id as "productId", pl.deleted_at is not null as deleted,
             count(v.id)::int as started, count(v.paid_at)::int as paid,
             case when count(v.id) = 0 then null
                  else round(100.0 * count(v.paid_at) / count(v.id), 1)::float8 end as rate
        from pharmacy_links pl left join ${v} v on v.link_id = pl.id
       where pl.organization_id = ${pharmacyId}
       group by pl.id
      having pl.deleted_at is null or count(v.id) > 0
       order by pl.created_at, pl.id`);
    if (!totals || !card || !refunds) throw new Error('no totals');
    return {
      range: { ...range, timeZone: tz },
      visits: totals.visits,
      byStatus: analyticsStatuses.map((status) => ({
        status,
        count: statuses.find((s) => s.status === status)?.n ?? 0,
      })),
      byTreatment: treatments,
      revenue: {
        paidVisits: totals.paid,
        cardVisits: card.visits,
        prepayVisits: totals.prepay,
        chargedCents: card.charged,
        refundedCents: refunds.refunded,
        netCents: card.charged - refunds.refunded,
      },
      fees: {
        claimFeeCents: fee,
        claims: totals.claims,
        paidCents: totals.fees,
        awaitingClaim: totals.awaiting,
        owedCents: totals.awaiting * fee,
      },
      conversion: {
        overall: { started: totals.visits, paid: totals.paid, rate: totals.rate },
        links,
      },
      timeToClaim: { claims: totals.waits, medianMinutes: totals.median, p90Minutes: totals.p90 },
    };
  }

  async function attributionBySql(pharmacyId: string, range: Range) {
    const v = cohort(pharmacyId, range);
    const [totals] = await rows<{ visits: number }>(
      sql`select count(*)::int as visits from ${v} v`,
    );
    const sources = await rows<{ source: string; visits: number; paid: number }>(sql`
      select case when assessment_id is not null then 'inStore'
                  when link_id is not null then 'link' else 'direct' end as source,
             count(*)::int as visits, count(paid_at)::int as paid
        from ${v} v group by 1`);
    const byLink = await rows<{
      linkId: string;
      productId: string | null;
      deleted: boolean;
      visits: number;
      paid: number;
    }>(sql`
      select v.link_id as "linkId", pl.screen_id as "productId",
             coalesce(pl.deleted_at is not null, false) as deleted,
             count(*)::int as visits, count(v.paid_at)::int as paid
        from ${v} v left join pharmacy_links pl on pl.id = v.link_id
       where v.link_id is not null
       group by v.link_id, pl.screen_id, pl.deleted_at
       order by count(*) desc, v.link_id`);
    const byBrand = await rows<{
      brandId: string | null;
      name: string | null;
      visits: number;
      paid: number;
    }>(sql`
      select v.brand_id as "brandId", b.name as name, count(*)::int as visits,
             count(v.paid_at)::int as paid
        from ${v} v left join brands b on b.id = v.brand_id
       group by v.brand_id, b.name
       order by count(*) desc, v.brand_id nulls last`);
    return {
      range: { ...range, timeZone: tz },
      visits: totals?.visits ?? 0,
      bySource: attributionSources.map((source) => {
        const found = sources.find((s) => s.source === source);
        return { source, visits: found?.visits ?? 0, paid: found?.paid ?? 0 };
      }),
      byLink,
      byBrand,
    };
  }

  async function loginsBySql(pharmacyId: string, range: Range) {
    const b = bounds(range);
    const inRange = sql`e.organization_id = ${pharmacyId} and e.at >= ${b.from} and e.at < ${b.to}`;
    const events = await rows<{
      id: string;
      at: string;
      accountId: string;
      name: string;
      loginId: string;
      outcome: string;
      reason: string | null;
      platform: string | null;
      ipPrefix: string | null;
    }>(sql`
      select e.id::text as id, ${iso(sql`e.at`)} as at, e.account_id as "accountId",
             p.first_name || ' ' || p.last_name as name, a.login_id as "loginId",
             e.outcome, e.reason, e.platform, e.ip_prefix as "ipPrefix"
        from login_events e join accounts a on a.id = e.account_id join persons p on p.id = a.id
       where ${inRange}
       order by e.at desc, e.id desc
       limit 501`);
    const staff = await rows<{
      accountId: string;
      name: string;
      loginId: string;
      role: string;
      successes: number;
      failures: number;
      lastSuccessAt: string | null;
    }>(sql`
      select a.id as "accountId", p.first_name || ' ' || p.last_name as name,
             a.login_id as "loginId", a.role,
             (select count(*) from login_events e where ${inRange} and e.account_id = a.id and e.outcome = 'success')::int as successes,
             (select count(*) from login_events e where ${inRange} and e.account_id = a.id and e.outcome = 'failure')::int as failures,
             (select ${iso(sql`max(e.at)`)} from login_events e where ${inRange} and e.account_id = a.id and e.outcome = 'success') as "lastSuccessAt"
        from accounts a join persons p on p.id = a.id
       where (a.organization_id = ${pharmacyId} and a.disabled_at is null)
          or a.id in (select e.account_id from login_events e where ${inRange})`);
    return {
      range: { ...range, timeZone: tz },
      staff: staff.sort(
        (x, y) => x.name.localeCompare(y.name) || x.accountId.localeCompare(y.accountId),
      ),
      events: events.slice(0, 500),
      truncated: events.length > 500,
    };
  }

  async function referralsBySql(pharmacyId: string, range: Range) {
    const b = bounds(range);
    const codes = await rows<{
      code: string;
      title: string;
      priceCents: number | null;
      owner: 'pharmacy' | 'staff';
      signups: number;
    }>(sql`
      select r.code, r.title, r.price_cents as "priceCents",
             case when r.brand_id = ${pharmacyId} then 'pharmacy' else 'staff' end as owner,
             (select count(*) from accounts x where x.referred_by = r.code)::int as signups
        from referrals r
       where r.brand_id = ${pharmacyId}
          or r.owner_account_id in (select id from accounts where organization_id = ${pharmacyId} and disabled_at is null)
       order by r.code`);
    return {
      range: { ...range, timeZone: tz },
      codes: await Promise.all(
        codes.map(async (code) => {
          const transactions = await rows<{ id: string; date: string; amountCents: number }>(sql`
            select l.id, ${iso(sql`l.created_at`)} as date, l.amount_cents as "amountCents"
              from ledger l join accounts a on a.id = l.account_id
             where a.referred_by = ${code.code} and l.kind = 'charge' and l.state = 'succeeded'
               and l.created_at >= ${b.from} and l.created_at < ${b.to}
             order by l.created_at desc`);
          return {
            ...code,
            uses: transactions.length,
            amountCents: transactions.reduce((sum, x) => sum + x.amountCents, 0),
            transactions: transactions.slice(0, 200),
          };
        }),
      ),
    };
  }

  const answer = async (token: string, pharmacyId: string, part: string, query = '') => {
    const res = await analytics(token, pharmacyId, part, query);
    expect(res.statusCode, res.body).toBe(200);
    const { error, ...rest } = res.json();
    expect(error).toBe(false);
    return rest;
  };

  // ============================================================================================

  it('answers every figure as the same plain SQL query over the seeded rows computes it', async () => {
    const days: Range = { from: addDays(today, -1), to: addDays(today, 1) };
    // The default range is the last 30 days up to today by the app's clock (moved forward).
    const defaults: Range = (await answer(admin, sunrise, '')).range;
    expect(defaults.from).toBe(addDays(defaults.to, -29));
    expect([today, addDays(today, 1)]).toContain(defaults.to);
    for (const [query, range] of [
      [`?from=${days.from}&to=${days.to}`, days],
      ['', defaults],
    ] as const) {
      for (const pharmacyId of [sunrise, loneStar]) {
        const token = pharmacyId === sunrise ? admin : otherAdmin;
        expect(await answer(token, pharmacyId, '', query)).toEqual(
          await overviewBySql(pharmacyId, range),
        );
        expect(await answer(token, pharmacyId, '/attribution', query)).toEqual(
          await attributionBySql(pharmacyId, range),
        );
        expect(await answer(token, pharmacyId, '/logins', query)).toEqual(
          await loginsBySql(pharmacyId, range),
        );
        expect(await answer(token, pharmacyId, '/referrals', query)).toEqual(
          await referralsBySql(pharmacyId, range),
        );
      }
    }
  });

  it('counts what this test seeded (so the SQL above is not comparing empty answers)', async () => {
    const range = `?from=${addDays(today, -1)}&to=${addDays(today, 1)}`;
    const overview = await answer(admin, sunrise, '', range);
    // This test's eight visits and the demo seed's unclaimed one (started today, paid by card, no
    // brand).
    expect(overview.visits).toBe(9);
    expect(overview.byTreatment).toEqual([
      { productId: 'acute', count: 8 },
      { productId: 'prophylacticAntibiotics', count: 1 },
    ]);
    expect(overview.byStatus).toEqual(
      expect.arrayContaining([
        { status: 'claimed', count: 1 },
        { status: 'ready', count: 1 },
        { status: 'unclaimed', count: 2 },
        { status: 'voided', count: 1 },
        { status: 'notAtPharmacy', count: 4 },
      ]),
    );
    expect(overview.revenue).toMatchObject({ paidVisits: 7, prepayVisits: 1, cardVisits: 6 });
    expect(overview.revenue.refundedCents).toBeGreaterThan(0);
    expect(overview.revenue.netCents).toBe(
      overview.revenue.chargedCents - overview.revenue.refundedCents,
    );
    expect(overview.fees).toMatchObject({ claims: 2, awaitingClaim: 2 });
    // (12.5 + 41) / 2 = 26.75 minutes, shown as 26.8; the 90th percentile of two is the longer.
    expect(overview.timeToClaim).toEqual({ claims: 2, medianMinutes: 26.8, p90Minutes: 41 });
    expect(overview.conversion.overall).toEqual({ started: 9, paid: 7, rate: 77.8 });
    // The demo's link (no visits these days), the kept link and the withdrawn one that brought
    // a visit; not the unused withdrawn one.
    expect(
      overview.conversion.links.map((l: { deleted: boolean; started: number; paid: number }) => [
        l.deleted,
        l.started,
        l.paid,
      ]),
    ).toEqual([
      [false, 0, 0],
      [false, 2, 1],
      [true, 1, 0],
    ]);

    const attribution = await answer(admin, sunrise, '/attribution', range);
    expect(attribution.bySource).toEqual([
      { source: 'inStore', visits: 0, paid: 0 },
      { source: 'link', visits: 3, paid: 1 },
      { source: 'direct', visits: 6, paid: 6 },
    ]);
    expect(attribution.byBrand).toEqual([
      { brandId: 'apothecall', name: 'Apothecall', visits: 7, paid: 5 },
      { brandId: sunrise, name: 'Sunrise Pharmacy', visits: 1, paid: 1 },
      { brandId: null, name: null, visits: 1, paid: 1 },
    ]);

    const logins = await answer(admin, sunrise, '/logins', range);
    const failed = logins.events.find((e: { outcome: string }) => e.outcome === 'failure');
    expect(failed).toMatchObject({
      loginId: sunrisePharmacist,
      reason: 'bad-password',
      platform: 'cordova-ios',
    });
    expect(JSON.stringify(logins)).not.toContain(loneStarAdmin);
    expect(JSON.stringify(logins)).not.toContain(patient.loginId);
    expect(JSON.stringify(logins)).not.toContain('Not-The-Password-1');

    const referralCodes = await answer(admin, sunrise, '/referrals', range);
    expect(
      referralCodes.codes.map(
        (c: { code: string; owner: string; signups: number; uses: number }) => [
          c.code,
          c.owner,
          c.signups,
          c.uses,
        ],
      ),
    ).toEqual([
      ['PRIYA5', 'staff', 1, 1],
      // Two who joined here and the demo's Casey Moreno (her charges are days old).
      ['SUNRISE10', 'pharmacy', 3, 1],
    ]);
    // Never who paid.
    expect(Object.keys(referralCodes.codes[0].transactions[0]).sort()).toEqual([
      'amountCents',
      'date',
      'id',
    ]);
  });

  itReadsNoDate(
    "answers another pharmacy's staff 404 for every route, its own pharmacist 403, patients and providers 403",
    async () => {
      const parts = ['', '/logins', '/attribution', '/referrals'];
      for (const part of parts) {
        for (const [token, pharmacyId] of [
          [otherAdmin, sunrise],
          [otherPharmacist, sunrise],
          [admin, loneStar],
          [pharmacist, loneStar],
          [admin, 'no-such-pharmacy'],
        ] as const) {
          const res = await analytics(token, pharmacyId, part);
          expect(res.statusCode, `${part} ${pharmacyId}`).toBe(404);
          expect(res.json()).toMatchObject({
            errorCode: 'NOT_FOUND',
            errorMsg: 'Pharmacy not found.',
          });
        }
        const rph = await analytics(pharmacist, sunrise, part);
        expect(rph.statusCode).toBe(403);
        expect(rph.json().errorCode).toBe('PHARMACY_ADMIN_ONLY');
        for (const token of [patient.token, provider]) {
          const res = await analytics(token, sunrise, part);
          expect(res.statusCode).toBe(403);
          expect(res.json().errorCode).toBe('PHARMACY_ONLY');
        }
      }
      const denied = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'analytics.access'), eq(auditLog.outcome, 'denied')));
      expect(denied.length).toBeGreaterThanOrEqual(parts.length * 6);
    },
  );

  it('refuses a bad range with a 400 naming the field, in the caller’s language, and reads nothing', async () => {
    const cases = [
      [
        '?from=2026-02-30',
        'From: enter a real date as YYYY-MM-DD.',
        'Desde: escriba una fecha real como AAAA-MM-DD.',
      ],
      [
        '?to=yesterday',
        'To: enter a real date as YYYY-MM-DD.',
        'Hasta: escriba una fecha real como AAAA-MM-DD.',
      ],
      [
        '?from=2026-11-20&to=2026-11-01',
        'From: the first day must not be after the last day.',
        'Desde: el primer día no puede ser posterior al último.',
      ],
      [
        '?from=2024-01-01&to=2026-01-01',
        'To: choose at most 366 days.',
        'Hasta: elija como máximo 366 días.',
      ],
    ] as const;
    const before = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'analytics.overview.read'));
    for (const [query, en, es] of cases) {
      for (const [lang, message] of [
        ['en', en],
        ['es', es],
      ] as const) {
        const res = await analytics(admin, sunrise, '', query, lang);
        expect(res.statusCode, query).toBe(400);
        expect(res.json().errorCode).toBe('VALIDATION');
        expect(res.json().errorMsg).toContain(message);
      }
    }
    const after = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'analytics.overview.read'));
    expect(after.length).toBe(before.length);
  });

  itReadsNoDate(
    "keeps staff logins (one row each, the address truncated), failed ones of known staff, and no patient's",
    async () => {
      const rows = await t.database.db.select().from(loginEvents);
      const [patientRow] = await t.database.db
        .select({ id: accounts.id })
        .from(accounts)
        .where(eq(accounts.loginId, patient.loginId));
      expect(rows.some((r) => r.accountId === patientRow?.id)).toBe(false);
      const failures = rows.filter((r) => r.outcome === 'failure');
      expect(failures.map((r) => [r.organizationId, r.reason, r.platform]).sort()).toEqual([
        [loneStar, 'bad-password', 'cordova-ios'],
        [sunrise, 'bad-password', 'cordova-ios'],
      ]);
      for (const row of rows)
        expect(row.ipPrefix ?? '').toMatch(/^(\d+\.\d+\.\d+\.0\/24|[0-9a-f:]+::\/48)$/);
      expect(rows.filter((r) => r.outcome === 'success').length).toBeGreaterThanOrEqual(4);
    },
  );
});
