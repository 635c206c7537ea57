import type { AreaModule, ModuleContext } from '../../platform/module';
import type { AccountsPort } from '../accounts/accounts.port';
import type { NotesPort } from './notes.port';
import { createNotesRepo } from './notes.repo';
import { notesRoutes } from './notes.routes';
import { createNotesService } from './notes.service';

/** Notes on a person's record: list, page, read, PDF; written when a visit ends. */
export function notesModule(
  ctx: ModuleContext,
  ports: { accounts: AccountsPort },
): AreaModule & { port: NotesPort } {
  const repo = createNotesRepo(ctx.db);
  const notes = createNotesService({ repo, accounts: ports.accounts, audit: ctx.platform.audit });
  return {
    name: 'notes',
    port: { writeVisitNote: (tx, note) => repo.insertVisitNote(tx, note) },
    routes: notesRoutes({ notes, ...ctx.platform.clock }),
  };
}
