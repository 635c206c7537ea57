import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { requireSession } from './http';
import { needsSession } from './openapi';
import { sessionRoutes } from './route-groups';

/**
 * Who may call a route is declared once per group: the group's routes, its
 * nested plugins' too, run `requireSession` and the group's check before their own preHandlers;
 * its siblings do not. No route file names `requireSession` itself.
 */
describe('sessionRoutes', () => {
  it("puts the session and the group's check first on the group's routes only", async () => {
    const app = Fastify();
    // As @fastify/swagger does: the root's hook keeps each route's options, read once ready
    // (the root's hooks run before the group's, which then completes the same options).
    const routes: Record<string, { preHandler?: unknown }> = {};
    app.addHook('onRoute', (route) => {
      routes[route.url] = route;
    });
    const check = async (_request: FastifyRequest) => undefined;
    const own = async (_request: FastifyRequest) => undefined;
    await app.register(async (plugin) => {
      plugin.get('/open', async () => 'open');
      await plugin.register(
        sessionRoutes(
          async (group) => {
            group.get('/closed', { preHandler: own }, async () => 'closed');
            await group.register(async (nested) => {
              nested.get('/nested', async () => 'nested');
            });
          },
          { check },
        ),
      );
      plugin.get('/after', async () => 'after');
    });
    await app.ready();
    const seen = Object.fromEntries(
      Object.entries(routes).map(([url, route]) => [url, [route.preHandler ?? []].flat()]),
    );
    expect(seen['/closed']).toEqual([requireSession, check, own]);
    expect(seen['/nested']).toEqual([requireSession, check]);
    expect(seen['/open']).toEqual([]);
    expect(seen['/after']).toEqual([]);
    expect(needsSession({ preHandler: seen['/nested'] as never })).toBe(true);
    // Without a token the group answers 401 and the others answer.
    expect((await app.inject({ method: 'GET', url: '/open' })).body).toBe('open');
    expect((await app.inject({ method: 'GET', url: '/closed' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/nested' })).statusCode).toBe(401);
    await app.close();
  });

  it('is the only way a route file asks for a session', () => {
    const src = path.resolve(import.meta.dirname, '..');
    const routeFiles = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((file) =>
      file.endsWith('.routes.ts'),
    );
    expect(routeFiles.length).toBeGreaterThan(30);
    const naming = routeFiles.filter((file) =>
      readFileSync(path.join(src, file), 'utf8').includes('requireSession'),
    );
    expect(naming).toEqual([]);
  });
});
