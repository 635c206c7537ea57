import {
  registerRequestSchema,
  registerResponseSchema,
} from '@apothecall/domain/accounts/accounts.api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerOf } from '../../platform/actor';
import type { RegistrationService } from './registration.service';

/** Registering an adult account holder. */
export function registrationRoutes(deps: { registration: RegistrationService }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['accounts'];

    r.post(
      '/register',
      {
        schema: {
          tags,
          summary: 'Register an adult account holder',
          body: registerRequestSchema,
          response: { 200: registerResponseSchema },
        },
      },
      async (request) => {
        await deps.registration.register(request.body, callerOf(request));
        return { error: false as const, status: 'created' as const };
      },
    );
  };
}
