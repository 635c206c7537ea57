// `npm start` reports a busy port before it builds anything.
import { spawnSync } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { busyAddress } from './port-check.mjs';

const root = path.resolve(import.meta.dirname, '..');
const listener = net.createServer();
let port = 0;

beforeAll(async () => {
  await new Promise((resolve) => listener.listen(0, '127.0.0.1', () => resolve(undefined)));
  port = /** @type {net.AddressInfo} */ (listener.address()).port;
});
afterAll(() => new Promise((resolve) => listener.close(() => resolve(undefined))));

describe('busyAddress', () => {
  it('names the address on which the port is taken', async () => {
    expect(await busyAddress('127.0.0.1', port)).toBe('127.0.0.1');
    // localhost is checked on each of its addresses; 127.0.0.1 is one of them.
    expect(await busyAddress('localhost', port)).toBe('127.0.0.1');
    // A server on every interface could not listen either.
    expect(await busyAddress('0.0.0.0', port)).toBe('0.0.0.0');
  });

  it('is undefined for a free port, and leaves port 0 and unknown hosts to the server', async () => {
    const free = net.createServer();
    await new Promise((resolve) => free.listen(0, '127.0.0.1', () => resolve(undefined)));
    const freePort = /** @type {net.AddressInfo} */ (free.address()).port;
    await new Promise((resolve) => free.close(() => resolve(undefined)));
    expect(await busyAddress('127.0.0.1', freePort)).toBeUndefined();
    expect(await busyAddress('127.0.0.1', 0)).toBeUndefined();
    expect(await busyAddress('no-such-host.invalid', 3000)).toBeUndefined();
  });
});

it('npm start stops at once on a busy port, naming it and how to choose another, before building', () => {
  const run = spawnSync(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), FORCE_BUILD: '1' },
    encoding: 'utf8',
    timeout: 15_000,
  });
  expect(run.status).toBe(1);
  expect(run.stderr).toContain(`Port ${port} on 127.0.0.1 is already in use`);
  expect(run.stderr).toContain(`PORT=${port + 1} npm start`);
  // FORCE_BUILD=1 would have built both at once: nothing was.
  expect(run.stdout).not.toContain('building');
}, 20_000);
