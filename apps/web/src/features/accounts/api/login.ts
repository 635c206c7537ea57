import {
  type LoginResponse,
  loginResponseSchema,
  type loginWithCodeRequestSchema,
  type SubmitCodeRequest,
} from '@apothecall/domain/accounts/accounts.api';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';
import { type MutationCallbacks, useCallMutation } from '../../../lib/call-hooks';

/**
 * This device's known-device token (not a session: it logs nobody in). The server answers it
 * after a full login; sent back with later logins, other people's failed attempts on the same
 * account or network do not slow this device down (docs/architecture.md, "Login protections").
 */
const deviceKey = 'apothecall.device';

function storedDeviceToken(): string | undefined {
  try {
    return globalThis.localStorage?.getItem(deviceKey) ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * Logs in. With two-factor on the answer is a TFA_REQUIRED error whose `details.tfaToken` goes
 * to submitCode() with the code (the password is not sent twice).
 */
/** A password login's request (the code, when asked for, goes to submitCode). */
export type LoginBody = Omit<z.input<typeof loginWithCodeRequestSchema>, 'tfaCode'>;

export async function login(body: LoginBody): Promise<LoginResponse> {
  const deviceToken = storedDeviceToken();
  return remembered(
    await apiCall('/account/token', {
      method: 'POST',
      body: deviceToken ? { ...body, deviceToken } : body,
      schema: loginResponseSchema,
    }),
  );
}

/** The second step of a two-factor login: the code, with the login's `tfaToken`. */
export async function submitCode(body: SubmitCodeRequest): Promise<LoginResponse> {
  return remembered(
    await apiCall('/submit-code', { method: 'POST', body, schema: loginResponseSchema }),
  );
}

/** Keeps the device token a full login answered. */
function remembered(answer: LoginResponse): LoginResponse {
  if (answer.deviceToken) {
    try {
      globalThis.localStorage?.setItem(deviceKey, answer.deviceToken);
    } catch {
      // Storage refused (private mode): the device is simply not remembered.
    }
  }
  return answer;
}

/** A login's step: the password, or (two-factor) the code with the first step's token. */
export type LoginStep = LoginBody | SubmitCodeRequest;

/** Logs in, one step at a time (nothing cached changes; the screen keeps the session). */
export function useLogin(options?: MutationCallbacks<LoginResponse, LoginStep>) {
  return useCallMutation(
    (step: LoginStep) => ('tfaToken' in step ? submitCode(step) : login(step)),
    () => [],
    options,
  );
}
