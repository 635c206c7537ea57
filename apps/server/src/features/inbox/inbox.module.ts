import type { AreaModule, ModuleContext } from '../../platform/module';
import { createSmtpInbound, type SmtpInbound } from '../../platform/smtp-inbound';
import type { AccountsPort } from '../accounts/accounts.port';
import type { BrandsPort } from '../brands/brands.port';
import type { FilesPort } from '../files/files.port';
import type { PharmacyPort } from '../pharmacy/pharmacy.port';
import { createInboxRepo } from './inbox.repo';
import { inboxRoutes } from './inbox.routes';
import { createInboxService } from './inbox.service';
import { createInboxReceiveService } from './inbox-receive.service';

/**
 * The pharmacy e-mail inbox: the SMTP endpoint for the pharmacies' addresses
 * (INBOUND_SMTP_PORT; off without it, except on the embedded demo), received mail stored per
 * pharmacy in threads, and the staff's threads, attachments and replies (sent through the
 * platform's mail channel).
 */
export function inboxModule(
  ctx: ModuleContext,
  ports: { accounts: AccountsPort; brands: BrandsPort; files: FilesPort; pharmacy: PharmacyPort },
): AreaModule & {
  /** The port the SMTP endpoint listens on; undefined while it does not (off, or not started). */
  smtpPort(): number | undefined;
} {
  const { platform, config } = ctx;
  const repo = createInboxRepo(ctx.db);
  const domain = config.inbox.domain;
  const receiver = createInboxReceiveService({
    repo,
    pharmacy: ports.pharmacy,
    accounts: ports.accounts,
    brands: ports.brands,
    files: ports.files,
    audit: platform.audit,
    domain,
    log: platform.log,
    ...platform.clock,
  });
  const inbox = createInboxService({
    repo,
    pharmacy: ports.pharmacy,
    files: ports.files,
    mailer: platform.mailer,
    audit: platform.audit,
    domain,
    ...platform.clock,
  });
  const port = config.inbox.smtpPort;
  const tryOut = config.inbox.smtpTryOut;
  let listening = false;
  const smtp: SmtpInbound | undefined =
    port === undefined
      ? undefined
      : createSmtpInbound({
          port,
          host: config.inbox.smtpHost,
          anyPortIfTaken: tryOut,
          domain,
          maxBytes: config.inbox.maxBytes,
          tls: config.inbox.tls,
          checkRecipient: receiver.checkRecipient,
          deliver: receiver.receive,
          log: platform.log,
        });
  return {
    name: 'inbox',
    routes: inboxRoutes({ inbox }),
    start: async () => {
      if (!smtp) return;
      try {
        await smtp.start();
        listening = true;
      } catch (error) {
        // The embedded demo's endpoint is a convenience: the server starts without it.
        if (!tryOut) throw error;
        platform.log.warn(
          { code: (error as { code?: unknown } | null)?.code, host: config.inbox.smtpHost },
          'inbound SMTP not started: the demo runs without receiving mail',
        );
      }
    },
    close: async () => {
      listening = false;
      await smtp?.close();
    },
    smtpPort: () => (listening && smtp ? smtp.port() : undefined),
  };
}
