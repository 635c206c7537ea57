import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness';

/**
 * The OpenAPI document at /api/docs/json, as strict clients read it: valid
 * for swagger-parser, clean under Redocly's recommended rules, and turned into TypeScript by
 * openapi-typescript that a client type-checks against. All three run offline. The document
 * does not depend on the database, so this file runs on PGlite only.
 */

interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, unknown>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  [key: string]: unknown;
}

/** Redocly warnings the project accepts (docs/api.md says why). */
const acceptedWarnings = ['info-license'];

describe('the OpenAPI document', () => {
  let t: TestApp;
  let text: string;
  let doc: Document;
  let operations: [string, string, Operation][];
  beforeAll(async () => {
    t = await startTestApp('pglite');
    const res = await t.fastify.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    text = res.body;
    doc = JSON.parse(text) as Document;
    operations = Object.entries(doc.paths).flatMap(([url, methods]) =>
      Object.entries(methods).map(([method, op]): [string, string, Operation] => [url, method, op]),
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is a valid OpenAPI document for swagger-parser (every $ref resolves)', async () => {
    // validate() dereferences the object it is given: it gets a copy of its own.
    await expect(SwaggerParser.validate(JSON.parse(text))).resolves.toBeDefined();
  });

  it("has no problem under Redocly's recommended rules but the accepted warnings", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: text, absoluteRef: 'openapi.json', config });
    const shown = (severity: string) =>
      problems
        .filter((p) => p.severity === severity)
        .map((p) => `${p.ruleId}: ${p.message} (${p.location[0]?.pointer ?? ''})`);
    expect(shown('error')).toEqual([]);
    const warned = problems.filter((p) => p.severity === 'warn').map((p) => p.ruleId);
    expect(warned.filter((rule) => !acceptedWarnings.includes(rule))).toEqual([]);
  });

  it('names every operation once, from its method and path', () => {
    const ids = operations.map(([, , op]) => op.operationId);
    expect(ids.every((id) => typeof id === 'string' && id.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/api/account/profile']?.get?.operationId).toBe('getAccountProfile');
    expect(doc.paths['/api/account/devices/{id}']?.delete?.operationId).toBe(
      'deleteAccountDevicesById',
    );
  });

  it('asks for the session token exactly where a route requires a session', () => {
    const bearer = [{ bearerAuth: [] }];
    expect(doc.paths['/api/account/profile']?.get?.security).toEqual(bearer);
    expect(doc.paths['/api/ops/jobs/dead']?.get?.security).toEqual(bearer);
    expect(doc.paths['/api/account/token']?.post?.security).toEqual([]);
    expect(doc.paths['/api/health']?.get?.security).toEqual([]);
    for (const [url, method, op] of operations) {
      expect(op.security, `${method} ${url}`).toBeDefined();
      const secured = op.security?.length !== 0;
      expect(Object.hasOwn(op.responses, '401') || !secured, `${method} ${url} 401`).toBe(true);
    }
    const secured = operations.filter(([, , op]) => op.security?.length).length;
    expect(secured).toBeGreaterThan(150);
  });

  it('answers without a session only the calls listed here (a public call is a choice made on purpose)', () => {
    const open = operations
      .filter(([url, , op]) => url.startsWith('/api/') && op.security?.length === 0)
      .map(([url, method]) => `${method.toUpperCase()} ${url}`)
      .sort();
    // Every other call is declared in a session group (platform/route-groups.ts).
    expect(open).toEqual([
      'GET /api/covid-certificates/verify',
      'GET /api/health',
      'GET /api/health/live',
      'GET /api/health/ready',
      'GET /api/meet-param',
      'GET /api/referral/{code}',
      'GET /api/webapp-version',
      'GET /api/whiteLabel/{id}',
      'POST /api/account/authIdToken',
      'POST /api/account/token',
      'POST /api/get-productInfo-v2',
      'POST /api/instore/check',
      'POST /api/password-reset',
      'POST /api/prepay-redeem/check',
      'POST /api/register',
      'POST /api/resetpw/cancel',
      'POST /api/resetpw/savepw',
      'POST /api/resetpw/verify',
      'POST /api/submit-code',
    ]);
  });

  it('documents the error envelope on every operation', () => {
    for (const [url, method, op] of operations) {
      for (const status of ['400', 'default']) {
        expect(op.responses[status], `${method} ${url} ${status}`).toMatchObject({
          content: {
            'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } },
          },
        });
      }
    }
    expect(doc.paths['/api/account/devices/{id}']?.delete?.responses['404']).toBeDefined();
  });

  it('lists a path written with a trailing slash without it (both answer)', () => {
    expect(Object.keys(doc.paths).filter((url) => url.length > 1 && url.endsWith('/'))).toEqual([]);
    expect(doc.paths['/api/visit-start']?.post).toBeDefined();
  });

  it('generates TypeScript types a client type-checks against', async () => {
    const types = astToString(await openapiTS(JSON.parse(text)));
    expect(types).toContain('getAccountProfile: {');
    const dir = mkdtempSync(path.join(tmpdir(), 'apothecall-openapi-'));
    try {
      // A .ts file, so its own errors count under skipLibCheck (which skips TypeScript's libs).
      writeFileSync(path.join(dir, 'api.ts'), types);
      // The @ts-expect-error lines prove the types are not `any`: an unused one is an error.
      writeFileSync(
        path.join(dir, 'client.ts'),
        `import type { components, operations, paths } from './api';

type Profile = paths['/api/account/profile']['get'];
type ProfileAnswer = Profile['responses']['200']['content']['application/json'];

export function holderName(answer: ProfileAnswer): string {
  return answer.profile.users[0]?.name ?? answer.profile.name;
}
export const refused: Profile['responses']['401']['content']['application/json'] = {
  error: true,
  errorMsg: 'Please sign in again.',
  errorCode: 'SESSION_EXPIRED',
};
export const device: operations['deleteAccountDevicesById']['parameters']['path'] = { id: 'd1' };
export const screening: components['schemas']['JsonValue'] = { pain: [1, 'two', null, { ok: true }] };

// @ts-expect-error the profile carries no password
export const leak = (answer: ProfileAnswer) => answer.profile.password;
// @ts-expect-error the API has no such path
export type Missing = paths['/api/no-such-path'];
// @ts-expect-error an error always says which
export const vague: components['schemas']['ErrorEnvelope'] = { error: true, errorMsg: 'No' };
`,
      );
      const program = ts.createProgram([path.join(dir, 'client.ts')], {
        strict: true,
        noEmit: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        lib: ['lib.es2022.d.ts'],
        types: [],
        skipLibCheck: true,
      });
      const diagnostics = ts
        .getPreEmitDiagnostics(program)
        .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      expect(diagnostics).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
