import { type QueryLike, safeReturnPath } from './routes';

/**
 * Entry links (spec section 2): the query of a web link and the native deep links, parsed
 * into ONE typed intent, plus the after-logout path and the external-link check.
 *
 * - `id` sets the referral code; an optional `itemId` may accompany it.
 * - `company` loads that white-label.
 * - `to`, with `itemId`, is carried through the login redirect (only same-app paths; see
 *   safeReturnPath in routes.ts).
 * - Native: deepLinked with id sets the referral code; logIn with id sets the referral code
 *   and goes to /login (logIn without id still goes to /login: decision).
 */

export interface EntryIntent {
  readonly referralCode?: string;
  readonly itemId?: string;
  readonly company?: string;
  /** Where to go after login (a same-app path), carried with itemId through /login. */
  readonly returnTo?: string;
  /** Where to navigate now (native logIn -> /login). */
  readonly navigateTo?: string;
}

export type EntrySource =
  | { readonly kind: 'web'; readonly query: QueryLike }
  | { readonly kind: 'native'; readonly url: string };

export const nativeActions = ['deepLinked', 'logIn'] as const;
export type NativeAction = (typeof nativeActions)[number];

function value(query: QueryLike, name: string): string | undefined {
  const v = query.get(name)?.trim();
  return v ? v : undefined;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
}

/** A QueryLike over a query string ('a=1&b=2', with or without the leading '?'). */
export function parseQueryString(search: string): QueryLike {
  const map = new Map<string, string>();
  for (const pair of search.replace(/^\?/, '').split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const key = safeDecode(eq < 0 ? pair : pair.slice(0, eq));
    const val = eq < 0 ? '' : safeDecode(pair.slice(eq + 1));
    if (!map.has(key)) map.set(key, val);
  }
  return { get: (name) => map.get(name) ?? null };
}

/**
 * The action and query of a native deep link, e.g. 'apothecall://logIn?id=ABC',
 * 'https://app.example.com/#/deepLinked?id=ABC'. The action is the first path segment (or
 * host) that names a known action.
 */
export function parseNativeLink(url: string): {
  action: NativeAction | undefined;
  query: QueryLike;
} {
  const q = url.indexOf('?');
  const head = q < 0 ? url : url.slice(0, q);
  const search = q < 0 ? '' : (url.slice(q + 1).split('#')[0] ?? '');
  const segments = head.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').split(/[/#]/);
  const action = segments.find((s): s is NativeAction =>
    (nativeActions as readonly string[]).includes(s),
  );
  return { action, query: parseQueryString(search) };
}

function fromQuery(query: QueryLike): EntryIntent {
  const referralCode = value(query, 'id');
  const itemId = value(query, 'itemId');
  const company = value(query, 'company');
  const to = value(query, 'to');
  const returnTo = to ? safeReturnPath(to) : undefined;
  return {
    ...(referralCode ? { referralCode } : {}),
    ...(itemId ? { itemId } : {}),
    ...(company ? { company } : {}),
    ...(returnTo && returnTo !== '/' ? { returnTo } : {}),
  };
}

/** Parses a web entry link's query or a native deep link into one intent. */
export function parseEntryLink(source: EntrySource): EntryIntent {
  if (source.kind === 'web') return fromQuery(source.query);
  const { action, query } = parseNativeLink(source.url);
  if (!action) return {};
  const referralCode = value(query, 'id');
  const itemId = value(query, 'itemId');
  return {
    ...(referralCode ? { referralCode } : {}),
    ...(itemId ? { itemId } : {}),
    ...(action === 'logIn' ? { navigateTo: '/login' } : {}),
  };
}

/**
 * After logout the user goes to the given path, otherwise to the root. Only an in-app path
 * ('/...', not '//...') is accepted.
 */
export function afterLogoutPath(given?: string | null): string {
  if (!given?.startsWith('/') || given.startsWith('//') || given.includes('\\')) return '/';
  return given;
}

function originOf(url: string): string | undefined {
  const m = /^([a-z][a-z0-9+.-]*):(\/\/([^/?#]*))?/i.exec(url.trim());
  if (!m) return undefined;
  const scheme = (m[1] ?? '').toLowerCase();
  if (m[3] === undefined) return `${scheme}:`;
  const authority = (m[3].split('@').pop() ?? '').toLowerCase();
  const defaultPort = scheme === 'https' ? '443' : scheme === 'http' ? '80' : '';
  const [host = '', port = ''] = authority.startsWith('[')
    ? [authority.slice(0, authority.indexOf(']') + 1), authority.slice(authority.indexOf(']') + 2)]
    : authority.split(':');
  return `${scheme}://${host}${port && port !== defaultPort ? `:${port}` : ''}`;
}

/**
 * Whether opening the URL leaves the app (and so asks for confirmation first). Relative links
 * and hash routes stay; an absolute URL is external unless it has the app's origin (scheme,
 * host and port); protocol-relative ('//host') and non-web schemes (mailto:, tel:) are external.
 */
export function isExternalLink(url: string, appOrigin: string): boolean {
  const u = url.trim();
  if (u === '') return false;
  if (u.startsWith('//')) return true;
  const target = originOf(u);
  if (target === undefined) return false;
  return target !== originOf(appOrigin);
}

/**
 * The universal link (iOS) and app link (Android) of a native action is an ordinary web
 * address, `https://<host>/app/<action>?id=...`: with the app installed the phone opens the app
 * with it (parseEntryLink reads it); without, the browser loads it and the server answers with
 * the hash route of the same intent, which the web app's entry link reads in turn: logIn goes
 * to /login, deepLinked to Home, each with the referral code (and itemId) kept.
 */
export function webRouteForNativeLink(url: string): string {
  const intent = parseEntryLink({ kind: 'native', url });
  const pairs: [string, string | undefined][] = [
    ['id', intent.referralCode],
    ['itemId', intent.itemId],
  ];
  const search = pairs
    .filter((pair): pair is [string, string] => Boolean(pair[1]))
    .map(([key, v]) => `${key}=${encodeURIComponent(v)}`)
    .join('&');
  return `/#${intent.navigateTo ?? '/'}${search ? `?${search}` : ''}`;
}
