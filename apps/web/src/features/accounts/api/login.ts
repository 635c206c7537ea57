import {
  type LoginResponse,
  loginResponseSchema,
  type loginWithCodeRequestSchema,
} from '@apothecall/domain/accounts/accounts.api';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';

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

/** Logs in; `tfaCode` is the second step when the account has two-factor on. */
export async function login(
  body: z.input<typeof loginWithCodeRequestSchema>,
): Promise<LoginResponse> {
  const deviceToken = storedDeviceToken();
  const answer = await apiCall('/account/token', {
    method: 'POST',
    body: deviceToken ? { ...body, deviceToken } : body,
    schema: loginResponseSchema,
  });
  if (answer.deviceToken) {
    try {
      globalThis.localStorage?.setItem(deviceKey, answer.deviceToken);
    } catch {
      // Storage refused (private mode): the device is simply not remembered.
    }
  }
  return answer;
}
