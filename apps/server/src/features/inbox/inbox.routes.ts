import { idParamsSchema } from '@apothecall/domain/common/common.api';
import {
  inboxReplyRequestSchema,
  inboxReplyResponseSchema,
  inboxThreadResponseSchema,
  inboxThreadsQuerySchema,
  inboxThreadsResponseSchema,
} from '@apothecall/domain/inbox/inbox.api';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/actor';
import { privateFileRoute, sendPrivateFile } from '../../platform/private-file';
import { sessionRoutes } from '../../platform/route-groups';
import type { InboxService } from './inbox.service';

/**
 * The pharmacy e-mail inbox: the caller's pharmacy's threads newest first, a
 * thread's e-mails, an attachment's bytes (a download, never shown inline) and a reply.
 */
export function inboxRoutes(deps: { inbox: InboxService }) {
  return sessionRoutes(async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['pharmacy inbox'];
    const { inbox } = deps;

    r.get(
      '/pharmacy/inbox',
      {
        schema: {
          tags,
          summary: "My pharmacy's inbound address and its e-mail threads, newest first",
          querystring: inboxThreadsQuerySchema,
          response: { 200: inboxThreadsResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        ...(await inbox.threads(actorOf(request), request.query)),
      }),
    );

    r.get(
      '/pharmacy/inbox/threads/:id',
      {
        schema: {
          tags,
          summary: "One thread's e-mails, oldest first (text only)",
          params: idParamsSchema,
          response: { 200: inboxThreadResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        thread: await inbox.thread(actorOf(request), request.params.id),
      }),
    );

    r.post(
      '/pharmacy/inbox/threads/:id/reply',
      {
        schema: {
          tags,
          summary: "Reply to the thread's sender (plain text, sent with In-Reply-To/References)",
          params: idParamsSchema,
          body: inboxReplyRequestSchema,
          response: { 200: inboxReplyResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        email: await inbox.reply(actorOf(request), request.params.id, request.body),
      }),
    );

    r.get(
      '/pharmacy/inbox/attachments/:id',
      {
        ...privateFileRoute,
        schema: {
          tags,
          summary: "An e-mail attachment's bytes (Content-Disposition: attachment)",
          params: idParamsSchema,
        },
      },
      async (request, reply) => {
        const { file, body } = await inbox.attachment(actorOf(request), request.params.id);
        return sendPrivateFile(reply, {
          body,
          size: file.size,
          contentType: file.contentType,
          filename: file.name,
        });
      },
    );
  });
}
