// The server's malloc setting (scripts/server-malloc.mjs): added to what GLIBC_TUNABLES already
// says, never twice, and the same in the production image as under `npm start`.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverMallocTunable, withServerMalloc } from './server-malloc.mjs';

const root = path.resolve(import.meta.dirname, '..');

describe('the server malloc setting', () => {
  it('is added to the tunables already set, and not again when the threshold is set', () => {
    expect(withServerMalloc(undefined)).toBe(serverMallocTunable);
    expect(withServerMalloc('')).toBe(serverMallocTunable);
    expect(withServerMalloc('glibc.malloc.hugetlb=1')).toBe(
      `glibc.malloc.hugetlb=1:${serverMallocTunable}`,
    );
    expect(withServerMalloc('glibc.malloc.mmap_threshold=65536')).toBe(
      'glibc.malloc.mmap_threshold=65536',
    );
  });

  it('is the one the production image sets', () => {
    const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
    expect(dockerfile).toContain(`GLIBC_TUNABLES=${serverMallocTunable}`);
  });

  it('reaches a process started with it (a node replaced by process.execve keeps its pid)', () => {
    if (process.platform !== 'linux') return;
    // What start.mjs does, in small: this node becomes another with the setting in its
    // environment, which glibc reads at start.
    const script = `
      import { withServerMalloc } from ${JSON.stringify(path.join(root, 'scripts/server-malloc.mjs'))};
      process.execve(process.execPath, [process.execPath, '-e',
        'console.log(JSON.stringify({ pid: process.pid, tunables: process.env.GLIBC_TUNABLES }))'],
        { ...process.env, GLIBC_TUNABLES: withServerMalloc(process.env.GLIBC_TUNABLES) });
    `;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
      env: { ...process.env, GLIBC_TUNABLES: '' },
    });
    expect(run.status).toBe(0);
    const seen = JSON.parse(run.stdout);
    expect(seen).toEqual({ pid: run.pid, tunables: serverMallocTunable });
  });
});
