import { type Database, type DatabaseTarget, openDatabase } from './client';

/** The database could not be opened or migrated at start-up; the message says why, in one line. */
export class DatabaseStartupError extends Error {}

/**
 * What main.ts does first: opens the configured database and applies the migrations. A failure
 * closes what was opened and throws a DatabaseStartupError naming the cause.
 */
export async function openMigratedDatabase(target: DatabaseTarget): Promise<Database> {
  let database: Database | undefined;
  try {
    database = await openDatabase(target);
    await database.migrate();
    return database;
  } catch (error) {
    await database?.close().catch(() => undefined);
    throw new DatabaseStartupError(describeDatabaseFailure(error, target), { cause: error });
  }
}

/**
 * Why the database could not be opened or migrated at start-up, as one line for an operator.
 *
 * Drizzle wraps the driver's error (`DrizzleQueryError: Failed query: CREATE SCHEMA IF NOT EXISTS
 * "drizzle"`, the migrator's first statement) whatever went wrong: a refused connection, a wrong
 * password and a missing database all read the same. The cause is underneath (`.cause`): a
 * socket error (ECONNREFUSED, ENOTFOUND, ...) or a PostgreSQL SQLSTATE (28P01, 3D000, ...). This
 * names it, with where it tried (host:port, database, user) and what to do. It never prints the
 * password, nor a query or its parameters (Drizzle's message carries both).
 */
export function describeDatabaseFailure(error: unknown, target: DatabaseTarget): string {
  const cause = rootCause(error);
  if (target.kind === 'pglite') {
    const where = target.dataDir ? ` in ${target.dataDir}` : '';
    return `the embedded database${where} could not be opened or migrated: ${causeText(cause)}`;
  }
  const at = postgresTarget(target.url);
  const where = `PostgreSQL at ${at.host}:${at.port} (database "${at.database}", user "${at.user}")`;
  const line = `${where}: ${postgresReason(cause, at)}`;
  return at.password ? line.split(at.password).join('***') : line;
}

interface PostgresTarget {
  host: string;
  port: string;
  database: string;
  user: string;
  password: string;
}

/** Where node-postgres connects for this URL (its defaults: localhost, 5432, database = user). */
function postgresTarget(url: string): PostgresTarget {
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  const user = decode(parsed?.username) || process.env.PGUSER || 'postgres';
  return {
    host: parsed?.searchParams.get('host') || parsed?.hostname || 'localhost',
    port: parsed?.port || '5432',
    database: decode(parsed?.pathname.replace(/^\//, '')) || user,
    user,
    password: decode(parsed?.password),
  };
}

function decode(part: string | undefined): string {
  if (!part) return '';
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

interface Cause {
  code?: string;
  message: string;
  /** PostgreSQL's own hint (an ErrorResponse's H field), when it gave one. */
  hint?: string;
}

/** The innermost error with a code (the driver's), else the innermost error. */
function rootCause(error: unknown): Cause {
  const chain: unknown[] = [];
  const seen = new Set<unknown>();
  for (let e = error; e && typeof e === 'object' && !seen.has(e); ) {
    seen.add(e);
    chain.push(e);
    e = (e as { cause?: unknown }).cause;
  }
  const coded = chain.findLast((e) => typeof (e as { code?: unknown }).code === 'string');
  const chosen = (coded ?? chain.at(-1) ?? error) as {
    code?: unknown;
    message?: unknown;
    hint?: unknown;
    errors?: unknown;
  };
  let message = typeof chosen?.message === 'string' ? chosen.message : String(chosen);
  // Node's happy-eyeballs connect (a host with several addresses) throws an AggregateError with
  // an empty message; its parts say what happened.
  if (!message && Array.isArray(chosen.errors)) {
    message = chosen.errors.map((e) => (e as Error)?.message).join('; ');
  }
  // Drizzle's own message is the query and its parameters: never printed.
  if (message.startsWith('Failed query:')) message = 'the query failed';
  return {
    code: typeof chosen?.code === 'string' ? chosen.code : undefined,
    message,
    hint: typeof chosen?.hint === 'string' && chosen.hint ? chosen.hint : undefined,
  };
}

/** Any start-up error as one line: the driver's cause, never Drizzle's query and parameters. */
export function describeError(error: unknown): string {
  return causeText(rootCause(error));
}

function causeText(cause: Cause): string {
  return cause.code ? `${cause.message} (${cause.code})` : cause.message;
}

function postgresReason(cause: Cause, at: PostgresTarget): string {
  switch (cause.code) {
    case 'ECONNREFUSED':
      return `connection refused (ECONNREFUSED). Is PostgreSQL running and listening on ${at.host}:${at.port}? Check the host and port in DATABASE_URL.`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `host name "${at.host}" not found (${cause.code}). Check the host in DATABASE_URL.`;
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
    case 'ECONNRESET':
      return `no connection (${cause.code}). Check the host and port in DATABASE_URL and any firewall in between.`;
    case '28P01':
      return `password authentication failed (28P01). Check the password in DATABASE_URL.`;
    case '28000':
      return `${cause.message} (28000). Check the user name in DATABASE_URL, and that pg_hba.conf lets this user in from this host.`;
    case '3D000':
      return `database "${at.database}" does not exist (3D000). Create the database: createdb -h ${at.host} -p ${at.port} -U ${at.user} ${at.database}`;
    case '42501':
      return `${cause.message} (42501). The user needs to create schemas in the database: GRANT CREATE ON DATABASE ${at.database} TO ${at.user}`;
    case '53300':
      return `too many connections (53300). Raise max_connections or lower the number of processes.`;
    case '57P03':
      return `PostgreSQL is starting up or shutting down (57P03). Start again in a moment.`;
    default:
      if (/SSL|TLS/i.test(cause.message)) {
        return `${causeText(cause)}. Check sslmode in DATABASE_URL against the server's SSL setting.`;
      }
      return `${causeText(cause)}${cause.hint ? `. Hint: ${cause.hint}` : ''}`;
  }
}
