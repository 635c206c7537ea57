import {
  announcementDismissResponseSchema,
  announcementInputSchema,
  managedAnnouncementResponseSchema,
  managedAnnouncementsResponseSchema,
  pharmacyAnnouncementsResponseSchema,
} from '@apothecall/domain/announcements/announcements.api';
import { idParamsSchema } from '@apothecall/domain/common/common.api';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/actor';
import { sessionRoutes } from '../../platform/route-groups';
import type { AnnouncementsService } from './announcements.service';

/**
 * Announcements to pharmacies (spec section 7, "announcements"): the writers' list,
 * post and withdraw (rx administrator or platform admin; anyone else 403), and the pharmacy
 * staff's current announcements and dismiss (anyone else 403; an announcement not shown to the
 * caller 404).
 */
export function announcementsRoutes(deps: { announcements: AnnouncementsService }) {
  return sessionRoutes(async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['announcements'];
    const { announcements } = deps;

    r.get(
      '/rxadmin/announcements',
      {
        schema: {
          tags,
          summary: "The writer's announcements, newest first, with status and dismissals",
          response: { 200: managedAnnouncementsResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        ...(await announcements.managed(actorOf(request))),
      }),
    );

    r.post(
      '/rxadmin/announcements',
      {
        schema: {
          tags,
          summary: 'Post an announcement to the pharmacies (all, or those of chosen states)',
          body: announcementInputSchema,
          response: { 200: managedAnnouncementResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        announcement: await announcements.create(actorOf(request), request.body),
      }),
    );

    r.post(
      '/rxadmin/announcements/:id/withdraw',
      {
        schema: {
          tags,
          summary: 'Withdraw an announcement: no pharmacy sees it any more',
          params: idParamsSchema,
          response: { 200: managedAnnouncementResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        announcement: await announcements.withdraw(actorOf(request), request.params.id),
      }),
    );

    r.get(
      '/pharmacy/announcements',
      {
        schema: {
          tags,
          summary:
            'My current announcements (not withdrawn, not expired, not dismissed), newest first',
          response: { 200: pharmacyAnnouncementsResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        announcements: await announcements.current(actorOf(request)),
      }),
    );

    r.post(
      '/pharmacy/announcements/:id/dismiss',
      {
        schema: {
          tags,
          summary: 'Hide an announcement for me (others still see it)',
          params: idParamsSchema,
          response: { 200: announcementDismissResponseSchema },
        },
      },
      async (request) => {
        await announcements.dismiss(actorOf(request), request.params.id);
        return { error: false as const };
      },
    );
  });
}
