import {
  appointmentCreatedResponseSchema,
  appointmentOffersResponseSchema,
  appointmentStartBodySchema,
  appointmentStartResponseSchema,
  appointmentsQuerySchema,
  availabilityBlockInputSchema,
  availabilityBlockResponseSchema,
  availabilityResponseSchema,
  scheduledAppointmentsResponseSchema,
} from '@apothecall/domain/appointments/appointments.api';
import { bookAppointmentRequestSchema } from '@apothecall/domain/appointments/appointments.schemas';
import { idParamsSchema } from '@apothecall/domain/common/common.api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/actor';
import { sessionRoutes } from '../../platform/route-groups';
import type { AppointmentsService } from './appointments.service';

/**
 * The appointment calls of spec section 7 (/appointmentsGET, /appointments,
 * /appointments-scheduled, DELETE /appointments-scheduled/{id}, /appointments-start/{id}) and the
 * provider's availability (/clinic/availability) and appointments (/clinic/appointments).
 */
export function appointmentsRoutes(deps: {
  appointments: AppointmentsService;
  windowMinutes: number;
}) {
  return sessionRoutes(async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['appointments'];
    const { appointments, windowMinutes } = deps;

    providerRoutes(app, deps);

    r.get(
      '/appointmentsGET',
      {
        schema: {
          tags,
          summary: "Free slots of a day (the patient's time zone), for a state and a family member",
          querystring: appointmentsQuerySchema,
          response: { 200: appointmentOffersResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        offers: await appointments.offers(actorOf(request), request.query),
        windowMinutes,
      }),
    );

    r.post(
      '/appointments',
      {
        schema: {
          tags,
          summary: 'Book a slot (of two at once, exactly one wins)',
          body: bookAppointmentRequestSchema,
          response: { 200: appointmentCreatedResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        appointment: await appointments.book(actorOf(request), request.body),
        windowMinutes,
      }),
    );

    r.get(
      '/appointments-scheduled',
      {
        schema: {
          tags,
          summary: 'My appointments, shown until 10 minutes after their start',
          response: { 200: scheduledAppointmentsResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        appointments: await appointments.scheduled(actorOf(request)),
        windowMinutes,
      }),
    );

    r.delete(
      '/appointments-scheduled/:id',
      {
        schema: {
          tags,
          summary: 'Delete my appointment',
          params: idParamsSchema,
          response: { 200: scheduledAppointmentsResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        appointments: await appointments.remove(actorOf(request), request.params.id),
        windowMinutes,
      }),
    );

    r.post(
      '/appointments-start/:id',
      {
        schema: {
          tags,
          summary: 'Pay and start inside the window: the video visit with the provider',
          params: idParamsSchema,
          body: appointmentStartBodySchema,
          response: { 200: appointmentStartResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        visit: await appointments.start(actorOf(request), request.params.id, request.body),
      }),
    );
  });
}

/** The provider's availability and appointments (declared in the plugin, under its session). */
function providerRoutes(
  app: FastifyInstance,
  deps: { appointments: AppointmentsService; windowMinutes: number },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { appointments, windowMinutes } = deps;
  const tags = ['appointments'];

  r.get(
    '/clinic/availability',
    {
      schema: {
        tags,
        summary: 'My availability blocks',
        response: { 200: availabilityResponseSchema },
      },
    },
    async (request) => ({
      error: false as const,
      blocks: await appointments.blocks(actorOf(request)),
    }),
  );

  r.post(
    '/clinic/availability',
    {
      schema: {
        tags,
        summary: 'Publish availability: a weekly RRULE or one date, in my time zone',
        body: availabilityBlockInputSchema,
        response: { 200: availabilityBlockResponseSchema },
      },
    },
    async (request) => ({
      error: false as const,
      block: await appointments.createBlock(actorOf(request), request.body),
    }),
  );

  r.delete(
    '/clinic/availability/:id',
    {
      schema: {
        tags,
        summary: 'Remove a block (refused while appointments are booked in it)',
        params: idParamsSchema,
        response: { 200: availabilityResponseSchema },
      },
    },
    async (request) => ({
      error: false as const,
      blocks: await appointments.removeBlock(actorOf(request), request.params.id),
    }),
  );

  r.get(
    '/clinic/appointments',
    {
      schema: {
        tags,
        summary: 'My booked appointments ahead (and today’s started ones)',
        response: { 200: scheduledAppointmentsResponseSchema },
      },
    },
    async (request) => ({
      error: false as const,
      appointments: await appointments.providerAppointments(actorOf(request)),
      windowMinutes,
    }),
  );
}
