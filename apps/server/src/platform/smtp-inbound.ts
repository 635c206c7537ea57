import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import type { AddressObject, ParsedMail } from 'mailparser';
import {
  SMTPServer,
  type SMTPServerDataStream,
  type SMTPServerError,
  type SMTPServerSession,
} from 'smtp-server';

/**
 * The product's own inbound SMTP endpoint (mail to the pharmacies' addresses). It is
 * MX-style: no AUTH, any sender, but a recipient is accepted only when `checkRecipient` says it
 * is one of ours (550 otherwise, "relaying denied" for another domain), so it never relays. A
 * message over `maxBytes` is refused with 552; one that cannot be stored answers 451 so the
 * sender's server tries again later. Nothing here logs an address, a subject or a body (PHI).
 *
 * The parsed message is handed to `deliver` (the inbox area stores it); platform code knows
 * nothing about pharmacies.
 */
export interface InboundAttachment {
  fileName: string;
  /** What the sender claimed; the files area decides the type from the bytes. */
  contentType: string;
  bytes: Buffer;
}

export interface InboundMail {
  /** The envelope's accepted recipients, as given in RCPT TO. */
  recipients: string[];
  from: { address: string; name: string | null } | null;
  /** The Reply-To address, when the message has one. */
  replyTo: string | null;
  /** The To and Cc header addresses. */
  to: string[];
  subject: string;
  /** Plain text (an HTML-only message converted by the parser); not yet cleaned. */
  text: string;
  messageId: string | null;
  inReplyTo: string | null;
  references: string[];
  /** The message's Date header, when it has a readable one. */
  date: Date | null;
  /** Bytes received. */
  size: number;
  attachments: InboundAttachment[];
  /** Where it came from (the audit trail): the client's IP and the SMTP session id. */
  origin: { ip: string; requestId: string };
}

/** What a recipient is: one of ours, an unknown mailbox of our domain, or another domain. */
export type RecipientCheck = 'accept' | 'unknown' | 'relay';

export interface SmtpInbound {
  /** Starts listening (resolves once bound). */
  start(): Promise<void>;
  /** Stops accepting and closes open connections. */
  close(): Promise<void>;
  /** The bound port (0 before start). */
  port(): number;
}

export interface SmtpInboundLog {
  info(detail: object, message: string): void;
  warn(detail: object, message: string): void;
}

export function createSmtpInbound(deps: {
  port: number;
  host: string;
  /**
   * When `port` is taken, listen on any free port instead (the embedded demo's
   * endpoint): `port()` says which. Otherwise a taken port fails `start()`.
   */
  anyPortIfTaken?: boolean;
  /** Our domain: the greeting's name. */
  domain: string;
  maxBytes: number;
  /** PEM files for STARTTLS; without them STARTTLS is not offered. */
  tls?: { keyFile: string; certFile: string } | undefined;
  maxRecipients?: number;
  checkRecipient(address: string): Promise<RecipientCheck>;
  deliver(mail: InboundMail): Promise<void>;
  log: SmtpInboundLog;
}): SmtpInbound {
  const maxRecipients = deps.maxRecipients ?? 20;
  let server: SMTPServer | undefined;
  let boundPort = 0;

  const smtpError = (code: number, message: string): SMTPServerError =>
    Object.assign(new Error(message), { responseCode: code });

  async function onData(stream: SMTPServerDataStream, session: SMTPServerSession) {
    const chunks: Buffer[] = [];
    let kept = 0;
    for await (const chunk of stream) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
      kept += buffer.length;
      // Past the limit the rest is read and dropped (the client is told at the end).
      if (kept <= deps.maxBytes) chunks.push(buffer);
    }
    if (stream.sizeExceeded || kept > deps.maxBytes) {
      throw smtpError(552, '5.3.4 Message too big');
    }
    const raw = Buffer.concat(chunks);
    // Loaded with the first message, not at start: most starts receive none (docs/performance.md).
    const { simpleParser } = await import('mailparser');
    let parsed: ParsedMail;
    try {
      parsed = await simpleParser(raw, {
        skipTextToHtml: true,
        skipImageLinks: true,
        keepCidLinks: true,
        maxHtmlLengthToParse: 2 * 1024 * 1024,
      });
    } catch {
      throw smtpError(554, '5.6.0 The message could not be read');
    }
    const mail = toInboundMail(parsed, session, raw.length);
    try {
      await deps.deliver(mail);
    } catch (error) {
      deps.log.warn(
        {
          error: error instanceof Error ? error.name : 'unknown',
          code: (error as { code?: unknown } | null)?.code,
          session: session.id,
        },
        'inbound mail not stored',
      );
      throw smtpError(451, '4.3.0 Temporary failure, try again later');
    }
  }

  return {
    async start() {
      const tls = deps.tls
        ? { key: await readFile(deps.tls.keyFile), cert: await readFile(deps.tls.certFile) }
        : undefined;
      server = new SMTPServer({
        name: deps.domain,
        banner: 'inbound mail',
        size: deps.maxBytes,
        authOptional: true,
        disabledCommands: tls ? ['AUTH'] : ['AUTH', 'STARTTLS'],
        ...(tls ? tls : {}),
        disableReverseLookup: true,
        logger: false,
        // Each message is held whole in memory while parsed (up to maxBytes, and its decoded
        // attachments): a bound on how many arrive at once bounds the memory.
        maxClients: 20,
        socketTimeout: 60_000,
        // On shutdown an unfinished transfer is cut after 3 s: without its 250 the sender's
        // server sends it again later (and a copy already stored is not stored twice).
        closeTimeout: 3_000,
        onMailFrom(_address, _session, callback) {
          callback();
        },
        onRcptTo(address, session, callback) {
          if (session.envelope.rcptTo.length >= maxRecipients) {
            callback(smtpError(452, '4.5.3 Too many recipients'));
            return;
          }
          deps.checkRecipient(address.address).then(
            (verdict) => {
              if (verdict === 'accept') callback();
              else if (verdict === 'relay') callback(smtpError(550, '5.7.1 Relaying denied'));
              else callback(smtpError(550, '5.1.1 No such mailbox here'));
            },
            () => callback(smtpError(451, '4.3.0 Temporary failure, try again later')),
          );
        },
        onData(stream, session, callback) {
          onData(stream, session).then(
            () => callback(),
            (error: unknown) => {
              // Whatever is left of the stream is drained so the connection stays usable.
              stream.resume();
              callback(error instanceof Error ? error : smtpError(451, '4.3.0 Try again later'));
            },
          );
        },
      });
      let started = false;
      server.on('error', (error) => {
        // A failure to listen is start()'s to report.
        if (!started) return;
        deps.log.warn(
          { error: error.name, code: (error as { code?: unknown }).code },
          'smtp error',
        );
      });
      const listening = server;
      const listen = (port: number) =>
        new Promise<void>((resolve, reject) => {
          const net = listening.listen(port, deps.host, () => {
            net.off('error', reject);
            boundPort = (net.address() as AddressInfo | null)?.port ?? 0;
            resolve();
          });
          net.once('error', reject);
        });
      try {
        await listen(deps.port).catch((error: unknown) => {
          const taken = (error as { code?: unknown } | null)?.code === 'EADDRINUSE';
          if (!(taken && deps.anyPortIfTaken)) throw error;
          // A server whose listen failed may listen again.
          return listen(0);
        });
      } catch (error) {
        server = undefined;
        throw error;
      }
      started = true;
      deps.log.info({ port: boundPort }, 'inbound SMTP listening');
    },
    async close() {
      const closing = server;
      server = undefined;
      if (!closing) return;
      await new Promise<void>((resolve) => closing.close(() => resolve()));
    },
    port: () => boundPort,
  };
}

function addressesOf(value: AddressObject | AddressObject[] | undefined): string[] {
  const objects = Array.isArray(value) ? value : value ? [value] : [];
  const flat = objects.flatMap((o) => o.value.flatMap((a) => (a.group ? a.group : [a])));
  return flat.map((a) => a.address ?? '').filter((a) => a.includes('@'));
}

function toInboundMail(parsed: ParsedMail, session: SMTPServerSession, size: number): InboundMail {
  const fromEntry = parsed.from?.value.find((a) => a.address?.includes('@'));
  const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
  const from = fromEntry?.address
    ? { address: fromEntry.address, name: fromEntry.name || null }
    : envelopeFrom
      ? { address: envelopeFrom, name: null }
      : null;
  const references = parsed.references
    ? Array.isArray(parsed.references)
      ? parsed.references
      : parsed.references.split(/\s+/).filter(Boolean)
    : [];
  const date = parsed.date && !Number.isNaN(parsed.date.getTime()) ? parsed.date : null;
  return {
    recipients: session.envelope.rcptTo.map((r) => r.address),
    from,
    replyTo: addressesOf(parsed.replyTo)[0] ?? null,
    to: [...addressesOf(parsed.to), ...addressesOf(parsed.cc)],
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    messageId: parsed.messageId ?? null,
    inReplyTo: parsed.inReplyTo ?? null,
    references,
    date,
    size,
    attachments: parsed.attachments.map((a) => ({
      fileName: a.filename ?? 'attachment',
      contentType: a.contentType,
      bytes: a.content,
    })),
    origin: { ip: session.remoteAddress, requestId: `smtp-${session.id}` },
  };
}
