import type { DocumentSource } from '../../platform/document-sources';
import type { AreaModule, ModuleContext } from '../../platform/module';
import type { AccountsPort } from '../accounts/accounts.port';
import { renderNotePdf } from './note-pdf';
import type { NotesPort } from './notes.port';
import { createNotesRepo, type NoteSummaryRecord, notePapers } from './notes.repo';
import { notesRoutes } from './notes.routes';
import { createNotesService, noteSubject } from './notes.service';

/** Notes on a person's record: list, page, read, PDF; written when a visit ends. */
export function notesModule(
  ctx: ModuleContext,
  ports: { accounts: AccountsPort },
): AreaModule & { port: NotesPort } {
  const repo = createNotesRepo(ctx.db);
  const notes = createNotesService({ repo, accounts: ports.accounts, audit: ctx.platform.audit });
  const now = ctx.platform.now;
  const documents: DocumentSource = {
    source: 'visitNote',
    papers: notePapers(ctx.db),
    describe(rows, lang) {
      return rows.map((row) => {
        const data = row.data as {
          subject: string;
          topic: NoteSummaryRecord['topic'];
          providerName: string;
        };
        return {
          id: row.id,
          personId: row.personId,
          at: row.at,
          ftype: 'application/pdf',
          fdesc: noteSubject(data, lang),
          author: data.providerName,
        };
      });
    },
    async open(actor, id) {
      const printable = await notes.printable(actor, id);
      const bytes = await renderNotePdf({
        brandName: (await actor.brand()).name,
        printable,
        lang: actor.lang,
        timeZone: actor.timeZone,
        printedAt: now(),
      });
      return { bytes, name: `note-${printable.note.date}.pdf`, contentType: 'application/pdf' };
    },
  };
  return {
    name: 'notes',
    port: { writeVisitNote: (tx, note) => repo.insertVisitNote(tx, note), documents },
    routes: notesRoutes({ notes, ...ctx.platform.clock }),
  };
}
