// The hand-written reference for the product's hot reads: a bare Fastify server over one
// node-postgres pool of the product's size, one route per read at the product's path, each
// doing the product's durable work for that read in ONE statement (CTEs): the session found by
// the SHA-256 of the bearer token (live: not revoked, not expired, not idle), its last-seen time
// moved on when older than the product's touch interval, the data the product answers, and the
// audit row the product writes. The answers have the product's shape and volume; what the
// product computes in JavaScript from rules of its own (alarms from screening answers, subjects
// in the reader's language) is taken as stored. Run as a bench process:
//   tsx bench/api/reference.ts <postgres url>   -> prints `READY <port>`, stops on SIGTERM.
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import pg from 'pg';
import { answerCommands } from '../processes';

/** The product's pool (apps/server/src/db/client.ts) and session policy defaults (config.ts). */
const poolMax = 20;
const idleSeconds = 900;
/** The product writes activity at most every min(5 s, idle / 10). */
const touchEveryMs = Math.min(5_000, (idleSeconds * 1000) / 10);

/**
 * The live session of the token (`s`) and its touch (`touch`), as the leading CTEs of every
 * read: $1 the token's SHA-256 (hex). An unknown, revoked, expired or idle session gives no row
 * (the product also marks an expired or idle one revoked; a live token never takes that path).
 */
const session = `
  s as (
    select id, account_id, last_seen_at from sessions
    where token_hash = $1 and revoked_at is null and expires_at > now()
      and last_seen_at > now() - interval '${idleSeconds} seconds'
  ),
  touch as (
    update sessions set last_seen_at = now() from s
    where sessions.id = s.id and s.last_seen_at <= now() - interval '${touchEveryMs} milliseconds'
  )`;

/** The audit row's columns, in the order of the product's audit_log insert. */
const auditColumns = `insert into audit_log (at, actor_account_id, action, outcome,
  subject_account_id, subject_person_id, ip, request_id, detail)`;

const pool = new pg.Pool({ connectionString: process.argv[2], max: poolMax });

/** One statement, named: each connection parses and plans it once, as the product's hot ones. */
const run = (name: string, text: string, values: unknown[]) => pool.query({ name, text, values });

const tokenHash = (request: FastifyRequest) => {
  const header = request.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
  return createHash('sha256').update(token, 'utf8').digest('hex');
};
const timeZoneOf = (request: FastifyRequest) => {
  const tz = request.headers['x-time-zone'];
  return typeof tz === 'string' && tz.length <= 64 ? tz : 'UTC';
};
const refuse = (reply: FastifyReply, status: number, errorCode: string) =>
  reply.code(status).send({ error: true, errorMsg: errorCode, errorCode });
const base64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

const app = Fastify({ logger: false });

// GET /api/account/profile: the account and its people (holder first), one audit row
// 'profile.read' about the holder.
app.get('/api/account/profile', async (request, reply) => {
  const { rows } = await run(
    'profile',
    `with ${session},
      people as (
        select a.id as account_id, a.role, a.login_id, a.brand_id, a.organization_id,
          a.organization_type, a.permissions, p.id, p.first_name, p.last_name, p.relation,
          row_number() over (order by (p.relation <> 'self'), p.created_at) as n
        from s join accounts a on a.id = s.account_id join persons p on p.account_id = a.id
      ),
      audit as (
        ${auditColumns}
        select now(), account_id, 'profile.read', 'success', account_id, id, $2, $3, null
        from people where n = 1
      )
    select * from people order by n`,
    [tokenHash(request), request.ip, String(request.id)],
  );
  const holder = rows[0];
  if (!holder) return refuse(reply, 401, 'AUTH_REQUIRED');
  const users = rows.map((p) => ({
    id: p.id,
    personId: p.id,
    name: `${p.first_name} ${p.last_name}`,
    firstName: p.first_name,
    lastName: p.last_name,
    relation: p.relation,
  }));
  return {
    error: false,
    profile: {
      id: holder.account_id,
      personId: holder.id,
      name: `${holder.first_name} ${holder.last_name}`,
      role: holder.role,
      loginId: holder.login_id,
      brandId: holder.brand_id,
      credentials: {
        from: holder.organization_id,
        role: holder.role,
        organizationType: holder.organization_type,
      },
      permissions: holder.permissions,
      users,
    },
  };
});

// GET /api/clinic/queue: a provider only; the waiting visits of the states their licences
// (in force today) cover, oldest first, and their own visits in progress, each with its
// patient's name, age and gender; whether they are on duty; one audit row 'clinic.queue.read'
// naming the visits listed. Alarms are the stored screening's (the product evaluates them again).
app.get('/api/clinic/queue', async (request, reply) => {
  const { rows } = await run(
    'queue',
    `with ${session},
      me as (select a.id from s join accounts a on a.id = s.account_id where a.role = 'provider'),
      lic as (
        select distinct l.state from provider_licenses l join me on l.account_id = me.id
        where l.expires_on is null or l.expires_on >= current_date
      ),
      listed as (
        select v.id, v.state, v.created_at, v.location, v.reason, v.screening, v.person_id
        from visits v where v.state = 'waiting' and v.location in (select state from lic)
        union all
        select v.id, v.state, v.created_at, v.location, v.reason, v.screening, v.person_id
        from visits v join me on v.provider_id = me.id where v.state = 'inProgress'
      ),
      q as (
        select l.id as "visitId", l.state, l.created_at as "waitingSince",
          p.first_name || ' ' || p.last_name as "patientName",
          date_part('year', age(p.dob))::int as age, p.gender, l.location, l.reason,
          coalesce(l.screening -> 'alarms', '[]'::jsonb) as alarms
        from listed l join persons p on p.id = l.person_id
      ),
      audit as (
        ${auditColumns}
        select now(), me.id, 'clinic.queue.read', 'success', null, null, $2, $3,
          jsonb_build_object('visits', coalesce((select jsonb_agg(q."visitId") from q), '[]'))
        from me
      )
    select (select account_id from s) as account, (select id from me) as provider,
      coalesce((select d.on_duty from provider_duty d join me on d.account_id = me.id), false)
        as "onDuty",
      coalesce((select json_agg(q order by q."waitingSince", q."visitId") from q
        where q.state = 'waiting'), '[]') as visits,
      coalesce((select json_agg(q order by q."waitingSince") from q
        where q.state <> 'waiting'), '[]') as mine`,
    [tokenHash(request), request.ip, String(request.id)],
  );
  const row = rows[0];
  if (!row?.account) return refuse(reply, 401, 'AUTH_REQUIRED');
  if (!row.provider) return refuse(reply, 403, 'PROVIDERS_ONLY');
  return { error: false, onDuty: row.onDuty, visits: row.visits, mine: row.mine };
});

const pharmacyStatuses = [
  'cancel',
  'voided',
  'denied',
  'unclaimed',
  'contacted',
  'review',
  'approved',
  'claimed',
  'ready',
  'shipped',
  'picked-up',
  'delivered',
];

// POST /api/pharmacy/rx/search (an empty query): a pharmacist of a verified pharmacy with a
// live grant (or its admin); the visits routed to the pharmacy that the grant shows (its
// states, links, claimed-only), counted by status, the unclaimed ones never opened, and one
// page of the tab, newest prescribed first, with each patient's name and date of birth; one
// audit row 'pharmacy.rx.search' naming the page's visits.
app.post('/api/pharmacy/rx/search', async (request, reply) => {
  const body = (request.body ?? {}) as {
    tab?: string;
    query?: string;
    page?: number;
    pageSize?: number;
  };
  if (body.query) return refuse(reply, 400, 'REFERENCE_EMPTY_QUERY_ONLY');
  const tab = body.tab ?? 'unclaimed';
  const page = body.page ?? 1;
  const pageSize = body.pageSize ?? 20;
  const { rows } = await run(
    'pharmacy_search',
    `with ${session},
      staff as (
        select a.id, o.id as organization_id, g.states, g.links, g.claimed_only,
          a.role = 'pharmacyAdmin' as admin
        from s join accounts a on a.id = s.account_id
        join pharmacy_organizations o on o.id = a.organization_id
        left join pharmacist_grants g on g.account_id = a.id and g.revoked_at is null
          and g.organization_id = o.id
        where a.disabled_at is null and a.organization_type = 'pharmacy'
          and o.verified_at is not null
          and (a.role = 'pharmacyAdmin' or (a.role = 'pharmacist' and g.id is not null))
          and (a.role = 'pharmacist' or 'readyrx' = any(a.permissions))
      ),
      shown as (
        select v.id, v.pharmacy_status, v.pharmacy_seen_at, v.prescribed_at
        from staff, rx_visits v
        where v.pharmacy_id = staff.organization_id and v.pharmacy_status = any($7::text[])
          and (staff.admin or v.location = any(staff.states))
          and (staff.admin or cardinality(staff.links) = 0 or v.link_id = any(staff.links))
          and (staff.admin or not staff.claimed_only
            or v.pharmacy_status in ('claimed', 'ready', 'shipped', 'picked-up', 'delivered'))
      ),
      tab as (select * from shown where $4 = 'all' or pharmacy_status = $4),
      page as (
        select id from tab order by prescribed_at desc nulls last, id desc limit $5 offset $6
      ),
      rows as (
        select v.id, v.product_id as "productId", v.pharmacy_status as "pharmacyStatus",
          case when v.erx_status in ('transmitted', 'ERROR', 'Transmit-Error') then v.erx_status
          end as "erxStatus",
          v.version, v.location as state,
          coalesce(p.first_name || ' ' || p.last_name, '') as "patientName",
          coalesce(p.dob::text, '') as "patientDob",
          coalesce(v.prescribed_at, v.updated_at) as "prescribedAt", v.updated_at as "updatedAt",
          v.link_id as "linkId", v.assessment_id as "assessmentId",
          v.prescription_changed_at is not null as "statusChanged"
        from page join rx_visits v on v.id = page.id left join persons p on p.id = v.person_id
      ),
      audit as (
        ${auditColumns}
        select now(), staff.id, 'pharmacy.rx.search', 'success', staff.id, null, $2, $3,
          jsonb_build_object('organizationId', staff.organization_id,
            'visits', coalesce((select jsonb_agg(id) from page), '[]'))
        from staff
      )
    select (select account_id from s) as account, (select id from staff) as staff,
      (select json_object_agg(pharmacy_status, n) from
        (select pharmacy_status, count(*)::int as n from shown group by pharmacy_status) c)
        as counts,
      (select count(*)::int from shown
        where pharmacy_status = 'unclaimed' and pharmacy_seen_at is null) as "newUnclaimed",
      (select count(*)::int from tab) as total,
      coalesce((select json_agg(rows order by "prescribedAt" desc, id desc) from rows), '[]')
        as visits`,
    [
      tokenHash(request),
      request.ip,
      String(request.id),
      tab,
      pageSize,
      (page - 1) * pageSize,
      pharmacyStatuses,
    ],
  );
  const row = rows[0];
  if (!row?.account) return refuse(reply, 401, 'AUTH_REQUIRED');
  if (!row.staff) return refuse(reply, 403, 'PHARMACY_ONLY');
  const counts = Object.fromEntries(pharmacyStatuses.map((s) => [s, row.counts?.[s] ?? 0]));
  return {
    error: false,
    visits: row.visits,
    counts,
    newUnclaimed: row.newUnclaimed,
    page,
    pageSize,
    total: row.total,
  };
});

/** The month's first and last day and the instants it starts and ends, in SQL, in zone $4. */
const monthBounds = `
  bounds as (
    select m.first_day, (m.first_day + interval '1 month' - interval '1 day')::date as last_day,
      (m.first_day::timestamp at time zone $4) as from_at,
      ((m.first_day + interval '1 month')::timestamp at time zone $4) as to_at
    from (select to_date($5, 'YYYY-MM') as first_day) m
  )`;

// POST /api/get-patient-docs-date {fdate: YYYY-MM}: the family's documents of the month in the
// reader's zone, newest first: their uploads and pharmacy uploads, visit notes, Covid
// certificates, prescriptions (the first live one of each prescribed visit, written in the
// month), consents, receipts and refunds, signed forms and in-store assessments, each with its
// person and the holder's name and the token that opens it; one audit row 'documents.list'.
app.post('/api/get-patient-docs-date', async (request, reply) => {
  const timeZone = timeZoneOf(request);
  const month = String((request.body as { fdate?: string } | undefined)?.fdate ?? '');
  if (!/^\d{4}-\d{2}$/.test(month)) return refuse(reply, 400, 'VALIDATION');
  const { rows } = await run(
    'documents_month',
    `with ${session}, ${monthBounds},
      family as (
        select p.id, p.first_name || ' ' || p.last_name as name,
          row_number() over (order by (p.relation <> 'self'), p.created_at) as n
        from s join persons p on p.account_id = s.account_id
      ),
      papers as (
        select d.id, d.source, d.person_id, d.fdate::text as fdate, d.ftype, d.fdesc, d.author,
          d.filer, d.created_at as at
        from s, bounds b, documents d
        where d.account_id = s.account_id and d.source in ('upload', 'pharmacyUpload')
          and d.fdate between b.first_day and b.last_day and d.deleted_at is null
        union all
        select n.id, 'visitNote', n.person_id, null, 'application/pdf', n.subject,
          n.provider_name, null, n.created_at
        from s, bounds b, notes n
        where n.account_id = s.account_id and n.created_at >= b.from_at and n.created_at < b.to_at
        union all
        select c.id, 'certificate', c.person_id, null, 'application/pdf',
          'COVID-19 certificate ' || c.verification_id, c.provider_name, null, c.issued_at
        from s, bounds b, covid_certificates c
        where c.account_id = s.account_id and c.issued_at >= b.from_at and c.issued_at < b.to_at
        union all
        select v.id, 'prescription', v.person_id, null, 'application/pdf',
          'Prescription: ' || v.product_id, '', null, f.created_at
        from s, bounds b, rx_visits v
        cross join lateral (
          select created_at from rx_prescriptions p
          where p.visit_id = v.id and p.superseded_at is null order by created_at limit 1
        ) f
        where v.account_id = s.account_id and v.status = 'rxed' and v.created_at < b.to_at
          and f.created_at >= b.from_at and f.created_at < b.to_at
        union all
        select v.id, 'consent', v.person_id, null, 'application/pdf', 'Consents: ' || v.product_id,
          '', null, v.created_at
        from s, bounds b, rx_visits v
        where v.account_id = s.account_id and v.status <> 'cancel'
          and v.created_at >= b.from_at and v.created_at < b.to_at
          and jsonb_array_length(v.consents) > 0
        union all
        select l.id, 'receipt', null, null, 'application/pdf',
          case when l.kind = 'refund' then 'Refund: ' else 'Receipt: ' end
            || coalesce(l.description, l.invoice_number), '', null, l.created_at
        from s, bounds b, ledger l
        where l.account_id = s.account_id and l.state = 'succeeded'
          and l.created_at >= b.from_at and l.created_at < b.to_at
        union all
        select r.id, 'signedForm', r.person_id, null, 'application/pdf', r.form_id, '', null,
          r.signed_at
        from s, bounds b, rx_form_requests r
        where r.account_id = s.account_id and r.status = 'signed'
          and r.signed_at >= b.from_at and r.signed_at < b.to_at
        union all
        select a.id, 'assessment', null, null, 'application/pdf', 'Assessment at ' || o.name,
          o.name, o.name, a.created_at
        from s, bounds b, pharmacy_assessments a
        left join pharmacy_organizations o on o.id = a.organization_id
        where a.account_id = s.account_id and a.created_at >= b.from_at and a.created_at < b.to_at
      ),
      listed as (
        select x.id, s.account_id as owner, h.name as "ownerName", p.id as patient,
          p.name as "patientName",
          coalesce(x.fdate, to_char(x.at at time zone $4, 'YYYY-MM-DD')) as fdate, x.ftype,
          x.fdesc, x.author, coalesce(x.filer, br.name) as filer, x.at as "fileDate", x.source
        from papers x cross join s
        join family h on h.n = 1
        join family p on p.id = coalesce(x.person_id, h.id)
        join accounts a on a.id = s.account_id left join brands br on br.id = a.brand_id
      ),
      audit as (
        ${auditColumns}
        select now(), account_id, 'documents.list', 'success', account_id, null, $2, $3,
          jsonb_build_object('month', $5::text, 'count', (select count(*) from listed))
        from s
      )
    select (select account_id from s) as account,
      coalesce((select json_agg(listed order by fdate desc, "fileDate" desc) from listed), '[]')
        as documents`,
    [tokenHash(request), request.ip, String(request.id), timeZone, month],
  );
  const row = rows[0];
  if (!row?.account) return refuse(reply, 401, 'AUTH_REQUIRED');
  const documents = (row.documents as { source: string; id: string }[]).map((d) => ({
    ...d,
    token: base64url(`${d.source}:${d.id}`),
    removable: d.source === 'upload',
  }));
  return { error: false, month, documents };
});

// POST /api/notes {uid}: the person must be one of the session's account; their notes, newest
// first, with the date and time in the reader's zone; one audit row 'notes.list' with the count.
// The subject is the stored one (the product words it again in the reader's language).
app.post('/api/notes', async (request, reply) => {
  const uid = String((request.body as { uid?: string } | undefined)?.uid ?? '');
  if (!/^[0-9a-f-]{36}$/.test(uid)) return refuse(reply, 404, 'NOT_FOUND');
  const { rows } = await run(
    'notes_list',
    `with ${session},
      person as (select p.id, p.account_id from s join persons p on p.id = $4::uuid
        and p.account_id = s.account_id),
      listed as (
        select n.id, to_char(n.created_at at time zone $5, 'YYYY-MM-DD') as date,
          to_char(n.created_at at time zone $5, 'HH24:MI:SS') as time,
          n.provider_name as provider, n.subject, n.person_id as "ptId", n.created_at
        from person join notes n on n.person_id = person.id
      ),
      audit as (
        ${auditColumns}
        select now(), account_id, 'notes.list', 'success', account_id, id, $2, $3,
          jsonb_build_object('count', (select count(*) from listed))
        from person
      )
    select (select account_id from s) as account, (select id from person) as person,
      coalesce((select json_agg(json_build_object('id', id, 'date', date, 'time', time,
        'provider', provider, 'subject', subject, 'ptId', "ptId")
        order by created_at desc, id desc) from listed), '[]') as notes`,
    [tokenHash(request), request.ip, String(request.id), uid, timeZoneOf(request)],
  );
  const row = rows[0];
  if (!row?.account) return refuse(reply, 401, 'AUTH_REQUIRED');
  if (!row.person) return refuse(reply, 404, 'NOT_FOUND');
  return { error: false, notes: row.notes };
});

// GET /api/rx/visits: the account's Rx visits (not cancelled), newest first, each with its
// patient's name, files, live prescriptions, pharmacy name, in-store assessment id; whether one
// waits for an upload; one audit row 'rx.visit.list' naming the visits.
app.get('/api/rx/visits', async (request, reply) => {
  const { rows } = await run(
    'rx_visits',
    `with ${session},
      v as (
        select v.* from s join rx_visits v on v.account_id = s.account_id
        where v.status <> 'cancel'
      ),
      listed as (
        select v.id, v.person_id as "patientId",
          coalesce(p.first_name || ' ' || p.last_name, '') as "patientName",
          v.product_id as "productId", v.status, v.version, v.location as state,
          v.cost_cents as cost, (v.ledger_id is not null or v.prepay_redemption_id is not null)
            as paid,
          v.id_pending as "idPending", v.attachments_pending as "attachmentsPending",
          case when v.status = 'exit' then v.status_comment else '' end as "statusComment",
          v.completed, v.refill_of as "refillOf", v.created_at as "createdAt",
          coalesce((select json_agg(json_build_object('id', f.file_id, 'docType', f.doc_type,
            'name', f.name, 'type', f.content_type, 'uploadedAt', f.created_at)
            order by f.created_at) from rx_visit_files f where f.visit_id = v.id), '[]')
            as files,
          coalesce((select json_agg(json_build_object('id', rp.id, 'medication', rp.medication,
            'strength', rp.strength, 'quantity', rp.quantity, 'refills', rp.refills,
            'directions', rp.directions, 'pharmacy', rp.pharmacy ->> 'ncpdpId',
            'writtenAt', rp.created_at) order by rp.created_at)
            from rx_prescriptions rp where rp.visit_id = v.id and rp.superseded_at is null), '[]')
            as prescriptions,
          case when o.id is not null then json_build_object('id', o.id, 'name', o.name) end
            as pharmacy,
          v.pharmacy_status as "pharmacyStatus", v.pharmacy_note as "pharmacyNote",
          v.assessment_id as assessment
        from v left join persons p on p.id = v.person_id
        left join pharmacy_organizations o on o.id = v.pharmacy_id
      ),
      audit as (
        ${auditColumns}
        select now(), account_id, 'rx.visit.list', 'success', account_id, null, $2, $3,
          jsonb_build_object('visits',
            coalesce((select jsonb_agg(id order by created_at desc) from v), '[]'))
        from s
      )
    select (select account_id from s) as account,
      exists (select 1 from v where v.id_pending or v.attachments_pending) as "actionRequired",
      coalesce((select json_agg(listed order by "createdAt" desc) from listed), '[]') as visits`,
    [tokenHash(request), request.ip, String(request.id)],
  );
  const row = rows[0];
  if (!row?.account) return refuse(reply, 401, 'AUTH_REQUIRED');
  return { error: false, visits: row.visits, actionRequired: row.actionRequired };
});

answerCommands();
await app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(`READY ${(app.server.address() as AddressInfo).port}\n`);
process.once('SIGTERM', () => {
  void app
    .close()
    .then(() => pool.end())
    .finally(() => process.exit(0));
});
