import type { MessageKey } from '@apothecall/domain/i18n/catalog';
import type { MessageParams } from '@apothecall/domain/i18n/i18n.rules';

/**
 * The one error type services throw. The HTTP layer turns it into the spec's envelope
 * `{ error: true, errorMsg, errorCode }`, translating `messageKey` into the request's language.
 */
export class AppError extends Error {
  override readonly name = 'AppError';
  constructor(
    readonly status: number,
    readonly code: string,
    readonly messageKey: MessageKey,
    readonly params?: MessageParams,
  ) {
    super(code);
  }
}

export const appErrors = {
  badCredentials: () => new AppError(401, 'UNAUTHORIZED', 'accounts.login.unauthorized'),
  passwordExpired: () => new AppError(401, 'EXPIRED', 'accounts.login.passwordExpired'),
  authRequired: () => new AppError(401, 'AUTH_REQUIRED', 'errors.authRequired'),
  sessionExpired: () => new AppError(401, 'SESSION_EXPIRED', 'errors.sessionExpired'),
  notFound: () => new AppError(404, 'NOT_FOUND', 'errors.notFound'),
  rateLimited: () => new AppError(429, 'RATE_LIMITED', 'errors.rateLimited'),
} as const;
