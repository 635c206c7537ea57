import type { DocumentSource } from '../../platform/document-sources';
import type { AreaModule, ModuleContext } from '../../platform/module';
import type { AccountsPort } from '../accounts/accounts.port';
import type { FilesPort } from '../files/files.port';
import { createDocumentsRepo } from './documents.repo';
import { documentsRoutes } from './documents.routes';
import { createDocumentsService } from './documents.service';

/**
 * A patient's documents (issue 19): the family's uploads and, through the other areas' document
 * sources, every paper the product wrote for them, listed by month and opened by token.
 */
export function documentsModule(
  ctx: ModuleContext,
  ports: {
    accounts: AccountsPort;
    files: FilesPort;
    /** Visit notes, Covid certificates, prescriptions, consents, receipts. */
    sources: readonly DocumentSource[];
  },
): AreaModule {
  const documents = createDocumentsService({
    repo: createDocumentsRepo(ctx.db),
    accounts: ports.accounts,
    files: ports.files,
    sources: ports.sources,
    audit: ctx.platform.audit,
    ...ctx.platform.clock,
  });
  return {
    name: 'documents',
    routes: documentsRoutes({ documents, maxBytes: ctx.config.files.maxBytes }),
  };
}
