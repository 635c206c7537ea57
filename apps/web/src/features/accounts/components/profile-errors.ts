import { ApiError } from '../../../lib/api-client';
import type { Translate } from '../../../lib/i18n';
import { isMessageKey } from '../../../lib/i18n';
import { translateFieldError } from './auth-form-errors';

/** Texts of the profile screen's forms and failures. */

/** A form error: a catalogue key (with the age limits it may name) or text shown as given. */
export function translateError(
  t: Translate,
  message: unknown,
  params?: Record<string, number>,
): string | undefined {
  if (typeof message !== 'string') return undefined;
  // A key with its own parameters ('validation.name.characters' names the refused characters).
  if (message.includes('|')) return translateFieldError(t, message);
  return isMessageKey(message) ? t(message, params) : message;
}

/** The server's translated message, or the network message when it could not be reached. */
export function failureMessage(t: Translate, error: unknown): string {
  return error instanceof ApiError ? error.message : t('errors.network');
}
