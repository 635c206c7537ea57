import { idParamsSchema } from '@apothecall/domain/common/common.api';
import {
  noteResponseSchema,
  notesPageRequestSchema,
  notesPageResponseSchema,
  notesRequestSchema,
  notesResponseSchema,
} from '@apothecall/domain/notes/notes.api';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf as actor } from '../../platform/actor';
import { privateFileRoute, sendPrivatePdf } from '../../platform/private-file';
import { sessionRoutes } from '../../platform/route-groups';
import { renderNotePdf } from './note-pdf';
import type { NotesService } from './notes.service';

export function notesRoutes(deps: { notes: NotesService; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  return sessionRoutes(async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['notes'];

    r.post(
      '/notes',
      {
        schema: {
          tags,
          summary:
            'All notes of one person of the account, newest first (date and time in X-Time-Zone)',
          body: notesRequestSchema,
          response: { 200: notesResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        notes: await deps.notes.list(actor(request), request.body.uid),
      }),
    );

    r.post(
      '/full-notes',
      {
        schema: {
          tags,
          summary:
            'One page of notes between two days (inclusive), newest first; nextEndDate asks for the next page',
          body: notesPageRequestSchema,
          response: { 200: notesPageResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        ...(await deps.notes.page(actor(request), request.body)),
      }),
    );

    r.get(
      '/notes/:id',
      {
        schema: {
          tags,
          summary: 'One note with the provider credential block',
          params: idParamsSchema,
          response: { 200: noteResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        note: await deps.notes.read(actor(request), request.params.id),
      }),
    );

    r.get(
      '/notes/:id/pdf',
      {
        ...privateFileRoute,
        schema: { tags, summary: 'One note as a letter-size PDF', params: idParamsSchema },
      },
      async (request, reply) => {
        const who = actor(request);
        const printable = await deps.notes.printable(who, request.params.id);
        const pdf = await renderNotePdf({
          brandName: (await who.brand()).name,
          printable,
          lang: request.lang,
          timeZone: request.timeZone,
          printedAt: now(),
        });
        return sendPrivatePdf(reply, pdf, `note-${printable.note.date}.pdf`);
      },
    );
  });
}
