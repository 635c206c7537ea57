import {
  type LoginResponse,
  type RegisterRequest,
  registerResponseSchema,
} from '@apothecall/domain/accounts/accounts.api';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';
import { type MutationCallbacks, useCallMutation } from '../../../lib/call-hooks';
import { type LoginBody, login } from './login';

export function register(body: RegisterRequest): Promise<z.infer<typeof registerResponseSchema>> {
  return apiCall('/register', { method: 'POST', body, schema: registerResponseSchema });
}

export interface Registration {
  registration: RegisterRequest;
  login: LoginBody;
}

/**
 * Registers, then logs the new account in at once with what was just typed. The answer to a
 * registration is the same whether or not the e-mail had an account already, so when this
 * login fails (it had one, with another password) the answer is null.
 */
export function useRegisterAndLogIn(
  options?: MutationCallbacks<LoginResponse | null, Registration>,
) {
  return useCallMutation(
    async ({ registration, login: credentials }: Registration) => {
      await register(registration);
      try {
        return await login(credentials);
      } catch {
        return null;
      }
    },
    () => [],
    options,
  );
}
