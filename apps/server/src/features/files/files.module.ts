import type { Db } from '../../db/client';
import type { AuditService } from '../../platform/audit.service';
import type { FileStore } from '../../platform/files/file-store';
import { createFileStore } from '../../platform/files/file-store-factory';
import type { FilesConfig } from '../../platform/files/files.config';
import type { AreaModule } from '../../platform/module';
import type { RateLimiter } from '../../platform/rate-limit';
import type { FilesPort } from './files.port';
import { createFilesRepo } from './files.repo';
import { filesRoutes } from './files.routes';
import { createFilesService } from './files.service';

/**
 * The part of the ModuleContext files needs (the whole ModuleContext satisfies it once
 * config.ts carries `files`); tests build just this.
 */
export interface FilesModuleContext {
  db: Db;
  config: { readonly dataDir: string; readonly files: FilesConfig };
  platform: {
    audit: AuditService;
    limiter: RateLimiter;
    warn: (what: string) => (error: unknown) => void;
    clock: { now?: () => Date };
  };
}

/**
 * Uploaded files: POST /files, GET /files/:id, DELETE /files/:id under /api, and the port the
 * areas that attach files use. The store is the configured one (DATA_DIR/files or S3) unless
 * a test hands another.
 */
export function filesModule(
  ctx: FilesModuleContext,
  options: { store?: FileStore; overLimitPauseMs?: number } = {},
): AreaModule & { port: FilesPort } {
  const { files } = ctx.config;
  const store = options.store ?? createFileStore(files, ctx.config.dataDir);
  const service = createFilesService({
    repo: createFilesRepo(ctx.db),
    store,
    audit: ctx.platform.audit,
    limiter: ctx.platform.limiter,
    ...(options.overLimitPauseMs !== undefined && { overLimitPauseMs: options.overLimitPauseMs }),
    maxBytes: files.maxBytes,
    ...ctx.platform.clock,
    onError: (what, error) => ctx.platform.warn(what)(error),
  });
  return {
    name: 'files',
    port: service,
    routes: filesRoutes({ files: service, maxBytes: files.maxBytes }),
    close: () => store.close(),
  };
}
