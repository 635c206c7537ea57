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
 * The visit's call and chat over socket.io (spec section 7 "Real-time socket"):
 * joinVisit (access-checked), WebRTC signalling relayed only between the visit's two sides,
 * messages stored before they are acknowledged, and messageReceived. Bad payloads are
 * answered with ok:false (or ignored when there is no ack), never with a crash.
 *
 * Every socket of a process shares the same handler functions (socket.io calls a listener with
 * the socket as `this`), and a socket's own state (the visits it joined) is made on its first
 * join: most sockets (a patient waiting, staff on a list) never join a room, and per-socket
 * closures cost ~2.6 KB of heap a socket.
 */
export function careSocketHandlers(deps: {
  io: Server;
  room: VisitRoomService;
  iceServers: readonly IceServer[];
  onError: (error: unknown) => void;
}) {
  /** The visits a socket joined, with its role in each; made on its first join. */
  const joinedOf = (socket: Socket): Map<string, VisitRole> | undefined =>
    (socket.data as { careJoined?: Map<string, VisitRole> }).careJoined;
  const langOf = (socket: Socket): Lang => {
    const lang = (socket.handshake.auth as { lang?: unknown }).lang;
    return isLang(lang) ? lang : 'en';
  };
  const actor = (socket: Socket): RoomActor => {
    const identity = socketIdentity(socket);
    return {
      accountId: identity.accountId,
      meetVisitId: identity.meetVisitId,
      ip: socket.handshake.address,
      requestId: `ws:${socket.id}`,
    };
  };
  const errorText = (socket: Socket, error: unknown) => {
    if (error instanceof AppError)
      return translate(langOf(socket), error.keyIn(langOf(socket)), error.params);
    deps.onError(error);
    return translate(langOf(socket), 'errors.internal');
  };
  const ackOf = <T>(value: unknown): Ack<T> | undefined =>
    typeof value === 'function' ? (value as Ack<T>) : undefined;
  /**
   * Every handler runs behind this guard: whatever a client sends, a handler's failure is
   * logged and answered, never thrown into socket.io (which would end the process).
   */
  const guarded = (handler: (socket: Socket, ...args: unknown[]) => unknown) =>
    function (this: Socket, ...args: unknown[]) {
      try {
        const result = handler(this, ...args);
        if (result instanceof Promise) result.catch((error: unknown) => deps.onError(error));
      } catch (error) {
        deps.onError(error);
        const ack = ackOf<{ ok: false; error: string }>(args[args.length - 1]);
        ack?.({ ok: false, error: translate(langOf(this), 'errors.internal') });
      }
    };

  const leave = (socket: Socket, visitId: string) => {
    const joined = joinedOf(socket);
    const role = joined?.get(visitId);
    if (!joined || !role) return;
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
  const onDisconnecting = function (this: Socket) {
    for (const visitId of [...(joinedOf(this)?.keys() ?? [])]) leave(this, visitId);
  };

  const joinVisit = guarded(async (socket, raw, rawAck) => {
    const lang = langOf(socket);
    const ack = ackOf<JoinVisitAck>(rawAck);
    const input = joinVisitSchema.safeParse(raw);
    if (!input.success) return ack?.({ ok: false, error: translate(lang, 'errors.notFound') });
    try {
      const { visit, role } = await deps.room.join(actor(socket), input.data.visitId);
      const name = roomOf(visit.id);
      const present = await deps.io.in(name).fetchSockets();
      const peers = present.filter(
        (s) => s.id !== socket.id && s.data?.roles?.[visit.id] !== role,
      ).length;
      let joined = joinedOf(socket);
      if (!joined) {
        joined = new Map();
        (socket.data as { careJoined?: Map<string, VisitRole> }).careJoined = joined;
        socket.on('disconnecting', onDisconnecting);
      }
      joined.set(visit.id, role);
      socket.data.roles = { ...(socket.data.roles ?? {}), [visit.id]: role };
      await socket.join(name);
      socket.to(name).emit(realtimeEvents.peerJoined, { visitId: visit.id, role });
      ack?.({
        ok: true,
        role,
        self: socketIdentity(socket).accountId,
        peers,
        iceServers: [...deps.iceServers],
      });
      const messages = await deps.room.conversation(actor(socket), visit.id);
      socket.emit(realtimeEvents.allMessages, { visitId: visit.id, messages });
    } catch (error) {
      ack?.({ ok: false, error: errorText(socket, error) });
    }
  });

  const signal = guarded((socket, raw) => {
    const input = signalSchema.safeParse(raw);
    if (!input.success) return;
    const role = joinedOf(socket)?.get(input.data.visitId);
    if (!role) return;
    socket
      .to(roomOf(input.data.visitId))
      .emit(realtimeEvents.signal, { ...input.data, from: role });
  });

  const leaveVisit = guarded((socket, raw) => {
    const input = joinVisitSchema.safeParse(raw);
    if (input.success) leave(socket, input.data.visitId);
  });

  const message = guarded(async (socket, raw, rawAck) => {
    const lang = langOf(socket);
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
      const stored = await deps.room.send(actor(socket), {
        visitId: input.data.visitId,
        type: input.data.type,
        text: input.data.text,
        phone: input.data.phone,
        attachments: input.data.attachments,
        clientId: input.data.clientId ?? null,
      });
      // Stored first, then acknowledged, then delivered to the other side.
      ack?.({ ok: true, message: stored });
      socket.to(roomOf(stored.visitId)).emit(realtimeEvents.message, stored);
    } catch (error) {
      ack?.({ ok: false, error: errorText(socket, error) });
    }
  });

  const messageReceived = guarded(async (socket, raw) => {
    const input = messageReceivedSchema.safeParse(raw);
    if (!input.success) return;
    try {
      const updated = await deps.room.received(actor(socket), input.data.visitId, input.data.msgId);
      if (updated) {
        socket.to(roomOf(updated.visitId)).emit(realtimeEvents.messageReceived, updated);
      }
    } catch (error) {
      if (!(error instanceof AppError)) deps.onError(error);
    }
  });

  return (socket: Socket) => {
    socket.on(realtimeEvents.joinVisit, joinVisit);
    socket.on(realtimeEvents.signal, signal);
    socket.on(realtimeEvents.leaveVisit, leaveVisit);
    socket.on(realtimeEvents.message, message);
    socket.on(realtimeEvents.messageReceived, messageReceived);
  };
}
