import { translate } from '@apothecall/domain/i18n/catalog';
import { isLang, type Lang } from '@apothecall/domain/i18n/i18n.rules';
import {
  messageReceivedSchema,
  outgoingMessageSchema,
} from '@apothecall/domain/messaging/messaging.schemas';
import {
  chatTextMax,
  type IceServer,
  type JoinVisitAck,
  joinVisitSchema,
  type MessageAckResult,
  realtimeEvents,
  signalSchema,
  type VisitRole,
} from '@apothecall/domain/realtime/realtime.events';
import type { Server, Socket } from 'socket.io';
import { AppError } from '../../platform/errors';
import { socketIdentity } from '../../platform/realtime';
import type { RoomActor, VisitRoomService } from './visit-room.service';

type Ack<T> = (answer: T) => void;

const roomOf = (visitId: string) => `visit:${visitId}`;

/**
 * The visit's call and chat over socket.io (issue 6; spec section 7 "Real-time socket"):
 * joinVisit (access-checked), WebRTC signalling relayed only between the visit's two sides,
 * messages stored before they are acknowledged, and messageReceived. Bad payloads are
 * answered with ok:false (or ignored when there is no ack), never with a crash.
 */
export function careSocketHandlers(deps: {
  io: Server;
  room: VisitRoomService;
  iceServers: readonly IceServer[];
  onError: (error: unknown) => void;
}) {
  return (socket: Socket) => {
    const identity = socketIdentity(socket);
    const auth = socket.handshake.auth as { lang?: unknown };
    const lang: Lang = isLang(auth.lang) ? auth.lang : 'en';
    /** The visits this socket joined, with its role in each. */
    const joined = new Map<string, VisitRole>();
    const actor = (): RoomActor => ({
      accountId: identity.accountId,
      meetVisitId: identity.meetVisitId,
      ip: socket.handshake.address,
      requestId: `ws:${socket.id}`,
    });
    const errorText = (error: unknown) => {
      if (error instanceof AppError) return translate(lang, error.messageKey, error.params);
      deps.onError(error);
      return translate(lang, 'errors.internal');
    };
    const ackOf = <T>(value: unknown): Ack<T> | undefined =>
      typeof value === 'function' ? (value as Ack<T>) : undefined;
    /**
     * Every handler runs behind this guard: whatever a client sends, a handler's failure is
     * logged and answered, never thrown into socket.io (which would end the process).
     */
    const on = (event: string, handler: (...args: unknown[]) => unknown) => {
      socket.on(event, (...args: unknown[]) => {
        try {
          const result = handler(...args);
          if (result instanceof Promise) result.catch((error: unknown) => deps.onError(error));
        } catch (error) {
          deps.onError(error);
          const ack = ackOf<{ ok: false; error: string }>(args[args.length - 1]);
          ack?.({ ok: false, error: translate(lang, 'errors.internal') });
        }
      });
    };

    on(realtimeEvents.joinVisit, async (raw: unknown, rawAck: unknown) => {
      const ack = ackOf<JoinVisitAck>(rawAck);
      const input = joinVisitSchema.safeParse(raw);
      if (!input.success) return ack?.({ ok: false, error: translate(lang, 'errors.notFound') });
      try {
        const { visit, role } = await deps.room.join(actor(), input.data.visitId);
        const name = roomOf(visit.id);
        const present = await deps.io.in(name).fetchSockets();
        const peers = present.filter(
          (s) => s.id !== socket.id && s.data?.roles?.[visit.id] !== role,
        ).length;
        joined.set(visit.id, role);
        socket.data.roles = { ...(socket.data.roles ?? {}), [visit.id]: role };
        await socket.join(name);
        socket.to(name).emit(realtimeEvents.peerJoined, { visitId: visit.id, role });
        ack?.({
          ok: true,
          role,
          self: identity.accountId,
          peers,
          iceServers: [...deps.iceServers],
        });
        const messages = await deps.room.conversation(actor(), visit.id);
        socket.emit(realtimeEvents.allMessages, { visitId: visit.id, messages });
      } catch (error) {
        ack?.({ ok: false, error: errorText(error) });
      }
    });

    on(realtimeEvents.signal, (raw: unknown) => {
      const input = signalSchema.safeParse(raw);
      if (!input.success) return;
      const role = joined.get(input.data.visitId);
      if (!role) return;
      socket
        .to(roomOf(input.data.visitId))
        .emit(realtimeEvents.signal, { ...input.data, from: role });
    });

    const leave = (visitId: string) => {
      const role = joined.get(visitId);
      if (!role) return;
      joined.delete(visitId);
      const roles = { ...(socket.data.roles ?? {}) };
      delete roles[visitId];
      socket.data.roles = roles;
      void socket.leave(roomOf(visitId));
      // A reloaded page joins with a new socket before the old one is found gone: the side
      // is still there, so the other side must not drop the call it just re-made.
      deps.io
        .in(roomOf(visitId))
        .fetchSockets()
        .then(
          (present) => {
            const stillThere = present.some(
              (s) => s.id !== socket.id && s.data?.roles?.[visitId] === role,
            );
            if (!stillThere) {
              deps.io.to(roomOf(visitId)).emit(realtimeEvents.peerLeft, { visitId, role });
            }
          },
          (error: unknown) => deps.onError(error),
        );
    };
    on(realtimeEvents.leaveVisit, (raw: unknown) => {
      const input = joinVisitSchema.safeParse(raw);
      if (input.success) leave(input.data.visitId);
    });
    socket.on('disconnecting', () => {
      for (const visitId of [...joined.keys()]) leave(visitId);
    });

    on(realtimeEvents.message, async (raw: unknown, rawAck: unknown) => {
      const ack = ackOf<MessageAckResult>(rawAck);
      const input = outgoingMessageSchema.safeParse(raw);
      // Spec: messages with no text and no attachments are dropped.
      if (!input.success) {
        const tooLong = input.error.issues.some((i) => i.code === 'too_big');
        return ack?.({
          ok: false,
          error: translate(lang, tooLong ? 'care.message.tooLong' : 'errors.invalidField', {
            field: 'text',
          }),
        });
      }
      if (input.data.text.length > chatTextMax) {
        return ack?.({ ok: false, error: translate(lang, 'care.message.tooLong') });
      }
      try {
        const message = await deps.room.send(actor(), {
          visitId: input.data.visitId,
          type: input.data.type,
          text: input.data.text,
          phone: input.data.phone,
          attachments: input.data.attachments,
          clientId: input.data.clientId ?? null,
        });
        // Stored first, then acknowledged, then delivered to the other side.
        ack?.({ ok: true, message });
        socket.to(roomOf(message.visitId)).emit(realtimeEvents.message, message);
      } catch (error) {
        ack?.({ ok: false, error: errorText(error) });
      }
    });

    on(realtimeEvents.messageReceived, async (raw: unknown) => {
      const input = messageReceivedSchema.safeParse(raw);
      if (!input.success) return;
      try {
        const message = await deps.room.received(actor(), input.data.visitId, input.data.msgId);
        if (message) {
          socket.to(roomOf(message.visitId)).emit(realtimeEvents.messageReceived, message);
        }
      } catch (error) {
        if (!(error instanceof AppError)) deps.onError(error);
      }
    });
  };
}
