import { addDays, localDate, localTime, zonedToUtc } from '@apothecall/domain/dates/zones.rules';
import { translate } from '@apothecall/domain/i18n/catalog';
import { notificationRoutes } from '@apothecall/domain/notifications/notifications.api';
import { and, eq, gte, like, lt, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCalendar } from '../../../test/calendar';
import {
  databaseKinds,
  demo,
  login,
  newPatient,
  noticesOf,
  type Patient,
  readyToPay,
  startTestApp,
  type TestApp,
} from '../../../test/harness';
import { outboxRows } from '../../../test/outbox';
import { appointments, availabilityBlocks } from '../../db/schema/appointments';
import { outbox } from '../../db/schema/platform';
import { organizerOf } from './appointment-mail';

const ny = 'America/New_York';
const minute = 60_000;
/** A New York wall-clock time as an instant. */
const zonedTime = (date: string, time: string) => zonedToUtc(date, time, ny);

function call(
  t: TestApp,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string,
  payload?: object,
) {
  return t.fastify.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, 'x-time-zone': ny },
    ...(payload ? { payload } : {}),
  });
}

async function publish(t: TestApp, provider: string, block: Record<string, unknown>) {
  const res = await call(t, 'POST', '/api/clinic/availability', provider, {
    states: ['FL'],
    slotMinutes: 30,
    timeZone: ny,
    ...block,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().block as { id: string };
}

async function slotsOf(t: TestApp, p: Patient, date: string, blockId: string) {
  const res = await call(t, 'GET', `/api/appointmentsGET?date=${date}&state=FL`, p.token);
  expect(res.statusCode, res.body).toBe(200);
  return (
    res.json().offers as { slots: { availabiityBlockId: string; from: string; to: string }[] }[]
  )
    .flatMap((o) => o.slots)
    .filter((s) => s.availabiityBlockId === blockId);
}

function bookBody(p: Patient, slot: { availabiityBlockId: string; from: string; to: string }) {
  return {
    blockId: slot.availabiityBlockId,
    time: slot.from,
    to: slot.to,
    complaint: { reason: 'soreThroat', notes: 'Two days' },
    pharmacy: null,
    provider: null,
    pt: p.personId,
  };
}

/** The e-mails to a patient whose calendar attachment has this METHOD. */
async function calendarsOf(t: TestApp, p: Patient, method: string) {
  return (await outboxRows(t, eq(outbox.recipient, p.loginId))).filter((m) =>
    m.attachments?.some(
      (a) => a.filename.endsWith('.ics') && readCalendar(a.content).method === method,
    ),
  );
}

describe.each(databaseKinds)('appointments on %s', (kind) => {
  let t: TestApp;
  let offset = 0;
  let provider: string;
  /** A date a week ahead (New York), and its block of 09:00-12:00 in 30-minute slots. */
  let day: string;
  let blockId: string;
  const advanceTo = (instant: number) => {
    const by = instant - (Date.now() + offset);
    offset += by;
    t.advance(by);
  };

  /** The first e-mail to a patient with this subject, waited for (a job sends it). */
  const mailTo = async (p: Patient, subject: string) => {
    const find = async () =>
      (await outboxRows(t, and(eq(outbox.recipient, p.loginId), eq(outbox.subject, subject))))[0];
    await expect.poll(find, { timeout: 30_000 }).toBeDefined();
    return (await find())!;
  };
  const calendarsTo = (p: Patient, method: string) => calendarsOf(t, p, method);
  /** The cancellation e-mail a patient got (a job sends it), with its calendar read. */
  const cancellationOf = async (p: Patient) => {
    await expect.poll(() => calendarsTo(p, 'CANCEL'), { timeout: 30_000 }).toHaveLength(1);
    const [mail] = await calendarsTo(p, 'CANCEL');
    return { ...mail!, calendar: readCalendar(mail!.attachments![0]!.content) };
  };

  /** Books a patient the first slot of a block of its own, `after` days after `day`. */
  const bookAhead = async (p: Patient, after: number) => {
    await readyToPay(t, p);
    const date = addDays(day, after);
    const block = await publish(t, provider, {
      startDate: date,
      startTime: '09:00',
      endTime: '10:00',
    });
    const slot = (await slotsOf(t, p, date, block.id))[0]!;
    const booked = await call(t, 'POST', '/api/appointments', p.token, bookBody(p, slot));
    expect(booked.statusCode, booked.body).toBe(200);
    return { id: booked.json().appointment.appointmentId as string, slot, blockId: block.id };
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    provider = await login(t, demo.provider);
    day = addDays(localDate(Date.now(), ny), 7);
    blockId = (await publish(t, provider, { startDate: day, startTime: '09:00', endTime: '12:00' }))
      .id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses availability from a patient, and a block in a state the provider is not licensed in', async () => {
    const p = await newPatient(t);
    const refused = await call(t, 'POST', '/api/clinic/availability', p.token, {
      startDate: day,
      startTime: '09:00',
      endTime: '10:00',
      slotMinutes: 30,
      timeZone: ny,
      states: ['FL'],
    });
    expect(refused.statusCode).toBe(403);
    const unlicensed = await call(t, 'POST', '/api/clinic/availability', provider, {
      startDate: day,
      startTime: '09:00',
      endTime: '10:00',
      slotMinutes: 30,
      timeZone: ny,
      states: ['NY'],
    });
    expect(unlicensed.statusCode).toBe(400);
    const badZone = await call(t, 'POST', '/api/clinic/availability', provider, {
      startDate: day,
      startTime: '09:00',
      endTime: '10:00',
      slotMinutes: 30,
      timeZone: 'Mars/Olympus',
      states: ['FL'],
    });
    expect(badZone.statusCode).toBe(400);
  });

  it('two patients booking one slot at once: exactly one wins; the slot leaves the offers', async () => {
    const a = await newPatient(t);
    const b = await newPatient(t);
    await readyToPay(t, a);
    await readyToPay(t, b);
    const slots = await slotsOf(t, a, day, blockId);
    expect(slots.map((s) => localTime(Date.parse(s.from), ny))).toEqual([
      '09:00',
      '09:30',
      '10:00',
      '10:30',
      '11:00',
      '11:30',
    ]);
    const slot = slots[0]!;
    const results = await Promise.all([
      call(t, 'POST', '/api/appointments', a.token, bookBody(a, slot)),
      call(t, 'POST', '/api/appointments', b.token, bookBody(b, slot)),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const lost = results.find((r) => r.statusCode === 409)!;
    expect(lost.json().errorMsg).toBe(
      'This time was just booked by someone else. Please choose another time.',
    );
    expect(results.find((r) => r.statusCode === 200)!.json().windowMinutes).toBe(15);
    expect((await slotsOf(t, b, day, blockId)).map((s) => s.from)).not.toContain(slot.from);
    // A time that is not a slot of the block is refused.
    const off = await call(t, 'POST', '/api/appointments', b.token, {
      ...bookBody(b, slots[1]!),
      time: new Date(Date.parse(slots[1]!.from) + minute).toISOString(),
    });
    expect(off.statusCode).toBe(400);
    expect(off.json().errorCode).toBe('APPOINTMENT_NOT_OFFERED');
  });

  it('queues its reminders 24 hours and 15 minutes before, and each is sent once, with the .ics', async () => {
    const p = await newPatient(t);
    await readyToPay(t, p);
    const slot = (await slotsOf(t, p, day, blockId))[0]!;
    const booked = await call(t, 'POST', '/api/appointments', p.token, bookBody(p, slot));
    expect(booked.statusCode, booked.body).toBe(200);
    const id = booked.json().appointment.appointmentId as string;
    const { rows } = await t.database.raw.query(
      `select data->>'kind' as kind, start_after from pgboss.job where name = 'appointments.reminder' and data->>'appointmentId' = $1`,
      [id],
    );
    const queued = Object.fromEntries(
      (rows as { kind: string; start_after: Date }[]).map((r) => [r.kind, new Date(r.start_after)]),
    );
    const start = Date.parse(slot.from);
    // Real time: the app's clock is not moved in this test.
    expect(Math.abs(queued.day!.getTime() - (start - 24 * 60 * minute))).toBeLessThan(5_000);
    expect(Math.abs(queued.soon!.getTime() - (start - 15 * minute))).toBeLessThan(5_000);

    // Run now, twice each (a retry, a redelivery): one e-mail and one text per reminder, and
    // one in-app notice that names nothing.
    const notices = await noticesOf(t, p.token);
    for (const kind of ['day', 'day', 'soon', 'soon'] as const) {
      await t.jobs.send('appointments.reminder', { appointmentId: id, kind });
    }
    const mails = async () =>
      outboxRows(
        t,
        and(eq(outbox.recipient, p.loginId), like(outbox.subject, 'Your video appointment')),
      );
    const deadline = Date.now() + 30_000;
    while ((await mails()).length < 2 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 500));
    const sent = await mails();
    expect(sent).toHaveLength(2);
    const ics = sent[0]!.attachments?.[0];
    expect(ics?.filename).toBe('appointment.ics');
    expect(ics?.content).toContain('BEGIN:VEVENT');
    expect(ics?.content).toContain(`DTSTART:${slot.from.replace(/[-:]/g, '').slice(0, 15)}Z`);
    expect(ics?.content).not.toContain('Two days');
    // An invitation a calendar program files under the appointment's stable UID.
    const request = readCalendar(ics!.content);
    expect(request).toMatchObject({
      method: 'REQUEST',
      uid: `${id}@apothecall`,
      sequence: 0,
      status: 'CONFIRMED',
      start,
      end: Date.parse(slot.to),
      summary: 'Your video appointment',
      longLines: [],
    });
    // RFC 5546: an invitation and its cancellation name the organizer (MAIL_FROM) and the
    // attendee (the recipient, already the message's To), no names.
    expect(request.organizer).toBe(`mailto:${organizerOf(t.config.mail.from).email}`);
    expect(request.attendees).toEqual([`mailto:${p.loginId}`]);
    expect(readCalendar(sent[1]!.attachments![0]!.content)).toMatchObject({
      uid: request.uid,
      sequence: 0,
    });
    // The time names its zone (New York: EST or EDT, by the date).
    for (const m of sent) expect(m.body).toMatch(/\d:\d\d [AP]M E[SD]T\b/);
    const texts = (await outboxRows(t, eq(outbox.channel, 'sms'))).filter(
      (m) =>
        m.body?.includes('video appointment') &&
        m.recipient.replace(/\D/g, '').endsWith(p.phone.replace(/\D/g, '').slice(-4)),
    );
    expect(texts).toHaveLength(2);
    for (const m of texts) expect(m.body).toMatch(/\d:\d\d [AP]M E[SD]T\b/);
    await expect
      .poll(() => notices.kinds().filter((k) => k === 'appointmentReminder').length, {
        timeout: 10_000,
      })
      .toBe(2);
    expect(notices.notices[0]).toEqual({
      kind: 'appointmentReminder',
      title: 'Apothecall',
      body: translate('en', 'notifications.kind.appointmentReminder'),
      url: notificationRoutes.appointmentReminder,
    });
    notices.close();

    // Deleted: the patient's calendar is told to drop the event (same UID, a higher SEQUENCE).
    const deleted = await call(t, 'DELETE', `/api/appointments-scheduled/${id}`, p.token);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const cancel = await cancellationOf(p);
    expect(cancel.subject).toBe('Your video appointment is cancelled');
    expect(cancel.body).toMatch(/\d:\d\d [AP]M E[SD]T\b/);
    expect(cancel.body).not.toContain('Two days');
    expect(cancel.calendar).toMatchObject({
      method: 'CANCEL',
      uid: request.uid,
      status: 'CANCELLED',
      start,
      longLines: [],
    });
    expect(cancel.calendar.sequence).toBeGreaterThan(request.sequence);
  });

  it('in Spanish: the zone named, lines folded at 75 octets, and the cancellation', async () => {
    const p = await newPatient(t);
    const spanish = await call(t, 'POST', '/api/profile/settings', p.token, {
      settings: { language: 'es' },
    });
    expect(spanish.statusCode, spanish.body).toBe(200);
    const { id, slot } = await bookAhead(p, 2);
    await t.jobs.send('appointments.reminder', { appointmentId: id, kind: 'day' });
    const reminder = await mailTo(p, 'Su cita por video');
    const ics = reminder.attachments![0]!.content;
    // Accented Spanish (mañana, miércoles, ...) is more than one octet a character: RFC 5545
    // folds at 75 octets, not 75 characters.
    expect(Buffer.byteLength(ics, 'utf8')).toBeGreaterThan(ics.length);
    const request = readCalendar(ics);
    expect(request).toMatchObject({
      method: 'REQUEST',
      uid: `${id}@apothecall`,
      sequence: 0,
      start: Date.parse(slot.from),
      summary: 'Su cita por video',
      longLines: [],
    });
    expect(request.description).toBe(reminder.body);
    expect(reminder.body).toMatch(/^Recordatorio: su cita por video con .* E[SD]T\./);
    // The text is its own delivery: the e-mail's arrival does not mean it is written yet.
    const reminderText = async () =>
      (await outboxRows(t, eq(outbox.channel, 'sms'))).find(
        (m) =>
          m.body?.startsWith('Recordatorio') &&
          m.recipient.replace(/\D/g, '').endsWith(p.phone.replace(/\D/g, '').slice(-4)),
      )?.body;
    await expect.poll(reminderText, { timeout: 30_000 }).toBe(reminder.body);

    const deleted = await call(t, 'DELETE', `/api/appointments-scheduled/${id}`, p.token);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const cancel = await cancellationOf(p);
    expect(cancel.subject).toBe('Su cita por video fue cancelada');
    expect(cancel.body).toMatch(/ E[SD]T\b/);
    expect(cancel.calendar).toMatchObject({
      method: 'CANCEL',
      uid: request.uid,
      sequence: 1,
      status: 'CANCELLED',
      summary: 'Su cita por video fue cancelada',
      longLines: [],
    });
  });

  it('deleting an appointment e-mails the patient its cancellation, once', async () => {
    const p = await newPatient(t);
    const { id, slot } = await bookAhead(p, 3);
    expect(await calendarsTo(p, 'CANCEL')).toEqual([]);
    const deleted = await call(t, 'DELETE', `/api/appointments-scheduled/${id}`, p.token);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const cancel = await cancellationOf(p);
    expect(cancel.calendar).toMatchObject({
      method: 'CANCEL',
      uid: `${id}@apothecall`,
      sequence: 1,
      status: 'CANCELLED',
      start: Date.parse(slot.from),
      end: Date.parse(slot.to),
    });
    expect(cancel.attachments![0]!.contentType).toBe('text/calendar; charset=utf-8; method=CANCEL');
    // Deleted again (404 now): still one cancellation.
    await call(t, 'DELETE', `/api/appointments-scheduled/${id}`, p.token);
    await new Promise((r) => setTimeout(r, 500));
    expect(await calendarsTo(p, 'CANCEL')).toHaveLength(1);
  });

  it('a block with appointments ahead is not removed, so nothing is cancelled', async () => {
    const p = await newPatient(t);
    const { blockId: next } = await bookAhead(p, 1);
    const refused = await call(t, 'DELETE', `/api/clinic/availability/${next}`, provider);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errorCode).toBe('AVAILABILITY_HAS_BOOKINGS');
    expect(
      (await call(t, 'GET', '/api/appointments-scheduled', p.token)).json().appointments,
    ).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 500));
    expect(await calendarsTo(p, 'CANCEL')).toEqual([]);
  });

  it('the window at -15 and +15 minutes, expiry, the 10-minute list, a location change', async () => {
    const edge = await newPatient(t);
    const early = await newPatient(t);
    const late = await newPatient(t);
    const moved = await newPatient(t);
    for (const p of [edge, early, late, moved]) await readyToPay(t, p);
    const slots = await slotsOf(t, early, day, blockId);
    const at = (i: number) => slots[i]!;
    for (const [p, i] of [
      [edge, 0],
      [early, 1],
      [late, 2],
      [moved, 3],
    ] as const) {
      const res = await call(t, 'POST', '/api/appointments', p.token, bookBody(p, at(i)));
      expect(res.statusCode, res.body).toBe(200);
    }
    const idOf = async (p: Patient) =>
      (await call(t, 'GET', '/api/appointments-scheduled', p.token)).json().appointments[0]
        .appointmentId as string;
    const ids = {
      edge: await idOf(edge),
      early: await idOf(early),
      late: await idOf(late),
      moved: await idOf(moved),
    };

    // The clock jumps past sessions' idle limit: each step logs in again.
    const start = async (p: Patient, id: string) => {
      p.token = await login(t, p.loginId, p.password);
      // The price and the card on file, without confirming a location again.
      const { priceToken } = (await call(t, 'GET', '/api/account/pricing/default', p.token)).json();
      const cards = (await call(t, 'GET', '/api/account/payments/profiles', p.token)).json();
      return call(t, 'POST', `/api/appointments-start/${id}`, p.token, {
        priceToken,
        payProfileID: cards.payProfiles[0].card.profileID,
        idempotencyKey: `start-${id}`,
      });
    };

    // 16 minutes before: too early; 15 minutes before: it starts, claimed by the provider.
    advanceTo(Date.parse(at(1).from) - 16 * minute);
    const tooEarly = await start(early, ids.early);
    expect(tooEarly.statusCode).toBe(400);
    expect(tooEarly.json().errorCode).toBe('APPOINTMENT_TOO_EARLY');
    // 15 minutes after its time (less the real clock's slack), the first one still starts.
    advanceTo(Date.parse(at(0).from) + 15 * minute - 1_000);
    const atEdge = await start(edge, ids.edge);
    expect(atEdge.statusCode, atEdge.body).toBe(200);
    advanceTo(Date.parse(at(1).from) - 15 * minute);
    const started = await start(early, ids.early);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().visit.state).toBe('inProgress');
    // A retried start is the same visit, charged once.
    const again = await start(early, ids.early);
    expect(again.json().visit.visitId).toBe(started.json().visit.visitId);
    provider = await login(t, demo.provider);
    const queue = (await call(t, 'GET', '/api/clinic/queue', provider)).json();
    expect(JSON.stringify(queue.mine)).toContain(started.json().visit.visitId);

    // After a location change: not available here.
    moved.token = await login(t, moved.loginId, moved.password);
    const tx = await call(t, 'PUT', '/api/consult/location', moved.token, { state: 'TX' });
    expect(tx.statusCode).toBe(200);
    advanceTo(Date.parse(at(3).from) - 5 * minute);
    const elsewhere = await start(moved, ids.moved);
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().errorMsg).toBe(
      'This appointment is not available in the current care location.',
    );

    // Listed until 10 minutes after its start, then gone; startable until +15, then expired.
    // (The real clock runs on between the move and the call: a second of slack.)
    advanceTo(Date.parse(at(2).from) + 10 * minute - 1_000);
    late.token = await login(t, late.loginId, late.password);
    expect(
      (await call(t, 'GET', '/api/appointments-scheduled', late.token)).json().appointments,
    ).toHaveLength(1);
    advanceTo(Date.parse(at(2).from) + 10 * minute + 1_000);
    late.token = await login(t, late.loginId, late.password);
    expect(
      (await call(t, 'GET', '/api/appointments-scheduled', late.token)).json().appointments,
    ).toHaveLength(0);
    advanceTo(Date.parse(at(2).from) + 15 * minute + 1_000);
    const expired = await start(late, ids.late);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().errorMsg).toBe(
      'Your appointment has expired. Please delete the appointment.',
    );
    const deleted = await call(t, 'DELETE', `/api/appointments-scheduled/${ids.late}`, late.token);
    expect(deleted.statusCode).toBe(200);
    // Someone else's appointment is not found.
    expect(
      (await call(t, 'DELETE', `/api/appointments-scheduled/${ids.moved}`, late.token)).statusCode,
    ).toBe(404);
  });
});

describe.each(databaseKinds)('a weekly block across a daylight-saving change, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps its local times (09:00 New York before and after 14 March 2027)', async () => {
    // The app's clock in early March 2027, so both Sundays are bookable.
    t.advance(Date.UTC(2027, 2, 1, 12) - Date.now());
    const provider = await login(t, demo.provider);
    const block = await publish(t, provider, {
      weekdays: ['SU'],
      startDate: '2027-03-07',
      endDate: '2027-03-21',
      startTime: '09:00',
      endTime: '10:00',
      slotMinutes: 60,
    });
    const p = await newPatient(t);
    const before = await slotsOf(t, p, '2027-03-07', block.id);
    const after = await slotsOf(t, p, '2027-03-14', block.id);
    expect(before.map((s) => s.from)).toEqual(['2027-03-07T14:00:00.000Z']);
    expect(after.map((s) => s.from)).toEqual(['2027-03-14T13:00:00.000Z']);
    expect(await slotsOf(t, p, '2027-03-28', block.id)).toEqual([]);
    // The provider's view keeps the rule as written.
    const blocks = (await call(t, 'GET', '/api/clinic/availability', provider)).json().blocks;
    expect(blocks.find((b: { id: string }) => b.id === block.id)).toMatchObject({
      rrule: 'FREQ=WEEKLY;BYDAY=SU;UNTIL=20270321',
      startTime: '09:00',
      timeZone: ny,
    });
  });
});

describe.each(databaseKinds)('one provider, one time; bookable prices, on %s', (kind) => {
  let t: TestApp;
  let provider: string;
  let providerId: string;
  /** Each test its own provider-local day, two weeks and more ahead. */
  const dayAhead = (n: number) => addDays(localDate(Date.now(), ny), 14 + n);
  beforeAll(async () => {
    t = await startTestApp(kind);
    provider = await login(t, demo.provider);
    const probe = await publish(t, provider, {
      startDate: dayAhead(0),
      startTime: '06:00',
      endTime: '07:00',
    });
    const [row] = await t.database.db
      .select({ providerId: availabilityBlocks.providerId })
      .from(availabilityBlocks)
      .where(eq(availabilityBlocks.id, probe.id));
    providerId = row!.providerId;
  });
  afterAll(async () => {
    await t?.close();
  });

  const block = (day: string, startTime: string, endTime: string, extra: object = {}) => ({
    startDate: day,
    startTime,
    endTime,
    slotMinutes: 15,
    timeZone: ny,
    states: ['FL'],
    ...extra,
  });

  it('refuses a block that overlaps one of their own, in English and Spanish; a touching one is fine', async () => {
    const day = dayAhead(1);
    await publish(t, provider, block(day, '18:00', '19:00'));
    const inside = await call(t, 'POST', '/api/clinic/availability', provider, {
      ...block(day, '18:03', '18:48'),
    });
    expect(inside.statusCode).toBe(409);
    expect(inside.json()).toMatchObject({
      errorCode: 'AVAILABILITY_OVERLAPS',
      errorMsg: `This time overlaps your availability from 18:00 to 19:00 starting ${day}. Choose a time that does not overlap, or remove that availability first.`,
    });
    const spanish = await t.fastify.inject({
      method: 'POST',
      url: '/api/clinic/availability',
      headers: {
        authorization: `Bearer ${provider}`,
        'x-time-zone': ny,
        'accept-language': 'es',
      },
      payload: block(day, '17:30', '18:15'),
    });
    expect(spanish.statusCode).toBe(409);
    expect(spanish.json().errorMsg).toBe(
      `Este horario se superpone con su disponibilidad de 18:00 a 19:00 a partir del ${day}. Elija un horario que no se superponga o elimine primero esa disponibilidad.`,
    );
    // A weekly block that meets it on its weekday is refused too.
    const weekly = await call(t, 'POST', '/api/clinic/availability', provider, {
      ...block(dayAhead(-6), '18:30', '20:00'),
      weekdays: ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'],
      endDate: null,
    });
    expect(weekly.json().errorCode).toBe('AVAILABILITY_OVERLAPS');
    // Refused blocks change nothing; a block that only touches it is published.
    await publish(t, provider, block(day, '19:00', '19:30'));
    const blocks = (await call(t, 'GET', '/api/clinic/availability', provider)).json().blocks as {
      startDate: string;
      startTime: string;
    }[];
    expect(
      blocks
        .filter((b) => b.startDate === day)
        .map((b) => b.startTime)
        .sort(),
    ).toEqual(['18:00', '19:00']);
  });

  for (const [n, at] of [
    [2, 2],
    [8, 3],
  ] as const) {
    it(`${n} parallel bookings of overlapping times in two overlapping (legacy) blocks make one booking`, async () => {
      const day = dayAhead(at);
      // Legacy data: two overlapping blocks written before the rule, straight into the table.
      const legacy = [
        ['18:00', '19:00'],
        ['18:03', '18:48'],
      ].map(([startTime, endTime]) => ({
        providerId,
        rrule: null,
        startDate: day,
        endDate: null,
        startTime: startTime!,
        endTime: endTime!,
        slotMinutes: 15,
        timeZone: ny,
        states: ['FL'],
        minAge: 4,
        maxAge: 110,
      }));
      const [a, b] = await t.database.db.insert(availabilityBlocks).values(legacy).returning();
      const patients: Patient[] = [];
      for (let i = 0; i < n; i += 1) {
        const p = await newPatient(t);
        await readyToPay(t, p);
        patients.push(p);
      }
      // 18:00-18:15 of one block and 18:03-18:18 of the other, in turn.
      const starts = [zonedTime(day, '18:00'), zonedTime(day, '18:03')];
      const results = await Promise.all(
        patients.map((p, i) => {
          const from = starts[i % 2]!;
          return call(t, 'POST', '/api/appointments', p.token, {
            blockId: i % 2 === 0 ? a!.id : b!.id,
            time: new Date(from).toISOString(),
            to: new Date(from + 15 * minute).toISOString(),
            complaint: { reason: 'soreThroat', notes: '' },
            pharmacy: null,
            provider: null,
            pt: p.personId,
          });
        }),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([
        200,
        ...Array.from({ length: n - 1 }, () => 409),
      ]);
      for (const lost of results.filter((r) => r.statusCode === 409)) {
        expect(lost.json().errorCode).toBe('APPOINTMENT_TAKEN');
      }
      const live = await t.database.db
        .select({ id: appointments.id })
        .from(appointments)
        .where(
          and(
            eq(appointments.providerId, providerId),
            ne(appointments.state, 'deleted'),
            gte(appointments.startAt, new Date(zonedTime(day, '00:00'))),
            lt(appointments.startAt, new Date(zonedTime(addDays(day, 1), '00:00'))),
          ),
        );
      expect(live).toHaveLength(1);
      // The booked time leaves the offers of both blocks.
      const offered = await call(
        t,
        'GET',
        `/api/appointmentsGET?date=${day}&state=FL`,
        patients[0]!.token,
      );
      expect(offered.statusCode, offered.body).toBe(200);
      const slots = (offered.json().offers as { slots: { from: string; to: string }[] }[]).flatMap(
        (o) => o.slots,
      );
      const booked = await t.database.db
        .select()
        .from(appointments)
        .where(eq(appointments.id, live[0]!.id));
      for (const s of slots) {
        const overlaps =
          Date.parse(s.from) < booked[0]!.endAt.getTime() &&
          booked[0]!.startAt.getTime() < Date.parse(s.to);
        expect(overlaps, s.from).toBe(false);
      }
    });
  }

  it('books and starts no appointment with a free price (the FREEVISIT coupon)', async () => {
    const day = dayAhead(4);
    const free = await publish(t, provider, block(day, '09:00', '10:00'));
    const p = await newPatient(t);
    const payer = await readyToPay(t, p);
    const slots = await slotsOf(t, p, day, free.id);
    // Booked at the standard price.
    const booked = await call(t, 'POST', '/api/appointments', p.token, bookBody(p, slots[0]!));
    expect(booked.statusCode, booked.body).toBe(200);
    const id = booked.json().appointment.appointmentId as string;
    // Inside the window, the patient applies the free coupon (a price token lasts 30 minutes).
    t.advance(Date.parse(slots[0]!.from) - 5 * minute - Date.now());
    const token = await login(t, p.loginId, p.password);
    const coupon = await call(t, 'POST', '/api/redeem-coupon', token, { coupon: 'FREEVISIT' });
    expect(coupon.json().price).toBe(0);
    // With it applied, no booking ...
    const refused = await call(t, 'POST', '/api/appointments', token, bookBody(p, slots[1]!));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      errorCode: 'APPOINTMENT_PRICE_NOT_ALLOWED',
      errorMsg: 'Appointments not available for this type of visit.',
    });
    // ... and no start with its $0 token.
    const start = await call(t, 'POST', `/api/appointments-start/${id}`, token, {
      priceToken: coupon.json().priceToken,
      payProfileID: payer.payProfileID,
      idempotencyKey: `start-${id}`,
    });
    expect(start.statusCode).toBe(400);
    expect(start.json().errorCode).toBe('APPOINTMENT_PRICE_NOT_ALLOWED');
    const [row] = await t.database.db.select().from(appointments).where(eq(appointments.id, id));
    expect(row).toMatchObject({ state: 'booked', visitId: null });
  });
});
