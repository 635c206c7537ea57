import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseKinds, seededServerData } from '../../../test/harness';
import { freePort } from '../../../test/ports';
import { serverEntry } from '../../../test/run-files';
import { openDatabase } from '../../db/client';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

interface Running {
  proc: ChildProcess;
  url: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * main.ts in a child process on a port that is free right now. Under a loaded CI machine the
 * first start (migrations and demo seed) can take a while, so it waits up to two minutes, and
 * fails at once, with what the child printed, if the child exits first.
 */
async function start(env: Record<string, string>): Promise<Running> {
  const port = await freePort();
  const main = await serverEntry('main');
  const proc = spawn(main.command, main.args, {
    cwd: serverDir,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      REDIS_URL: '',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  proc.stderr?.on('data', (chunk) => {
    output = (output + String(chunk)).slice(-8_000);
  });
  let gone = false;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.once('exit', (code, signal) => {
      gone = true;
      resolve({ code, signal });
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline && !gone) {
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { proc, url, exited };
    await new Promise((r) => setTimeout(r, 250));
  }
  proc.kill('SIGKILL');
  throw new Error(`server did not start${gone ? ' (it exited)' : ''}:\n${output}`);
}

async function call(
  url: string,
  method: string,
  pathname: string,
  token: string | null,
  body?: unknown,
) {
  const res = await fetch(`${url}/api${pathname}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? null : JSON.stringify(body),
  });
  return {
    status: res.status,
    json: (await res.json()) as Record<string, unknown> & { [k: string]: never },
  };
}

describe.each(databaseKinds)(
  'a server killed between the gateway approval and the commit (%s)',
  (kind) => {
    const running: Running[] = [];
    const disposals: (() => Promise<void>)[] = [];
    afterAll(async () => {
      for (const r of running) r.proc.kill('SIGKILL');
      await Promise.all(running.map((r) => r.exited));
      for (const dispose of disposals) await dispose();
    });

    it('ends, after restart, with exactly one charge recorded and the retry answered from it', async () => {
      // Migrated and seeded already: the two starts below only open it (test/harness.ts).
      const target = await seededServerData(kind, 'apothecall-crash-');
      disposals.push(target.dispose);
      const first = await start({ ...target.env, FAULT_INJECTION: 'crash-after-gateway' });
      running.push(first);
      const loginBody = {
        loginId: 'patient@apothecall.test',
        password: 'Apothecall-Demo-1',
        platform: 'web',
        version: 'test',
      };
      const token = (await call(first.url, 'POST', '/account/token', null, loginBody)).json
        .token as unknown as string;
      const cards = await call(first.url, 'POST', '/account/payments/profiles', token, {
        profileID: null,
        signature: null,
        card: {
          cardHolderName: 'Maria Rivera',
          ccNumber: '4111111111111111',
          cvv: '123',
          expiration: `12/${(new Date().getUTCFullYear() + 2) % 100}`,
          cardZip: '33132',
        },
      });
      expect(cards.status).toBe(200);
      const paymentProfileId = (
        cards.json.payProfiles as unknown as { card: { profileID: string } }[]
      )[0]?.card.profileID;
      const { priceToken } = (await call(first.url, 'GET', '/account/pricing/default', token))
        .json as unknown as { priceToken: string };
      const charge = {
        priceToken,
        paymentProfileId,
        idempotencyKey: 'crash-test-key-1',
        description: 'Video visit',
      };

      // The server dies mid-request: the client sees the connection drop, not an answer.
      await expect(call(first.url, 'POST', '/payments/charge', token, charge)).rejects.toThrow();
      expect((await first.exited).signal).toBe('SIGKILL');

      await new Promise((r) => setTimeout(r, 1_100));
      const second = await start({ ...target.env, PAYMENT_RECONCILE_AFTER_SECONDS: '1' });
      running.push(second);
      const token2 = (await call(second.url, 'POST', '/account/token', null, loginBody)).json
        .token as unknown as string;
      // The demo patient's list also holds the seed's paid Rx visit ($35.00); this charge is $49.
      // The restarted server settles the pending charge in its reconcile job, which pg-boss starts
      // beside the first requests: the list is read until the job has run (a loaded CI machine
      // answered the list first), and then it holds exactly one charge.
      const charges = async () =>
        (
          (await call(second.url, 'POST', '/transactionsGET', token2, {})).json
            .transactions as unknown as { id: string; amount: number }[]
        ).filter((tx) => tx.amount !== 3500);
      let list = await charges();
      for (let tries = 0; list.length === 0 && tries < 240; tries++) {
        await new Promise((r) => setTimeout(r, 250));
        list = await charges();
      }
      expect(list).toHaveLength(1);
      expect(list[0]?.amount).toBe(4900);
      // The client's retry with the same key gets that charge, and nothing is charged again.
      const retry = await call(second.url, 'POST', '/payments/charge', token2, charge);
      expect(retry.status).toBe(200);
      expect((retry.json.transaction as unknown as { id: string }).id).toBe(list[0]?.id);
      second.proc.kill('SIGTERM');
      await second.exited;

      const db =
        kind === 'pglite'
          ? await openDatabase({ kind: 'pglite', dataDir: path.join(target.dataDir, 'pglite') })
          : await openDatabase({ kind: 'postgres', url: target.url ?? '' });
      const count = async (query: string) =>
        Number(
          ((await db.db.execute(sql.raw(query))) as unknown as { rows: { n: number | string }[] })
            .rows[0]?.n,
        );
      expect(
        await count(`select count(*) as n from sandbox_gateway where kind = 'transaction'`),
      ).toBe(1);
      // The demo seed's own charges (demo-analytics.ts, fingerprint 'demo:…') are left aside.
      expect(
        await count(
          `select count(*) as n from ledger where state = 'succeeded' and kind = 'charge' and fingerprint not like 'demo:%'`,
        ),
      ).toBe(1);
      expect(await count(`select count(*) as n from ledger where state = 'pending'`)).toBe(0);
      await db.close();
    }, 300_000);
  },
);
