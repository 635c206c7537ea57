import type { RoutePath } from './routes';

/**
 * Typed links into the app, generated from the route table (routes.ts): `link('/notes/:id',
 * { id })` and `link('/prepay-select')` only compile for a path the table declares, with
 * exactly the parameters its pattern names; the parameters are URL-encoded, so an id with a
 * slash or a '?' stays one segment. A query (`{ to: back }`) is encoded the same way, in the
 * order given, and an `undefined` value is left out. Screens link with it instead of writing
 * '/notes/' + id by hand: a route renamed in the table fails the type check at every link.
 */

/** The parameter names of a path pattern: '/admin/brands/:id/offers' -> 'id'. */
export type ParamsOf<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamsOf<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** A link's query: each value encoded; undefined ones are left out. */
export type LinkQuery = Readonly<Record<string, string | undefined>>;

type LinkArgs<P extends RoutePath> = [ParamsOf<P>] extends [never]
  ? [query?: LinkQuery]
  : [params: Readonly<Record<ParamsOf<P>, string>>, query?: LinkQuery];

/** The app path (after '#') for a route of the table, its parameters filled in. */
export function link<P extends RoutePath>(path: P, ...args: LinkArgs<P>): string {
  const hasParams = path.includes(':');
  const params = (hasParams ? args[0] : undefined) as Readonly<Record<string, string>> | undefined;
  const query = (hasParams ? args[1] : args[0]) as LinkQuery | undefined;
  const filled = path
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment;
      const value = params?.[segment.slice(1)];
      if (value === undefined) throw new Error(`link: no value for ${segment} in ${path}`);
      return encodeURIComponent(value);
    })
    .join('/');
  const pairs = Object.entries(query ?? {}).filter(
    (pair): pair is [string, string] => pair[1] !== undefined,
  );
  if (pairs.length === 0) return filled;
  return `${filled}?${pairs.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}`;
}
