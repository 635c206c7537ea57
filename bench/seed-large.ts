// A large seed for reading plans and for the API bench: adds `patients` patient accounts (a fifth
// with a dependent) and ten visits per patient (half video visits, half Rx visits spread over ten
// states and forty-odd pharmacies), their notes, prescriptions and uploads, straight into a
// PostgreSQL database that already holds the demo seed (generate_series, a few statements, not
// the API). The demo users get their share: the demo patient has a history (notes, Rx visits,
// uploads this month), the demo providers a queue, Sunrise a dashboard of hundreds of visits.
//
//   npx tsx bench/seed-large.ts postgres://postgres@127.0.0.1:5432/<db> [patients]
import pg from 'pg';

const states = ['FL', 'TX', 'GA', 'CA', 'NY', 'IL', 'PA', 'OH', 'NC', 'MI'];
const pharmacyStatuses = [
  'unclaimed',
  'unclaimed',
  'contacted',
  'review',
  'approved',
  'claimed',
  'ready',
  'shipped',
  'picked-up',
  'delivered',
  'cancel',
];
const reasons = ['soreThroat', 'coughCold', 'uti', 'rash', 'covidCertification'];
const products = ['acute', 'chronic', 'cialis', 'viagra', 'ldn', 'prep'];

/** A SQL array literal of text values (constants of this file only). */
const textArray = (values: readonly string[]) =>
  `array[${values.map((v) => `'${v}'`).join(',')}]::text[]`;

/** Picks the element of a text array by a number (any integer). */
const pick = (values: readonly string[], n: string) =>
  `(${textArray(values)})[1 + ((${n}) % ${values.length})]`;

export interface LargeSeedFigures {
  patients: number;
  careVisits: number;
  rxVisits: number;
  notes: number;
  seconds: number;
}

export async function seedLarge(url: string, patients = 10_000): Promise<LargeSeedFigures> {
  const started = Date.now();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const q = (text: string) => client.query(text);
  try {
    await q('begin');
    await q('select setseed(0.38)');
    const demo = await q(`
      select
        (select id from accounts where login_id = 'patient@apothecall.test') as patient,
        (select id from accounts where login_id = 'provider@apothecall.test') as provider,
        (select id from accounts where login_id = 'provider2@apothecall.test') as provider2,
        (select password_hash from accounts where login_id = 'patient@apothecall.test') as hash,
        (select brand_id from accounts where login_id = 'patient@apothecall.test') as brand`);
    const d = demo.rows[0] as {
      patient: string;
      provider: string;
      provider2: string;
      hash: string;
      brand: string;
    };
    if (!d?.patient) throw new Error('seed the demo data first (seedDemo)');
    const lit = (s: string) => client.escapeLiteral(s);

    // The bench's people: patients (login bench-patient-N@example.test, the demo password),
    // their holders (person id = account id, as the product makes them) and some dependents.
    await q(`create temp table bench_patients on commit drop as
      select gen_random_uuid() as id, i from generate_series(1, ${patients}) as i`);
    await q(`insert into accounts (id, brand_id, login_id, password_hash, role, created_at)
      select id, ${lit(d.brand)}, 'bench-patient-' || i || '@example.test', ${lit(d.hash)},
        'patient', now() - interval '800 days'
      from bench_patients`);
    await q(`insert into persons (id, account_id, relation, first_name, last_name, dob, gender,
        email, phone, state, zip_code, created_at)
      select id, id, 'self', 'Pat' || i, 'Bench' || (i % 997), date '1950-01-01' + (i % 20000),
        case when i % 2 = 0 then 'F' else 'M' end, 'bench-patient-' || i || '@example.test',
        '+1305555' || lpad((i % 10000)::text, 4, '0'), ${pick(states, 'i')}, '33132',
        now() - interval '800 days'
      from bench_patients`);
    await q(`insert into persons (account_id, relation, first_name, last_name, dob, gender, state,
        zip_code, created_at)
      select id, 'child', 'Kid' || i, 'Bench' || (i % 997), date '2010-01-01' + (i % 3000), 'M',
        ${pick(states, 'i')}, '33132', now() - interval '700 days'
      from bench_patients where i % 5 = 0`);

    // Providers licensed in the ten states, and pharmacies (verified) across them.
    await q(`create temp table bench_providers on commit drop as
      select gen_random_uuid() as id, i from generate_series(1, 20) as i`);
    await q(`insert into accounts (id, brand_id, login_id, password_hash, role)
      select id, ${lit(d.brand)}, 'bench-provider-' || i || '@example.test', ${lit(d.hash)},
        'provider' from bench_providers`);
    await q(`insert into persons (id, account_id, relation, first_name, last_name, dob, gender)
      select id, id, 'self', 'Doc' || i, 'Bench', date '1970-01-01', 'F' from bench_providers`);
    await q(`insert into provider_licenses (account_id, state, number)
      select p.id, s, s || '-BENCH-' || p.i from bench_providers p,
        unnest(${textArray(states)}) as s where (p.i + ascii(s)) % 3 <> 0`);
    await q(`insert into pharmacy_organizations (id, name, ncpdp_id, address1, city, state, zip,
        phone, fax, service_states, verified_at)
      select 'bench-pharmacy-' || i, 'Bench Pharmacy ' || i, lpad((9000000 + i)::text, 7, '0'),
        i || ' Main St', 'Town', ${pick(states, 'i')}, '33132', '3055550100', '3055550101',
        array[${pick(states, 'i')}], now()
      from generate_series(1, 40) as i`);
    const pharmacyIds = [
      'sunrise-pharmacy',
      'sunrise-pharmacy',
      'sunrise-pharmacy',
      ...Array.from({ length: 40 }, (_, i) => `bench-pharmacy-${i + 1}`),
    ];

    // Visits: ten per patient, half video visits, half Rx visits, over the last two years.
    const visitsPerKind = patients * 5;
    await q(`create temp table bench_visits on commit drop as
      select gen_random_uuid() as id, g.v, p.id as account_id,
        now() - (random() * interval '730 days') as at
      from generate_series(1, ${visitsPerKind}) as g(v)
      join bench_patients p on p.i = 1 + (g.v::bigint * 7919) % ${patients}`);
    // A few wait in the line (some in the demo providers' states), a few are in progress. They
    // joined seconds ago: the presence sweep cancels a visit unclaimed for 20 minutes, and the
    // bench's queue must not empty while it runs.
    await q(`insert into visits (id, account_id, person_id, idempotency_key, state, location,
        reason, notes, provider_id, claimed_at, ended_at, outcome, created_at, price_cents)
      select v.id, v.account_id, v.account_id, 'bench-' || v.v,
        case when v.v % 2000 = 0 then 'waiting' when v.v % 2000 = 1 then 'inProgress'
          when v.v % 10 = 0 then 'cancelled' else 'completed' end,
        ${pick(states, 'v.v')}, ${pick(reasons, 'v.v')}, 'Feeling unwell',
        case when v.v % 10 = 0 or v.v % 2000 = 0 then null
          else (select id from bench_providers where i = 1 + v.v % 20) end,
        case when v.v % 10 = 0 or v.v % 2000 = 0 then null else v.at + interval '5 minutes' end,
        case when v.v % 2000 in (0, 1) then null else v.at + interval '20 minutes' end,
        case when v.v % 2000 in (0, 1) then null when v.v % 10 = 0 then 'cancelled'
          else 'completed' end,
        case when v.v % 2000 = 0 then now() - (v.v % 60) * interval '1 second' else v.at end,
        3900
      from bench_visits v`);
    // The demo providers' line: waiting visits in FL and TX, and one in progress each.
    await q(`insert into visits (account_id, person_id, idempotency_key, state, location, reason,
        notes, provider_id, claimed_at, created_at, price_cents)
      select p.id, p.id, 'bench-line-' || p.i, case when p.i <= 2 then 'inProgress' else 'waiting' end,
        case when p.i % 2 = 0 then 'FL' else 'TX' end, ${pick(reasons, 'p.i')}, 'Sore throat',
        case when p.i = 1 then ${lit(d.provider)}::uuid when p.i = 2 then ${lit(d.provider2)}::uuid
          else null end,
        case when p.i <= 2 then now() end, now() - p.i * interval '1 second', 3900
      from bench_patients p where p.i <= 14`);
    await q(`insert into notes (account_id, person_id, visit_id, provider_id, provider_name,
        author, subject, topic, body, provider_credential, created_at)
      select v.account_id, v.person_id, v.id, v.provider_id, 'Doc Bench, MD', 'Doc Bench, MD',
        'Visit note', jsonb_build_object('kind', 'visit', 'reason', v.reason),
        'Assessment and plan of the visit. ' || repeat('Follow up as needed. ', 10),
        '{"npi": "1234567893"}'::jsonb, v.ended_at
      from visits v where v.idempotency_key like 'bench-%' and v.state = 'completed'`);

    await q(`create temp table bench_rx on commit drop as
      select gen_random_uuid() as id, g.v, p.id as account_id,
        now() - (random() * interval '730 days') as at
      from generate_series(1, ${visitsPerKind}) as g(v)
      join bench_patients p on p.i = 1 + (g.v::bigint * 104729) % ${patients}`);
    await q(`insert into rx_visits (id, account_id, person_id, idempotency_key, product_id, status,
        location, evaluation, cost_cents, paid_at, prescriber_id, claimed_at, completed,
        pharmacy_id, pharmacy_status, prescribed_at, pharmacy_seen_at, created_at, updated_at)
      select r.id, r.account_id, r.account_id, 'bench-' || r.v, ${pick(products, 'r.v')},
        case when r.v % 10 < 7 then 'rxed' when r.v % 10 = 7 then 'waiting'
          when r.v % 10 = 8 then 'pendingMedPayment' else 'exit' end,
        ${pick(states, 'r.v / 3')}, '{"fields": [], "answers": {}}'::jsonb, 3500,
        case when r.v % 10 <> 8 then r.at end,
        case when r.v % 10 < 7 or r.v % 10 = 9 then
          (select id from bench_providers where i = 1 + r.v % 20) end,
        case when r.v % 10 < 7 or r.v % 10 = 9 then r.at + interval '1 hour' end,
        r.v % 10 < 7,
        case when r.v % 10 < 7 then ${pick(pharmacyIds, 'r.v / 7')} end,
        case when r.v % 10 < 7 then ${pick(pharmacyStatuses, 'r.v / 11')} end,
        case when r.v % 10 < 7 then r.at + interval '2 hours' end,
        case when r.v % 10 < 7 and r.v % 3 <> 0 then r.at + interval '3 hours' end,
        r.at, r.at + interval '3 hours'
      from bench_rx r`);
    await q(`insert into rx_prescriptions (visit_id, prescriber_id, medication, strength, quantity,
        refills, directions, created_at)
      select id, prescriber_id, 'Mupirocin', '2 %', 1, 0, 'Apply twice a day for 5 days',
        prescribed_at
      from rx_visits where idempotency_key like 'bench-%' and status = 'rxed'`);

    // Uploads: one document a patient (an ID card or lab result), over the two years.
    await q(`insert into files (id, owner_account_id, person_id, purpose, content_type, size,
        original_name, storage_key, created_at)
      select id, id, id, 'document', 'application/pdf', 120000, 'lab.pdf', 'bench/' || id,
        now() - (i % 730) * interval '1 day' from bench_patients`);
    await q(`insert into documents (id, account_id, person_id, file_id, source, fdate, ftype, fdesc,
        created_at)
      select gen_random_uuid(), id, id, id, 'upload', (now() - (i % 730) * interval '1 day')::date,
        'application/pdf', 'Lab results', now() - (i % 730) * interval '1 day'
      from bench_patients`);

    // The demo patient's history: notes, Rx visits (prescribed, at Sunrise) and uploads this
    // month, beside the two notes and one Rx visit of the demo seed.
    const patient = `${lit(d.patient)}::uuid`;
    await q(`insert into visits (id, account_id, person_id, idempotency_key, state, location,
        reason, provider_id, claimed_at, ended_at, outcome, created_at, price_cents)
      select md5('bench-demo-visit-' || i)::uuid, ${patient}, ${patient}, 'bench-demo-' || i,
        'completed', 'FL', ${pick(reasons, 'i')}, ${lit(d.provider)}::uuid,
        now() - i * interval '9 days', now() - i * interval '9 days' + interval '20 minutes',
        'completed', now() - i * interval '9 days', 3900
      from generate_series(1, 40) as i`);
    await q(`insert into notes (account_id, person_id, visit_id, provider_id, provider_name, author,
        subject, topic, body, provider_credential, created_at)
      select ${patient}, ${patient}, md5('bench-demo-visit-' || i)::uuid, ${lit(d.provider)}::uuid,
        'Samuel Okafor, MD', 'Samuel Okafor, MD', 'Visit note',
        jsonb_build_object('kind', 'visit', 'reason', ${pick(reasons, 'i')}),
        'Assessment and plan. ' || repeat('Follow up as needed. ', 10), '{"npi": "1234567893"}',
        now() - i * interval '9 days' + interval '20 minutes'
      from generate_series(1, 40) as i`);
    await q(`insert into rx_visits (account_id, person_id, idempotency_key, product_id, status,
        location, evaluation, cost_cents, paid_at, prescriber_id, claimed_at, completed,
        pharmacy_id, pharmacy_status, prescribed_at, created_at, updated_at)
      select ${patient}, ${patient}, 'bench-demo-' || i, ${pick(products, 'i')}, 'rxed', 'FL',
        '{"fields": [], "answers": {}}', 3500, now() - i * interval '20 days', ${lit(d.provider)}::uuid,
        now() - i * interval '20 days', true, 'sunrise-pharmacy', ${pick(pharmacyStatuses, 'i')},
        now() - i * interval '20 days' + interval '2 hours', now() - i * interval '20 days',
        now() - i * interval '20 days' + interval '2 hours'
      from generate_series(1, 12) as i`);
    await q(`insert into rx_prescriptions (visit_id, prescriber_id, medication, strength, quantity,
        refills, directions, created_at)
      select id, prescriber_id, 'Mupirocin', '2 %', 1, 0, 'Apply twice a day for 5 days',
        prescribed_at
      from rx_visits where account_id = ${patient} and idempotency_key like 'bench-demo-%'`);
    await q(`insert into files (id, owner_account_id, person_id, purpose, content_type, size,
        original_name, storage_key, created_at)
      select md5('bench-demo-file-' || i)::uuid, ${patient}, ${patient}, 'document', 'image/jpeg',
        80000, 'photo.jpg', 'bench/demo-' || i, now() from generate_series(1, 6) as i`);
    await q(`insert into documents (id, account_id, person_id, file_id, source, fdate, ftype, fdesc,
        created_at)
      select gen_random_uuid(), ${patient}, ${patient}, md5('bench-demo-file-' || i)::uuid,
        'upload', current_date, 'image/jpeg', 'Insurance card', now()
      from generate_series(1, 6) as i`);
    await q('commit');
    await q('analyze');
    const counts = await q(`select
        (select count(*) from visits)::int as care, (select count(*) from rx_visits)::int as rx,
        (select count(*) from notes)::int as notes`);
    const c = counts.rows[0] as { care: number; rx: number; notes: number };
    return {
      patients,
      careVisits: c.care,
      rxVisits: c.rx,
      notes: c.notes,
      seconds: (Date.now() - started) / 1000,
    };
  } catch (error) {
    await q('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

if (process.argv[1]?.endsWith('seed-large.ts')) {
  const [url, count] = process.argv.slice(2);
  if (!url) throw new Error('usage: seed-large.ts <postgres url> [patients]');
  console.log(await seedLarge(url, count ? Number(count) : undefined));
}
