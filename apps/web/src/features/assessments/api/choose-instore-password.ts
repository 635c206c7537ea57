import type { LoginResponse } from '@apothecall/domain/accounts/accounts.api';
import { type MutationCallbacks, useCallMutation } from '../../../lib/call-hooks';
import { appPlatform } from '../../../lib/native/runtime';
import { login } from '../../accounts/api/login';
import { saveResetPassword } from '../../accounts/api/save-reset-password';

export interface InstorePassword {
  /** The in-store link's code, which is also the account's reset code. */
  code: string;
  loginId: string;
  password: string;
}

/**
 * A new account's first password, chosen with the in-store link's code (POST /resetpw/savepw),
 * then the login with it (POST /account/token).
 */
export async function chooseInstorePassword({
  code,
  loginId,
  password,
}: InstorePassword): Promise<LoginResponse> {
  await saveResetPassword({ resetCode: code, password });
  return login({ loginId, password, platform: appPlatform(), version: __APP_VERSION__ });
}

/** Chooses the password and signs in (nothing cached changes; the screen keeps the session). */
export function useChooseInstorePassword(
  options?: MutationCallbacks<LoginResponse, InstorePassword>,
) {
  return useCallMutation(chooseInstorePassword, () => [], options);
}
