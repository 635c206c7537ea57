import type { DocumentSource } from '../../platform/document-sources';
import type { AreaModule, ModuleContext } from '../../platform/module';
import type { AccountsPort } from '../accounts/accounts.port';
import type { FilesPort } from '../files/files.port';
import type { PaymentsPort } from '../payments/payments.port';
import { createDocumentsRepo } from './documents.repo';
import { documentsRoutes } from './documents.routes';
import { createDocumentsService } from './documents.service';
import { recordArchiveRoutes } from './record-archive.routes';
import { createRecordArchiveService } from './record-archive.service';

/**
 * A patient's documents: the family's uploads and, through the other areas' document
 * sources, every paper the product wrote for them, listed by month and opened by token; and the
 * whole record as one archive (record-archive.service.ts).
 */
export function documentsModule(
  ctx: ModuleContext,
  ports: {
    accounts: AccountsPort;
    files: FilesPort;
    /** The account's payments (its record archive's payments.csv). */
    payments: Pick<PaymentsPort, 'transactionsOf'>;
    /** Visit notes, Covid certificates, prescriptions, consents, receipts. */
    sources: readonly DocumentSource[];
  },
): AreaModule {
  const repo = createDocumentsRepo(ctx.db, ports.sources);
  const documents = createDocumentsService({
    repo,
    accounts: ports.accounts,
    files: ports.files,
    sources: ports.sources,
    audit: ctx.platform.audit,
    ...ctx.platform.clock,
  });
  const archive = createRecordArchiveService({
    repo,
    accounts: ports.accounts,
    files: ports.files,
    sources: ports.sources,
    payments: ports.payments,
    audit: ctx.platform.audit,
    limiter: ctx.platform.limiter,
    onUnreadable: (source, error) =>
      ctx.platform.warn(`record archive: a ${source} could not be read`)(error),
    ...ctx.platform.clock,
  });
  const routes = documentsRoutes({ documents, maxBytes: ctx.config.files.maxBytes });
  return {
    name: 'documents',
    routes: async (app) => {
      await app.register(routes);
      await app.register(recordArchiveRoutes({ archive }));
    },
  };
}
