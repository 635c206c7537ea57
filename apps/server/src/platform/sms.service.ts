import type { OutboxRepo } from './outbox.repo';
import { toE164 } from './phone-numbers';

/**
 * SMS behind one small interface. The default provider is the outbox (nothing leaves the
 * machine); the Twilio adapter speaks Twilio's REST API (`POST /2010-04-01/Accounts/{sid}/
 * Messages.json`, form-encoded, HTTP Basic auth) and is tested against a loopback double.
 */
export interface SmsProvider {
  readonly name: string;
  /** Sends and returns the provider's message id; throws on refusal. */
  send(message: { to: string; from: string; body: string }): Promise<string | undefined>;
}

export function twilioProvider(opts: {
  accountSid: string;
  authToken: string;
  apiBase: string;
}): SmsProvider {
  return {
    name: 'twilio',
    async send({ to, from, body }) {
      const url = `${opts.apiBase}/2010-04-01/Accounts/${encodeURIComponent(opts.accountSid)}/Messages.json`;
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${opts.accountSid}:${opts.authToken}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ To: to, From: from, Body: body }).toString(),
        signal: AbortSignal.timeout(10_000),
      });
      const payload = (await response.json().catch(() => ({}))) as {
        sid?: string;
        message?: string;
        code?: number;
      };
      if (!response.ok) {
        throw new Error(
          `twilio ${response.status}${payload.code ? ` code ${payload.code}` : ''}: ${payload.message ?? 'error'}`,
        );
      }
      return payload.sid;
    },
  };
}

export interface SmsSender {
  /**
   * Records the text in the outbox and sends it, to the number in E.164 (both the outbox row and
   * the provider get that form); a failure is queued for retry, never thrown. A number with no
   * E.164 form (not a phone number) is not sent: its row is recorded `failed`, and not retried.
   */
  send(to: string, body: string): Promise<void>;
  /** Sends through the provider only (the retry job's send): the provider's id, or throws. */
  deliver(message: { to: string; body: string }): Promise<string | undefined>;
}

/** The outbox error of a number that is not one: says why, never the number. */
export const notAPhoneNumberError = 'not a valid phone number (no E.164 form): not sent';

/**
 * The one place numbers become E.164 before leaving (Twilio refuses anything else, error 21211):
 * however a number was typed or stored (`305-555-0142`, `(305) 555-0142`), it is read by
 * `toE164` (US unless it starts with + and a country code).
 */
export function createSmsSender(deps: {
  provider: SmsProvider | undefined;
  from: string;
  outbox: OutboxRepo;
  onError?: (error: unknown) => void;
  /** Queues a re-send of a failed message (the outbox-delivery job). */
  retry?: (outboxId: number) => Promise<void>;
}): SmsSender {
  async function deliver(message: { to: string; body: string }) {
    if (!deps.provider) throw new Error('no SMS provider configured');
    // Rows the sender wrote are in E.164 already; older ones may hold the number as typed.
    const to = toE164(message.to);
    if (!to) throw new Error(notAPhoneNumberError);
    return deps.provider.send({ to, from: deps.from, body: message.body });
  }
  return {
    deliver,
    async send(typed, body) {
      const to = toE164(typed);
      if (!to) {
        // Recorded so an operator sees what was not sent; nothing to send later, so no body.
        const id = await deps.outbox.insert({
          channel: 'sms',
          to: typed.trim(),
          body,
          status: 'failed',
        });
        await deps.outbox.setStatus(id, 'failed', { error: notAPhoneNumberError });
        await deps.outbox.purgeBody(id);
        deps.onError?.(new Error(notAPhoneNumberError));
        return;
      }
      const id = await deps.outbox.insert({
        channel: 'sms',
        to,
        body,
        status: deps.provider ? 'sending' : 'outbox',
      });
      if (!deps.provider) return;
      try {
        const providerId = await deliver({ to, body });
        await deps.outbox.setStatus(id, 'sent', providerId ? { providerId } : {});
      } catch (error) {
        await deps.outbox.setStatus(id, 'failed', {
          error: error instanceof Error ? error.message.slice(0, 500) : 'send failed',
        });
        deps.onError?.(error);
        await deps.retry?.(id).catch((e: unknown) => deps.onError?.(e));
      }
    },
  };
}
