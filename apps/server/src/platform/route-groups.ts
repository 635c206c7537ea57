import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import { requireSession } from './http';

/**
 * Who may call a group of routes, declared once for the group rather than on each route. The
 * routes `declare` adds, and only they, answer only with a session:
 * `requireSession` runs first, then `check` (a group's own condition, such as the jobs console's
 * admin check), then whatever a route adds. A route needing no session is declared outside any
 * group, so every public route is one a reader can see is public. The OpenAPI document reads
 * the same `preHandler` (`needsSession`), so its `security` follows.
 *
 * Roles stay with the services: each checks the caller's role on the account row it reads
 * anyway, and a role here would cost every call one more read on the hot paths.
 */
export function sessionRoutes(
  declare: (app: FastifyInstance) => Promise<void>,
  options: { check?: preHandlerHookHandler } = {},
): (app: FastifyInstance) => Promise<void> {
  const first = options.check ? [requireSession, options.check] : [requireSession];
  return async (app: FastifyInstance) => {
    // Encapsulated: the hook sees this plugin's routes, not its siblings'.
    app.addHook('onRoute', (route) => {
      route.preHandler = [...first, ...[route.preHandler ?? []].flat()];
    });
    await declare(app);
  };
}
