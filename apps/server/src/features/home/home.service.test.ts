import { homeCountKeysOf } from '@apothecall/domain/home/home-counts.rules';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../platform/actor';
import type { HomeCountSource } from '../../platform/home-counts';
import { createHomeService } from './home.service';

/**
 * A staff member's Home counts, on fakes: the role's keys in the domain's
 * order, each answered by the source that owns it, only those asked for, with the screen where
 * it is acted on; a count no source gave is left out; a patient is refused.
 */
const actor = (accountId: string): Actor => ({
  accountId,
  sessionId: 's',
  meetVisitId: null,
  ip: '127.0.0.1',
  requestId: 'r',
  lang: 'en',
  timeZone: 'America/New_York',
  brand: async () => ({ id: 'apothecall', name: 'Apothecall' }),
});

function service(roles: Record<string, string>, sources: HomeCountSource[]) {
  return createHomeService({ accounts: { role: async (id) => roles[id] }, sources });
}

describe('home counts', () => {
  it("gives the role's counts in its order, each with its screen, asking each source for those keys", async () => {
    const asked: string[][] = [];
    const clinic: HomeCountSource = async (_actor, wanted) => {
      asked.push([...wanted]);
      return { videoWaiting: 3, rxWaiting: 2, rxChangeRequests: 1, rxUnclaimed: 99 };
    };
    const counts = await service({ p1: 'provider' }, [clinic]).counts(actor('p1'));
    const keys = homeCountKeysOf('provider');
    expect(asked).toEqual([[...keys]]);
    expect(counts.map((c) => c.key)).toEqual(keys.filter((k) => k !== 'rxUnclaimed'));
    expect(counts).toContainEqual({ key: 'videoWaiting', count: 3, path: '/clinic' });
    // A key of another role that a source answered anyway is not shown.
    expect(counts.some((c) => c.key === 'rxUnclaimed')).toBe(false);
  });

  it('leaves out a count no source gave, and merges the sources', async () => {
    const keys = homeCountKeysOf('admin');
    const [first, ...rest] = keys;
    const one: HomeCountSource = async () => (first ? { [first]: 5 } : {});
    const none: HomeCountSource = async () => ({});
    const counts = await service({ a1: 'admin' }, [one, none]).counts(actor('a1'));
    expect(counts.map((c) => c.key)).toEqual(first ? [first] : []);
    expect(rest.length).toBeGreaterThan(0);
  });

  it('refuses a patient (403 STAFF_ONLY) and asks no source', async () => {
    let asked = 0;
    const source: HomeCountSource = async () => {
      asked += 1;
      return {};
    };
    await expect(service({ u1: 'patient' }, [source]).counts(actor('u1'))).rejects.toMatchObject({
      status: 403,
      code: 'STAFF_ONLY',
    });
    expect(asked).toBe(0);
  });
});
