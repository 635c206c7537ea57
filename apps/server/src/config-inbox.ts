import path from 'node:path';
import { defaultInboundMailDomain } from '@apothecall/domain/inbox/inbox.rules';
import { z } from 'zod';

/** The pharmacies' inbound e-mail's settings: part of the environment config.ts reads. */
export const inboxEnvShape = {
  /**
   * The pharmacies' inbound e-mail: the product's own SMTP endpoint's port (25 behind
   * an MX record), or `off`. Unset, it is off, except on the embedded demo (no DATABASE_URL,
   * DEMO_SEED on), where it listens on loopback so a newcomer can try it:
   * see `inboxConfig` below.
   */
  INBOUND_SMTP_PORT: z
    .string()
    .transform((v, ctx) => {
      if (v === 'off') return 'off' as const;
      const port = /^\d+$/.test(v) ? Number(v) : Number.NaN;
      if (port >= 1 && port <= 65535) return port;
      ctx.addIssue({ code: 'custom', message: 'must be a port number from 1 to 65535, or off' });
      return z.NEVER;
    })
    .optional(),
  /** The interface it listens on; default HOST (127.0.0.1 for the embedded demo's). */
  INBOUND_SMTP_HOST: z.string().min(1).optional(),
  /** The domain of the pharmacies' addresses (`<organisation id>@<domain>`). */
  INBOUND_MAIL_DOMAIN: z
    .string()
    .regex(
      /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/,
      'must be a domain name such as inbox.example.com',
    )
    .transform((v) => v.toLowerCase())
    .default(defaultInboundMailDomain),
  /** The largest message accepted, in bytes (as sent, attachments encoded): default 25 MiB. */
  INBOUND_MAIL_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(200 * 1024 * 1024)
    .default(25 * 1024 * 1024),
  /** PEM key and certificate files for STARTTLS on the inbound endpoint (both or neither). */
  INBOUND_SMTP_TLS_KEY_FILE: z.string().min(1).optional(),
  INBOUND_SMTP_TLS_CERT_FILE: z.string().min(1).optional(),
};

type InboxEnv = z.output<z.ZodObject<typeof inboxEnvShape>> & {
  readonly HOST: string;
  readonly DATABASE_URL?: string | undefined;
  readonly DEMO_SEED: boolean;
};

/** The embedded demo's inbound SMTP port (when free; the usual port for a local SMTP try). */
export const tryOutInboundSmtpPort = 2525;

export interface InboxConfig {
  readonly smtpPort: number | undefined;
  readonly smtpHost: string;
  /**
   * The embedded demo's own endpoint (INBOUND_SMTP_PORT unset, no DATABASE_URL, DEMO_SEED on):
   * on loopback port 2525, or any free port when 2525 is taken, and a start that cannot listen
   * at all goes on without it.
   */
  readonly smtpTryOut: boolean;
  readonly domain: string;
  readonly maxBytes: number;
  readonly tls: { readonly keyFile: string; readonly certFile: string } | undefined;
}

/** The line naming what is wrong across the inbox's variables, or undefined. */
export function inboxEnvProblem(e: InboxEnv): string | undefined {
  if (Boolean(e.INBOUND_SMTP_TLS_KEY_FILE) !== Boolean(e.INBOUND_SMTP_TLS_CERT_FILE)) {
    return 'Invalid environment variable INBOUND_SMTP_TLS_KEY_FILE: set it together with INBOUND_SMTP_TLS_CERT_FILE';
  }
  return undefined;
}

export function inboxConfig(e: InboxEnv): InboxConfig {
  const smtpTryOut = e.INBOUND_SMTP_PORT === undefined && !e.DATABASE_URL && e.DEMO_SEED;
  return {
    smtpPort:
      e.INBOUND_SMTP_PORT === 'off'
        ? undefined
        : (e.INBOUND_SMTP_PORT ?? (smtpTryOut ? tryOutInboundSmtpPort : undefined)),
    smtpHost: e.INBOUND_SMTP_HOST ?? (smtpTryOut ? '127.0.0.1' : e.HOST),
    smtpTryOut,
    domain: e.INBOUND_MAIL_DOMAIN,
    maxBytes: e.INBOUND_MAIL_MAX_BYTES,
    tls:
      e.INBOUND_SMTP_TLS_KEY_FILE && e.INBOUND_SMTP_TLS_CERT_FILE
        ? {
            keyFile: path.resolve(e.INBOUND_SMTP_TLS_KEY_FILE),
            certFile: path.resolve(e.INBOUND_SMTP_TLS_CERT_FILE),
          }
        : undefined,
  };
}
