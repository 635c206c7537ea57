import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { bearer, databaseKinds, login, startTestApp, type TestApp } from '../../../test/harness';
import { createAuditRepo } from '../audit.repo';
import { createAuditService } from '../audit.service';
import { httpConventions } from '../http';
import { createSessionsRepo } from '../sessions/sessions.repo';
import { createSessionsService } from '../sessions/sessions.service';
import { createJobs } from './jobs';
import { jobsRoutes } from './jobs.routes';

/**
 * GET /api/ops/jobs/dead and POST /api/ops/jobs/dead/redrive, mounted the way the app will mount
 * them (under /api, after the HTTP conventions), over a test app's database and sessions.
 */
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

async function until(what: string, condition: () => Promise<boolean> | boolean): Promise<void> {
  const deadline = Date.now() + 45_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function opsServer(t: TestApp, jobs: Parameters<typeof jobsRoutes>[0]['jobs']) {
  const db = t.database.db;
  const ops: FastifyInstance = Fastify({ logger: false });
  ops.setValidatorCompiler(validatorCompiler);
  ops.setSerializerCompiler(serializerCompiler);
  await ops.register(httpConventions, {
    sessions: createSessionsService({ repo: createSessionsRepo(db), policy: t.config.session }),
  });
  await ops.register(
    jobsRoutes({
      jobs,
      roleOf: async (accountId) => {
        const { rows } = await t.database.raw.query('select role from accounts where id = $1', [
          accountId,
        ]);
        return rows[0] ? String(rows[0].role) : undefined;
      },
      audit: createAuditService(createAuditRepo(db)),
    }),
    { prefix: '/api' },
  );
  await ops.ready();
  return ops;
}

describe.each(databaseKinds)('operator job routes on %s', (kind) => {
  it('shows dead-lettered jobs to admins only, and redrives them with an audit row', async () => {
    const t = await startTestApp(kind);
    cleanups.push(() => t.close());
    const jobs = createJobs<{ 'test.fail': { n: number } }>({
      database: t.database,
      logger: silent,
      pollIntervalSeconds: 0.5,
    });
    cleanups.push(() => jobs.stop({ graceMs: 1000 }));
    jobs.define(
      'test.fail',
      async () => {
        throw new Error('refused');
      },
      { retryLimit: 0, retryDelaySeconds: 1, retryBackoff: false, expireInSeconds: 30 },
    );
    await jobs.start();
    await jobs.send('test.fail', { n: 3 });
    await until('the job dead-lettered', async () => (await jobs.deadLetters()).length === 1);

    const ops = await opsServer(t, jobs);
    cleanups.push(() => ops.close());
    const admin = await login(t, 'admin@apothecall.test');
    const patient = await login(t);

    const anonymous = await ops.inject({ method: 'GET', url: '/api/ops/jobs/dead' });
    expect(anonymous.statusCode).toBe(401);
    const denied = await ops.inject({
      method: 'GET',
      url: '/api/ops/jobs/dead',
      headers: bearer(patient),
    });
    expect(denied.statusCode).toBe(404);
    expect(denied.json()).toMatchObject({ error: true, errorCode: 'NOT_FOUND' });

    const listed = await ops.inject({
      method: 'GET',
      url: '/api/ops/jobs/dead?limit=10',
      headers: bearer(admin),
    });
    expect(listed.statusCode).toBe(200);
    const body = listed.json() as { deadLetters: { id: string }[] };
    expect(body).toMatchObject({
      error: false,
      deadLetters: [{ job: 'test.fail', payload: { n: 3 }, attempts: 1, error: 'refused' }],
    });

    const redriven = await ops.inject({
      method: 'POST',
      url: '/api/ops/jobs/dead/redrive',
      headers: bearer(admin),
      payload: { ids: [body.deadLetters[0]!.id] },
    });
    expect(redriven.json()).toEqual({ error: false, redriven: 1 });
    const { rows } = await t.database.raw.query(
      "select action, outcome from audit_log where action like 'ops.jobs%' order by id",
    );
    expect(rows).toEqual([
      { action: 'ops.jobs', outcome: 'denied' },
      { action: 'ops.jobs.redrive', outcome: 'success' },
    ]);
  });
});
