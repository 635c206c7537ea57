import type {
  Message,
  MessageReceived,
  OutgoingMessageInput,
} from '@apothecall/domain/messaging/messaging.schemas';
import { messageSchema } from '@apothecall/domain/messaging/messaging.schemas';
import {
  allMessagesSchema,
  chatTextMax,
  messageAckResultSchema,
  realtimeEvents,
} from '@apothecall/domain/realtime/realtime.events';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { Socket } from 'socket.io-client';
import { useSocketEvent } from '../../../lib/realtime';

/** The server's limit on a chat message (care.message.tooLong). */
export const chatMaxLength = chatTextMax;
const ackTimeoutMs = 5_000;
/** Automatic sends of one message before it is shown as not sent (with a retry button). */
const maxAutoAttempts = 3;

export type ChatItemStatus = 'sending' | 'sent' | 'delivered' | 'failed' | 'incoming';

export interface ChatItem {
  key: string;
  text: string;
  own: boolean;
  /** ISO time it was stored (or written, while still pending). */
  at: string;
  status: ChatItemStatus;
  /** Why it was refused (server text), for a failed message. */
  error: string | null;
  /** For a pending or failed message: what `retry` takes. */
  clientId: string | null;
}

interface Pending {
  clientId: string;
  text: string;
  at: string;
  attempts: number;
  inFlight: boolean;
  failed: boolean;
  error: string | null;
}

function newClientId(): string {
  return (
    globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`
  );
}

function byTime(a: Message, b: Message): number {
  return Date.parse(a.sent) - Date.parse(b.sent);
}

/**
 * The visit's chat over the socket: the history (allMessages after joining), live messages,
 * sending with acknowledgement (pending until the server stored it; resent with the same
 * clientId when the ack does not come, which the server de-duplicates) and receipts (every
 * incoming message not yet received is acknowledged with messageReceived; our own messages
 * show as delivered when the other side's receipt comes back).
 */
export function useChat(options: {
  socket: Socket | null;
  visitId: string;
  /** Our account id (the message owner), from the joinVisit ack; null until joined. */
  self: string | null;
  /** True while we are in the visit's room. */
  joined: boolean;
  /** Changes on every (re-)join. */
  joinKey: number;
}) {
  const { socket, visitId, self, joined, joinKey } = options;
  const [stored, setStored] = useState<ReadonlyMap<string, Message>>(() => new Map());
  const pendingRef = useRef(new Map<string, Pending>());
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const acked = useRef(new Set<string>());
  const live = useRef({ socket, self, joined, visitId, alive: true });
  live.current = { ...live.current, socket, self, joined, visitId };

  useEffect(() => {
    live.current.alive = true;
    return () => {
      live.current.alive = false;
    };
  }, []);

  const upsert = useCallback((messages: readonly Message[]) => {
    setStored((old) => {
      const next = new Map(old);
      for (const m of messages) next.set(m.msgId, m);
      return next;
    });
  }, []);

  useSocketEvent<unknown>(socket, realtimeEvents.allMessages, (raw) => {
    const parsed = allMessagesSchema.safeParse(raw);
    if (parsed.success && parsed.data.visitId === visitId) upsert(parsed.data.messages);
  });
  useSocketEvent<unknown>(socket, realtimeEvents.message, (raw) => {
    const parsed = messageSchema.safeParse(raw);
    if (parsed.success && parsed.data.visitId === visitId) upsert([parsed.data]);
  });
  // The other side's receipt of one of ours: the updated message (received set).
  useSocketEvent<unknown>(socket, realtimeEvents.messageReceived, (raw) => {
    const parsed = messageSchema.safeParse(raw);
    if (parsed.success && parsed.data.visitId === visitId) upsert([parsed.data]);
  });

  const emitPending = useCallback(
    (p: Pending) => {
      const { socket: s, self: owner, joined: inRoom } = live.current;
      if (!s || !owner || !inRoom || !s.connected || p.inFlight) return;
      p.inFlight = true;
      p.attempts += 1;
      p.failed = false;
      p.error = null;
      const payload: OutgoingMessageInput = {
        visitId,
        type: 'chat',
        text: p.text,
        phone: null,
        owner,
        attachments: [],
        clientId: p.clientId,
      };
      s.timeout(ackTimeoutMs).emit(
        realtimeEvents.message,
        payload,
        (err: Error | null, raw: unknown) => {
          p.inFlight = false;
          if (!live.current.alive || !pendingRef.current.has(p.clientId)) return;
          if (err) {
            // No ack: not stored. Send again (same clientId) while we can; a re-join resends.
            const now = live.current;
            if (p.attempts < maxAutoAttempts && now.socket?.connected && now.joined) {
              emitPending(p);
            } else if (now.socket?.connected && now.joined) {
              p.failed = true;
            }
            rerender();
            return;
          }
          const ack = messageAckResultSchema.safeParse(raw);
          if (ack.success && ack.data.ok) {
            pendingRef.current.delete(p.clientId);
            upsert([ack.data.message]);
          } else {
            p.failed = true;
            p.error = ack.success && !ack.data.ok ? ack.data.error : null;
          }
          rerender();
        },
      );
      rerender();
    },
    [visitId, upsert],
  );

  // After each (re-)join: resend what is still waiting, and acknowledge receipts afresh.
  useEffect(() => {
    if (!joined) return;
    void joinKey;
    acked.current.clear();
    for (const p of pendingRef.current.values()) {
      if (!p.failed) emitPending(p);
    }
  }, [joined, joinKey, emitPending]);

  // Incoming messages not yet received: mark them received (spec: messageReceived).
  useEffect(() => {
    if (!socket || !self || !joined) return;
    for (const m of stored.values()) {
      if (m.owner === self || m.received !== null || acked.current.has(m.msgId)) continue;
      acked.current.add(m.msgId);
      const receipt: MessageReceived = { owner: m.owner, msgId: m.msgId, visitId: m.visitId };
      socket.emit(realtimeEvents.messageReceived, receipt);
    }
  }, [socket, self, joined, stored]);

  /** Sends a message; empty text is never sent. Returns false when it was not accepted. */
  const send = useCallback(
    (text: string): boolean => {
      const trimmed = text.trim();
      if (trimmed === '' || trimmed.length > chatMaxLength) return false;
      const p: Pending = {
        clientId: newClientId(),
        text: trimmed,
        at: new Date().toISOString(),
        attempts: 0,
        inFlight: false,
        failed: false,
        error: null,
      };
      pendingRef.current.set(p.clientId, p);
      emitPending(p);
      rerender();
      return true;
    },
    [emitPending],
  );

  /** Sends a failed message again, with its original clientId. */
  const retry = useCallback(
    (clientId: string) => {
      const p = pendingRef.current.get(clientId);
      if (!p) return;
      p.attempts = 0;
      p.failed = false;
      p.error = null;
      emitPending(p);
      rerender();
    },
    [emitPending],
  );

  const sortedStored = useMemo(() => [...stored.values()].sort(byTime), [stored]);
  const items: ChatItem[] = [
    ...sortedStored.map(
      (m): ChatItem => ({
        key: m.msgId,
        text: m.text,
        own: self !== null && m.owner === self,
        at: m.sent,
        status:
          self !== null && m.owner === self ? (m.received ? 'delivered' : 'sent') : 'incoming',
        error: null,
        clientId: null,
      }),
    ),
    ...[...pendingRef.current.values()].map(
      (p): ChatItem => ({
        key: p.clientId,
        text: p.text,
        own: true,
        at: p.at,
        status: p.failed ? 'failed' : 'sending',
        error: p.error,
        clientId: p.clientId,
      }),
    ),
  ].filter((item) => item.text.trim() !== '');

  return { items, send, retry };
}
