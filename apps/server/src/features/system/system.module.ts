import type { AreaModule, ModuleContext } from '../../platform/module';
import type { OutboxRepo } from '../../platform/outbox.repo';
import type { SharedRateLimiter } from '../../platform/rate-limit';
import { outboxRoutes, systemRoutes } from './system.routes';

/** Health for load balancers, and the outbox for local demos and tests (EXPOSE_OUTBOX). */
export function systemModule(
  ctx: ModuleContext,
  extra: { outbox: OutboxRepo; limiter: SharedRateLimiter },
): AreaModule {
  const { database, apiVersion } = ctx.platform;
  const health = systemRoutes({
    ping: database.ping,
    kind: database.kind,
    version: apiVersion,
    redis: () => extra.limiter.health(),
    pendingMigrations: database.pendingMigrations,
    pingRedis: () => extra.limiter.ping(),
  });
  const outbox = ctx.config.exposeOutbox ? outboxRoutes(extra.outbox) : undefined;
  return {
    name: 'system',
    routes: async (app) => {
      await app.register(health);
      if (outbox) await app.register(outbox);
    },
  };
}
