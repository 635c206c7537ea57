import { idParamsSchema } from '@apothecall/domain/common/common.api';
import {
  crmCustomersSearchRequestSchema,
  crmCustomersSearchResponseSchema,
  customerInputSchema,
  customerResponseSchema,
  customersResponseSchema,
  interactionInputSchema,
  interactionResponseSchema,
  interactionsResponseSchema,
  taskInputSchema,
  taskResponseSchema,
  tasksResponseSchema,
  taskUpdateSchema,
} from '@apothecall/domain/crm/crm.api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/actor';
import { sessionRoutes } from '../../platform/route-groups';
import type { CrmService } from './crm.service';

/**
 * The pharmacy CRM's calls (spec section 7, "CRM"): customers, a customer's
 * interactions, and tasks, all of the caller's pharmacy (403 `PHARMACY_ONLY` for anyone else;
 * another pharmacy's ids 404).
 */
export function crmRoutes(deps: { crm: CrmService }) {
  return sessionRoutes(async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['crm'];
    const { crm } = deps;

    r.get(
      '/pharmacy/crm/customers',
      {
        schema: {
          tags,
          summary: "The pharmacy's customers, by name (audited)",
          response: { 200: customersResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        customers: await crm.customers(actorOf(request)),
      }),
    );

    r.post(
      '/pharmacy/crm/customers/search',
      {
        schema: {
          tags,
          summary:
            "The pharmacy's customers matching every word (name, e-mail, phone digits) and a tag, by name, 20 a page (audited; issue 36, finding 14)",
          body: crmCustomersSearchRequestSchema,
          response: { 200: crmCustomersSearchResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        ...(await crm.searchCustomers(actorOf(request), request.body)),
      }),
    );

    r.post(
      '/pharmacy/crm/customers',
      {
        schema: {
          tags,
          summary: 'Add a customer with one customer tag',
          body: customerInputSchema,
          response: { 200: customerResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        customer: await crm.createCustomer(actorOf(request), request.body),
      }),
    );

    r.get(
      '/pharmacy/crm/customers/:id',
      {
        schema: {
          tags,
          summary: 'One customer (audited)',
          params: idParamsSchema,
          response: { 200: customerResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        customer: await crm.customer(actorOf(request), request.params.id),
      }),
    );

    r.put(
      '/pharmacy/crm/customers/:id',
      {
        schema: {
          tags,
          summary: 'Change a customer (the whole record, the tag included)',
          params: idParamsSchema,
          body: customerInputSchema,
          response: { 200: customerResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        customer: await crm.updateCustomer(actorOf(request), request.params.id, request.body),
      }),
    );

    interactionRoutes(app, crm);
    taskRoutes(app, crm);
  });
}

/** A customer's interactions (declared in the CRM plugin, under its session). */
function interactionRoutes(app: FastifyInstance, crm: CrmService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['crm'];

  r.get(
    '/pharmacy/crm/customers/:id/interactions',
    {
      schema: {
        tags,
        summary: "A customer's interactions, newest first (audited)",
        params: idParamsSchema,
        response: { 200: interactionsResponseSchema },
      },
    },
    async (request) => ({
      error: false as const,
      interactions: await crm.interactions(actorOf(request), request.params.id),
    }),
  );

  r.post(
    '/pharmacy/crm/customers/:id/interactions',
    {
      schema: {
        tags,
        summary: 'Record an interaction with a customer, with one interaction tag',
        params: idParamsSchema,
        body: interactionInputSchema,
        response: { 200: interactionResponseSchema },
      },
    },
    async (request) => ({
      error: false as const,
      interaction: await crm.addInteraction(actorOf(request), request.params.id, request.body),
    }),
  );
}

/** The pharmacy's tasks (declared in the CRM plugin, under its session). */
function taskRoutes(app: FastifyInstance, crm: CrmService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['crm'];

  r.get(
    '/pharmacy/crm/tasks',
    {
      schema: {
        tags,
        summary: "The pharmacy's tasks: open ones by due date, then done ones",
        response: { 200: tasksResponseSchema },
      },
    },
    async (request) => ({ error: false as const, tasks: await crm.tasks(actorOf(request)) }),
  );

  r.post(
    '/pharmacy/crm/tasks',
    {
      schema: {
        tags,
        summary: 'Add a task with one task tag and a due date',
        body: taskInputSchema,
        response: { 200: taskResponseSchema },
      },
    },
    async (request) => ({
      error: false as const,
      task: await crm.createTask(actorOf(request), request.body),
    }),
  );

  r.put(
    '/pharmacy/crm/tasks/:id',
    {
      schema: {
        tags,
        summary: 'Change a task: title, due date, customer, tag, or done',
        params: idParamsSchema,
        body: taskUpdateSchema,
        response: { 200: taskResponseSchema },
      },
    },
    async (request) => ({
      error: false as const,
      task: await crm.updateTask(actorOf(request), request.params.id, request.body),
    }),
  );
}
