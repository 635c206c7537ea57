import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/actor';
import { privateFileRoute, sendPrivateFile } from '../../platform/private-file';
import { sessionRoutes } from '../../platform/route-groups';
import type { RecordArchiveService } from './record-archive.service';

/**
 * POST /account/record-archive (the HIPAA right of access): the signed-in patient's whole record
 * as one ZIP, through the one download reply (no-store, attachment). Whose record it is comes
 * from the session only: the request has no body and nothing in its URL.
 */
export function recordArchiveRoutes(deps: { archive: RecordArchiveService }) {
  return sessionRoutes(async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.post(
      '/account/record-archive',
      {
        ...privateFileRoute,
        schema: {
          tags: ['documents'],
          summary:
            "The patient's record as one ZIP: every person of the account's notes, prescriptions, documents and certificates, payments.csv, README.txt and summary.json (patients only; 5 an hour)",
        },
      },
      async (request, reply) => {
        const archive = await deps.archive.build(actorOf(request));
        return sendPrivateFile(reply, {
          body: archive.body,
          size: archive.size,
          contentType: 'application/zip',
          filename: archive.fileName,
        });
      },
    );
  });
}
