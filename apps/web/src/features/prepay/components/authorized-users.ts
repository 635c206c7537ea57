import {
  type AuthorizedUserView,
  maxAuthorizedUsers,
  maxProgramVisits,
  type PrepayAuthorizedUpdate,
  prepayAuthorizedUpdateSchema,
} from '@apothecall/domain/prepay/prepay.api';
import type { FieldError, IsKey } from './form-check';
import { issueMessage } from './form-check';
import { wholeNumber } from './prepay-format';

/** One row of the authorized-users editor: an e-mail, its visit limit (0 = none), visits used. */
export interface UserRow {
  /** A stable key for React and for the row's messages (not sent). */
  readonly key: string;
  email: string;
  visitLimit: string | number;
  /** Visits the user has taken (from the server; 0 for a new row). */
  readonly visitsUsed: number;
}

let rowCounter = 0;
function nextKey(): string {
  rowCounter += 1;
  return `user-${rowCounter}`;
}

export function newUserRow(): UserRow {
  return { key: nextKey(), email: '', visitLimit: 0, visitsUsed: 0 };
}

/** The server's list as editable rows. */
export function rowsFromUsers(users: readonly AuthorizedUserView[]): UserRow[] {
  return users.map((user) => ({
    key: nextKey(),
    email: user.email,
    visitLimit: user.visitLimit,
    visitsUsed: user.visitsUsed,
  }));
}

/** A row left empty (no e-mail, no limit) is dropped rather than refused. */
export function isBlankRow(row: Pick<UserRow, 'email' | 'visitLimit'>): boolean {
  return row.email.trim() === '' && wholeNumber(row.visitLimit, 0) === 0;
}

export interface RowErrors {
  email?: FieldError;
  visitLimit?: FieldError;
}

export type UsersCheck =
  | { readonly ok: true; readonly request: PrepayAuthorizedUpdate }
  | {
      readonly ok: false;
      /** By row key. */
      readonly rows: Readonly<Record<string, RowErrors>>;
      /** About the whole list (too many users). */
      readonly list?: FieldError;
    };

/**
 * Checks the rows with the schema the server validates (prepayAuthorizedUpdateSchema): blank
 * rows dropped, one e-mail per user (compared without case), limits whole numbers (0 = none).
 */
export function checkUserRows(rows: readonly UserRow[], isKey: IsKey): UsersCheck {
  const kept = rows.filter((row) => !isBlankRow(row));
  const parsed = prepayAuthorizedUpdateSchema.safeParse({
    allowedUsers: kept.map((row) => ({
      email: row.email,
      visitLimit: wholeNumber(row.visitLimit, 0),
    })),
  });
  const errors: Record<string, RowErrors> = {};
  const errorsOf = (key: string): RowErrors => {
    const existing = errors[key];
    if (existing) return existing;
    const created: RowErrors = {};
    errors[key] = created;
    return created;
  };
  let list: FieldError | undefined;
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [, index, field] = issue.path;
      const row = typeof index === 'number' ? kept[index] : undefined;
      if (!row) {
        list ??= { key: 'prepayUi.form.tooManyUsers', params: { max: maxAuthorizedUsers } };
        continue;
      }
      const rowErrors = errorsOf(row.key);
      if (field === 'email') {
        rowErrors.email ??= issueMessage(issue, { key: 'validation.email.invalid' }, isKey);
      } else if (field === 'visitLimit') {
        rowErrors.visitLimit ??= {
          key: 'prepayUi.form.wholeNumber',
          params: { max: maxProgramVisits },
        };
      }
    }
  }
  const seen = new Set<string>();
  for (const row of kept) {
    const email = row.email.trim().toLowerCase();
    if (email === '') continue;
    if (seen.has(email)) {
      const rowErrors = errorsOf(row.key);
      rowErrors.email ??= { key: 'prepay.users.duplicate', params: { email: row.email.trim() } };
    }
    seen.add(email);
  }
  if (parsed.success && Object.keys(errors).length === 0 && !list) {
    return { ok: true, request: parsed.data };
  }
  return list ? { ok: false, rows: errors, list } : { ok: false, rows: errors };
}
