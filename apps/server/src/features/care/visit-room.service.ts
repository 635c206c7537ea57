import type { EventBus } from '../../platform/events';
import './care.events';
import { createHash, randomBytes } from 'node:crypto';
import { translate } from '@apothecall/domain/i18n/catalog';
import type { Lang } from '@apothecall/domain/i18n/i18n.rules';
import type { Message } from '@apothecall/domain/messaging/messaging.schemas';
import type { VisitRole } from '@apothecall/domain/realtime/realtime.events';
import { z } from 'zod';
import type { Actor, RequestOrigin } from '../../platform/actor';
import type { AuditService } from '../../platform/audit.service';
import { AppError, appErrors } from '../../platform/errors';
import type { AccountsPort } from '../accounts/accounts.port';
import type { BrandsPort } from '../brands/brands.port';
import type { RosterPort } from '../clinic/roster.port';
import type { CareRepo, VisitRecord } from './care.repo';
import type { StoredMessage, VisitRecordsRepo } from './visit-records.repo';

/** Who is asking: an account, possibly through a meet token limited to one visit. */
export type RoomActor = Pick<Actor, 'accountId' | 'meetVisitId' | 'ip' | 'requestId'>;

export interface VisitRoomService {
  /** The actor's role in the visit's call and chat, or a not-found error. */
  join(actor: RoomActor, visitId: string): Promise<{ visit: VisitRecord; role: VisitRole }>;
  /** Stores a message (once per clientId) before it is acknowledged. */
  send(
    actor: RoomActor,
    input: {
      visitId: string;
      type: string;
      text: string;
      phone: string | null;
      attachments: unknown[];
      clientId: string | null;
    },
  ): Promise<Message>;
  received(actor: RoomActor, visitId: string, msgId: string): Promise<Message | undefined>;
  /** The conversation, oldest first; an audited read of the patient's record. */
  conversation(actor: RoomActor, visitId: string): Promise<Message[]>;
  /** Creates the one-time link and texts it to the holder's phone (on claim). */
  sendMeetLink(visit: Pick<VisitRecord, 'id' | 'accountId'>): Promise<void>;
  /** Exchanges the link's id for a visit-scoped meet token; the id stops working. */
  exchangeMeetLink(
    id: string,
    origin: RequestOrigin,
  ): Promise<{ visitId: string; meetToken: string; firstName: string }>;
  resolveMeetToken(token: string): Promise<{ accountId: string; visitId: string } | null>;
  /** The account's sessions were revoked: its meet links and tokens stop working too. */
  revokeMeetFor(accountId: string): Promise<void>;
}

export const meetLinkMinutes = 30;
export const meetSessionHours = 2;

const sha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');
const tokenShape = /^[A-Za-z0-9_-]{43}$/;

export function toMessage(row: StoredMessage): Message {
  return {
    msgId: row.id,
    visitId: row.visitId,
    owner: row.owner,
    text: row.text,
    sent: row.sent.toISOString(),
    received: row.received ? row.received.toISOString() : null,
    attachments: row.attachments as Message['attachments'],
    type: row.type,
    phone: row.phone,
  };
}

/**
 * The call and chat of one visit: only the visit's patient account (or the meet
 * token issued for it) and the provider who claimed it may join, read or write; anyone else
 * gets not-found. Messages are written before they are acknowledged, de-duplicated by the
 * sender's clientId, and only while the visit is active.
 */
export function createVisitRoomService(deps: {
  repo: CareRepo;
  records: VisitRecordsRepo;
  accounts: Pick<AccountsPort, 'role' | 'holderContact'>;
  roster: Pick<RosterPort, 'licenses'>;
  brands: Pick<BrandsPort, 'byId'>;
  audit: AuditService;
  sendSms: (to: string, body: string) => Promise<void>;
  publicUrl: string;
  events?: Pick<EventBus, 'emit'>;
  now?: () => Date;
}): VisitRoomService {
  const now = deps.now ?? (() => new Date());

  async function access(
    actor: RoomActor,
    visitId: string,
  ): Promise<{ visit: VisitRecord; role: VisitRole }> {
    const visit = z.uuid().safeParse(visitId).success ? await deps.repo.visit(visitId) : undefined;
    if (visit && (!actor.meetVisitId || actor.meetVisitId === visit.id)) {
      if (visit.accountId === actor.accountId) return { visit, role: 'patient' };
      // The claiming provider, while still a provider licensed in the visit's state.
      if (
        visit.providerId &&
        visit.providerId === actor.accountId &&
        !actor.meetVisitId &&
        (await deps.accounts.role(actor.accountId)) === 'provider' &&
        (await deps.roster.licenses(actor.accountId)).includes(visit.location)
      ) {
        return { visit, role: 'provider' };
      }
    }
    await deps.audit.denied(actor, 'visit.access', null, {
      visitId: visit?.id ?? null,
      meet: Boolean(actor.meetVisitId),
    });
    throw appErrors.notFound();
  }

  const active = (visit: VisitRecord) => visit.state === 'waiting' || visit.state === 'inProgress';

  return {
    async join(actor, visitId) {
      const found = await access(actor, visitId);
      if (!active(found.visit)) {
        throw new AppError(409, 'VISIT_NOT_IN_PROGRESS', 'care.visit.notInProgress');
      }
      await deps.audit.record(
        actor,
        'visit.join',
        { accountId: found.visit.accountId, personId: found.visit.personId },
        { visitId: found.visit.id, role: found.role, meet: Boolean(actor.meetVisitId) },
      );
      return found;
    },

    async send(actor, input) {
      const { visit, role } = await access(actor, input.visitId);
      // Files are referred to by upload id; until uploads exist (documents issue) no reference
      // can be checked, so none is accepted.
      if (input.attachments.length > 0) {
        throw new AppError(400, 'ATTACHMENTS_UNSUPPORTED', 'care.message.attachmentsUnsupported');
      }
      if (!active(visit) || (role === 'provider' && visit.state !== 'inProgress')) {
        throw new AppError(409, 'VISIT_NOT_IN_PROGRESS', 'care.visit.notInProgress');
      }
      const stored = await deps.records.insertMessage({
        visitId: visit.id,
        owner: actor.accountId,
        clientId: input.clientId,
        type: input.type,
        text: input.text,
        phone: input.phone,
        attachments: input.attachments,
      });
      await deps.audit.record(
        actor,
        'visit.message',
        { accountId: visit.accountId, personId: visit.personId },
        { visitId: visit.id, msgId: stored.id },
      );
      const to = role === 'patient' ? visit.providerId : visit.accountId;
      if (to) await deps.events?.emit('care.messageSent', { visitId: visit.id, to });
      return toMessage(stored);
    },

    async received(actor, visitId, msgId) {
      const { visit } = await access(actor, visitId);
      if (!z.uuid().safeParse(msgId).success) return undefined;
      const row = await deps.records.markReceived(visit.id, msgId, actor.accountId, now());
      if (row) {
        await deps.audit.record(
          actor,
          'visit.message.received',
          { accountId: visit.accountId, personId: visit.personId },
          { visitId: visit.id, msgId: row.id },
        );
      }
      return row ? toMessage(row) : undefined;
    },

    async conversation(actor, visitId) {
      const { visit } = await access(actor, visitId);
      const rows = await deps.records.messages(visit.id);
      await deps.audit.record(
        actor,
        'visit.conversation.read',
        { accountId: visit.accountId, personId: visit.personId },
        { visitId: visit.id, messages: rows.length },
      );
      return rows.map(toMessage);
    },

    async sendMeetLink(visit) {
      const contact = await deps.accounts.holderContact(visit.accountId);
      if (!contact?.phone) return;
      const id = randomBytes(32).toString('base64url');
      await deps.records.insertMeetLink({
        visitId: visit.id,
        linkHash: sha256(id),
        expiresAt: new Date(now().getTime() + meetLinkMinutes * 60_000),
      });
      const lang: Lang = contact.language === 'es' ? 'es' : 'en';
      const body = translate(lang, 'care.sms.meetLink', {
        brand: (await deps.brands.byId(contact.brandId)).name,
        link: `${deps.publicUrl}/#/meet?id=${id}`,
        minutes: meetLinkMinutes,
      });
      await deps.sendSms(contact.phone, body);
    },

    async exchangeMeetLink(id, origin) {
      const invalid = () => new AppError(404, 'MEET_LINK_INVALID', 'care.meet.invalid');
      if (!tokenShape.test(id)) throw invalid();
      const meetToken = randomBytes(32).toString('base64url');
      const at = now();
      const used = await deps.records.useMeetLink(
        sha256(id),
        sha256(meetToken),
        at,
        new Date(at.getTime() + meetSessionHours * 3_600_000),
      );
      const visit = used ? await deps.repo.visit(used.visitId) : undefined;
      if (!visit || !active(visit)) {
        await deps.audit.denied(origin, 'visit.meetLink', null, {});
        throw invalid();
      }
      const contact = await deps.accounts.holderContact(visit.accountId);
      await deps.audit.record(
        { ...origin, accountId: visit.accountId },
        'visit.meetLink',
        { accountId: visit.accountId, personId: visit.personId },
        { visitId: visit.id },
      );
      return { visitId: visit.id, meetToken, firstName: contact?.firstName ?? '' };
    },

    async revokeMeetFor(accountId) {
      await deps.records.revokeMeetFor(accountId, now());
    },

    async resolveMeetToken(token) {
      if (!tokenShape.test(token)) return null;
      const found = await deps.records.meetSession(sha256(token), now());
      const visit = found ? await deps.repo.visit(found.visitId) : undefined;
      if (!visit || !active(visit)) return null;
      return { accountId: visit.accountId, visitId: visit.id };
    },
  };
}
