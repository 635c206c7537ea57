import type { ErrorCode } from '@apothecall/domain/errors/error-codes';
import type { MessageKey } from '@apothecall/domain/i18n/catalog';
import {
  type Lang,
  type MessageParams,
  type PluralForms,
  pluralForm,
} from '@apothecall/domain/i18n/i18n.rules';
import type { z } from 'zod';

/**
 * The one error type services throw. The HTTP layer turns it into the spec's envelope
 * `{ error: true, errorMsg, errorCode }`, translating `messageKey` into the request's language.
 */
export class AppError extends Error {
  override readonly name = 'AppError';
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    readonly messageKey: MessageKey,
    readonly params?: MessageParams,
    /** Extra fields of the error body (the spec's defaultPrice and defaultPriceToken). */
    readonly extra?: Readonly<Record<string, string | number | boolean | null>>,
    /** Sent as the Retry-After header (server load refusals: 503, code guesses: 429). */
    readonly retryAfterSeconds?: number,
    /**
     * A count message: the form the request language's plural rules pick for `count` replaces
     * `messageKey` ('1 minute' / '5 minutes'); `messageKey` is then its `other` form.
     */
    readonly plural?: { readonly count: number; readonly forms: PluralForms<MessageKey> },
  ) {
    super(code);
  }

  /** The message's key in a language: its plural form when it counts, else `messageKey`. */
  keyIn(lang: Lang): MessageKey {
    return this.plural ? pluralForm(lang, this.plural.count, this.plural.forms) : this.messageKey;
  }
}

/** One schema problem: where, and a catalogue key or plain text saying what. */
export interface FieldIssue {
  path: string;
  message: string;
  /** Values for the message's placeholders ({minAge}, {state}...). */
  params?: Record<string, string | number>;
}

/** A request that fails a rule checked in a service (rules that depend on today, say). */
export class SchemaError extends Error {
  override readonly name = 'SchemaError';
  constructor(readonly issues: FieldIssue[]) {
    super('schema');
  }
}

/** Parses with a domain schema; a failure becomes a 400 with the fields named. */
export function parseWith<S extends z.ZodType>(
  schema: S,
  input: unknown,
  prefix = '',
): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw new SchemaError(
    result.error.issues.map((issue) => ({
      path: [prefix, ...issue.path.map(String)].filter(Boolean).join('.'),
      message: issue.message,
      ...(issue.code === 'custom' && issue.params
        ? { params: issue.params as Record<string, string | number> }
        : {}),
    })),
  );
}

export const appErrors = {
  badCredentials: () => new AppError(401, 'UNAUTHORIZED', 'accounts.login.unauthorized'),
  passwordExpired: () => new AppError(401, 'EXPIRED', 'accounts.login.passwordExpired'),
  authRequired: () => new AppError(401, 'AUTH_REQUIRED', 'errors.authRequired'),
  sessionExpired: () => new AppError(401, 'SESSION_EXPIRED', 'errors.sessionExpired'),
  notFound: () => new AppError(404, 'NOT_FOUND', 'errors.notFound'),
  rateLimited: () => new AppError(429, 'RATE_LIMITED', 'errors.rateLimited'),
  resetInvalid: () =>
    new AppError(400, 'RESET_INVALID', 'accountActions.passwordReset.invalidCode'),
  wrongPassword: () => new AppError(400, 'WRONG_PASSWORD', 'accounts.password.wrongCurrent'),
  /** `tfaToken`: what POST /submit-code sends back with the code (the pending login). */
  tfaRequired: (tfaToken: string) =>
    new AppError(401, 'TFA_REQUIRED', 'accounts.tfa.required', undefined, { tfaToken }),
  tfaInvalid: () => new AppError(401, 'TFA_INVALID', 'accounts.tfa.invalid'),
  tfaLoginExpired: () => new AppError(401, 'UNAUTHORIZED', 'accounts.tfa.loginExpired'),
} as const;
