import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  fakeActor,
  fakeClock,
  memoryCareRepo,
  recordingAudit,
  recordingEvents,
} from '../../../test/fakes';
import type { HolderContact } from '../accounts/accounts.port';
import type { StoredMessage, VisitRecordsRepo } from './visit-records.repo';
import { createVisitRoomService, meetLinkMinutes } from './visit-room.service';

const patient = '7c1e0a10-0000-4000-8000-000000000001';
const provider = '7c1e0a10-0000-4000-8000-000000000002';
const stranger = '7c1e0a10-0000-4000-8000-000000000003';
const person = '7c1e0a10-0000-4000-8000-0000000000aa';

/** The messages and meet links a visit keeps, in memory; any other method throws. */
function memoryRecords() {
  const messages: (StoredMessage & { clientId: string | null })[] = [];
  const links: {
    visitId: string;
    linkHash: string;
    expiresAt: Date;
    sessionHash: string | null;
    sessionExpiresAt: Date | null;
    revoked: boolean;
  }[] = [];
  const used: Partial<VisitRecordsRepo> = {
    async insertMessage(input) {
      const known = messages.find(
        (m) =>
          input.clientId !== null &&
          m.visitId === input.visitId &&
          m.owner === input.owner &&
          m.clientId === input.clientId,
      );
      if (known) return { ...known };
      const row = { ...input, id: randomUUID(), sent: new Date(), received: null };
      messages.push(row);
      return { ...row };
    },
    async markReceived(visitId, msgId, by, at) {
      const row = messages.find((m) => m.visitId === visitId && m.id === msgId && m.owner !== by);
      if (!row) return undefined;
      row.received = at;
      return { ...row };
    },
    async messages(visitId) {
      return messages.filter((m) => m.visitId === visitId).map((m) => ({ ...m }));
    },
    async insertMeetLink(input) {
      links.push({ ...input, sessionHash: null, sessionExpiresAt: null, revoked: false });
    },
    async useMeetLink(linkHash, sessionHash, at, sessionExpiresAt) {
      const link = links.find(
        (l) => l.linkHash === linkHash && !l.sessionHash && !l.revoked && l.expiresAt > at,
      );
      if (!link) return undefined;
      link.sessionHash = sessionHash;
      link.sessionExpiresAt = sessionExpiresAt;
      return { visitId: link.visitId };
    },
    async meetSession(sessionHash, at) {
      const link = links.find(
        (l) =>
          l.sessionHash === sessionHash &&
          !l.revoked &&
          l.sessionExpiresAt !== null &&
          l.sessionExpiresAt > at,
      );
      return link ? { visitId: link.visitId } : undefined;
    },
  };
  const records = new Proxy(used, {
    get(target, name) {
      const method = target[name as keyof VisitRecordsRepo];
      if (!method) throw new Error(`visit records: ${String(name)} not expected`);
      return method;
    },
  }) as VisitRecordsRepo;
  return { records, messages, links };
}

function room(
  options: { roles?: Record<string, string>; licenses?: string[]; contact?: HolderContact } = {},
) {
  const clock = fakeClock();
  const care = memoryCareRepo({ now: clock.now });
  const { records, messages, links } = memoryRecords();
  const audit = recordingAudit();
  const events = recordingEvents();
  const texts: { to: string; body: string }[] = [];
  const roles = options.roles ?? { [patient]: 'patient', [provider]: 'provider' };
  const contact = options.contact ?? {
    phone: '+13055550100',
    language: 'es',
    brandId: 'apothecall',
    firstName: 'Maria',
  };
  const service = createVisitRoomService({
    repo: care.repo,
    records,
    accounts: {
      role: async (id) => roles[id],
      holderContact: async (id) => (id === patient ? contact : undefined),
    },
    roster: { licenses: async () => options.licenses ?? ['FL'] },
    brands: { byId: async (id) => ({ id, name: 'Apothecall' }) },
    audit,
    sendSms: async (to, body) => {
      texts.push({ to, body });
    },
    publicUrl: 'https://app.example',
    events,
    now: clock.now,
  });
  return { service, care, messages, links, audit, events, texts, clock };
}

const message = (visitId: string, clientId: string | null = 'c-1') => ({
  visitId,
  type: 'text',
  text: 'Hello',
  phone: null,
  attachments: [],
  clientId,
});

describe('who may enter a visit room', () => {
  it('lets the patient in, and the claiming provider licensed in the state, each in their role', async () => {
    const { service, care, audit } = room();
    const visit = care.seed({
      accountId: patient,
      personId: person,
      state: 'inProgress',
      providerId: provider,
    });
    expect((await service.join(fakeActor(patient), visit.id)).role).toBe('patient');
    expect((await service.join(fakeActor(provider), visit.id)).role).toBe('provider');
    expect(audit.rows.map((r) => [r.outcome, r.action, r.detail?.role])).toEqual([
      ['success', 'visit.join', 'patient'],
      ['success', 'visit.join', 'provider'],
    ]);
    expect(audit.rows[0]?.subject).toEqual({ accountId: patient, personId: person });
  });

  it('answers not-found (and audits a denial) to a stranger, an unlicensed provider, a malformed id and a meet token of another visit', async () => {
    const { service, care, audit } = room({ licenses: ['TX'] });
    const visit = care.seed({
      accountId: patient,
      personId: person,
      state: 'inProgress',
      providerId: provider,
    });
    const other = care.seed({ accountId: patient, personId: person });
    const refusals: [string, string, string | null][] = [
      [stranger, visit.id, null],
      [provider, visit.id, null],
      [patient, 'not-a-uuid', null],
      [patient, visit.id, other.id],
    ];
    for (const [who, visitId, meetVisitId] of refusals) {
      await expect(service.join(fakeActor(who, { meetVisitId }), visitId)).rejects.toMatchObject({
        status: 404,
      });
    }
    expect(audit.rows.map((r) => [r.outcome, r.action])).toEqual(
      Array(4).fill(['denied', 'visit.access']),
    );
    expect(audit.rows[2]?.detail).toEqual({ visitId: null, meet: false });
    expect(audit.rows[3]?.detail).toEqual({ visitId: visit.id, meet: true });
  });

  it('refuses to join a visit that has ended (409 VISIT_NOT_IN_PROGRESS)', async () => {
    const { service, care, audit } = room();
    const visit = care.seed({ accountId: patient, personId: person, state: 'completed' });
    await expect(service.join(fakeActor(patient), visit.id)).rejects.toMatchObject({
      status: 409,
      code: 'VISIT_NOT_IN_PROGRESS',
    });
    expect(audit.rows.filter((r) => r.action === 'visit.join')).toEqual([]);
  });
});

describe('the chat', () => {
  it('stores a message once per clientId, audits it and tells the other side', async () => {
    const { service, care, messages, audit, events } = room();
    const visit = care.seed({
      accountId: patient,
      personId: person,
      state: 'inProgress',
      providerId: provider,
    });
    const first = await service.send(fakeActor(patient), message(visit.id));
    const again = await service.send(fakeActor(patient), message(visit.id));
    expect(again.msgId).toBe(first.msgId);
    expect(messages).toHaveLength(1);
    expect(first).toMatchObject({
      visitId: visit.id,
      owner: patient,
      text: 'Hello',
      received: null,
    });
    expect(events.emitted[0]).toEqual({
      name: 'care.messageSent',
      payload: { visitId: visit.id, to: provider },
    });
    await service.send(fakeActor(provider), message(visit.id, 'p-1'));
    expect(events.emitted.at(-1)?.payload).toEqual({ visitId: visit.id, to: patient });
    expect(audit.rows.filter((r) => r.action === 'visit.message')).toHaveLength(3);
  });

  it('tells nobody while no provider has claimed the visit, and refuses attachments', async () => {
    const { service, care, messages, events } = room();
    const visit = care.seed({ accountId: patient, personId: person });
    await service.send(fakeActor(patient), message(visit.id));
    expect(events.emitted).toEqual([]);
    await expect(
      service.send(fakeActor(patient), { ...message(visit.id, 'c-2'), attachments: [{ id: 'x' }] }),
    ).rejects.toMatchObject({ status: 400, code: 'ATTACHMENTS_UNSUPPORTED' });
    expect(messages).toHaveLength(1);
  });

  it('refuses messages to an ended visit', async () => {
    const { service, care, messages } = room();
    const visit = care.seed({ accountId: patient, personId: person, state: 'cancelled' });
    await expect(service.send(fakeActor(patient), message(visit.id))).rejects.toMatchObject({
      status: 409,
      code: 'VISIT_NOT_IN_PROGRESS',
    });
    expect(messages).toEqual([]);
  });

  it("marks the other side's message received (not one's own) and audits the conversation's read", async () => {
    const { service, care, audit, clock } = room();
    const visit = care.seed({
      accountId: patient,
      personId: person,
      state: 'inProgress',
      providerId: provider,
    });
    const sent = await service.send(fakeActor(patient), message(visit.id));
    expect(await service.received(fakeActor(patient), visit.id, sent.msgId)).toBeUndefined();
    expect(await service.received(fakeActor(provider), visit.id, 'nope')).toBeUndefined();
    const seen = await service.received(fakeActor(provider), visit.id, sent.msgId);
    expect(seen?.received).toBe(clock.now().toISOString());
    const read = await service.conversation(fakeActor(provider), visit.id);
    expect(read.map((m) => m.msgId)).toEqual([sent.msgId]);
    expect(audit.rows.map((r) => r.action)).toEqual([
      'visit.message',
      'visit.message.received',
      'visit.conversation.read',
    ]);
    expect(audit.rows.at(-1)?.detail).toEqual({ visitId: visit.id, messages: 1 });
  });
});

describe('meet links', () => {
  it("texts a one-time link in the holder's language, and the link is exchanged once for a meet token", async () => {
    const { service, care, texts, links, audit } = room();
    const visit = care.seed({
      accountId: patient,
      personId: person,
      state: 'inProgress',
      providerId: provider,
    });
    await service.sendMeetLink(visit);
    expect(texts).toHaveLength(1);
    expect(texts[0]?.to).toBe('+13055550100');
    const id = /#\/meet\?id=([A-Za-z0-9_-]{43})/.exec(texts[0]?.body ?? '')?.[1] ?? '';
    expect(id).not.toBe('');
    // Only its hash is kept.
    expect(links[0]?.linkHash).not.toContain(id);
    const origin = { ip: '198.51.100.1', requestId: 'r-meet' };
    const exchanged = await service.exchangeMeetLink(id, origin);
    expect(exchanged).toMatchObject({ visitId: visit.id, firstName: 'Maria' });
    expect(await service.resolveMeetToken(exchanged.meetToken)).toEqual({
      accountId: patient,
      visitId: visit.id,
    });
    await expect(service.exchangeMeetLink(id, origin)).rejects.toMatchObject({
      status: 404,
      code: 'MEET_LINK_INVALID',
    });
    expect(audit.rows.map((r) => [r.outcome, r.action, r.actorAccountId])).toEqual([
      ['success', 'visit.meetLink', patient],
      ['denied', 'visit.meetLink', null],
    ]);
  });

  it('texts nothing to a holder without a phone', async () => {
    const { service, care, texts, links } = room({
      contact: { phone: null, language: 'en', brandId: 'apothecall', firstName: 'Maria' },
    });
    const visit = care.seed({ accountId: patient, personId: person });
    await service.sendMeetLink(visit);
    expect(texts).toEqual([]);
    expect(links).toEqual([]);
  });

  it('refuses an expired link, a malformed one, and a token once the visit has ended', async () => {
    const { service, care, texts, clock } = room();
    const visit = care.seed({
      accountId: patient,
      personId: person,
      state: 'inProgress',
      providerId: provider,
    });
    await service.sendMeetLink(visit);
    await service.sendMeetLink(visit);
    const ids = texts.map((t) => /id=([A-Za-z0-9_-]{43})/.exec(t.body)?.[1] ?? '');
    const origin = { ip: '198.51.100.1', requestId: 'r' };
    await expect(service.exchangeMeetLink('short', origin)).rejects.toMatchObject({ status: 404 });
    const { meetToken } = await service.exchangeMeetLink(ids[0] ?? '', origin);
    clock.advance((meetLinkMinutes + 1) * 60_000);
    await expect(service.exchangeMeetLink(ids[1] ?? '', origin)).rejects.toMatchObject({
      code: 'MEET_LINK_INVALID',
    });
    const row = care.visits.find((v) => v.id === visit.id);
    if (row) row.state = 'completed';
    expect(await service.resolveMeetToken(meetToken)).toBeNull();
    expect(await service.resolveMeetToken('malformed')).toBeNull();
  });
});
