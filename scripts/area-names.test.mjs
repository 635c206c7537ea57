// One name per area in the three packages: a feature folder of the server
// (apps/server/src/features/<name>) or of the web app (apps/web/src/features/<name>) is named
// after an area of the domain (packages/domain/src/<area>), either exactly or as
// `<area>-<part>` when the area is split by job (backoffice-people, rx-forms). The exceptions
// and the domain's folders that are no area of their own are listed here with their reason, so
// a new name is a decision written down, not a drift.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const folders = (/** @type {string} */ dir) =>
  readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

const domain = folders('packages/domain/src');
const server = folders('apps/server/src/features');
const web = folders('apps/web/src/features');

/** Domain folders that hold what every area shares, not an area's rules and contracts. */
const sharedByAreas = {
  common: 'path and query pieces every area uses (common.api.ts)',
  dates: 'days, times and zones',
  errors: 'the error envelope and its codes',
  i18n: 'the catalogues that merge every area’s texts',
  messaging: 'visit messages, pharmacy e-mails and real-time payloads, used by care, inbox and rx',
  navigation: 'the route table and who may open what',
  ops: 'the background job queue’s operator calls (the back office’s jobs screen)',
  places: 'addresses and US states',
  pricing: 'price types and their order, used by payments, prepay and subscriptions',
  realtime: 'socket event names and payloads',
  session: 'the session and its tokens',
  validation: 'zod glue and the shared answer shape',
};

/** Feature folders with no domain area, and why. */
const withoutDomainArea = {
  'server native': 'serves the native apps’ link files; it has no contract to share',
};

/** The domain area a feature folder belongs to, or undefined. */
function areaOf(/** @type {string} */ name) {
  if (domain.includes(name)) return name;
  const split = domain.find((area) => name.startsWith(`${area}-`));
  return split;
}

describe('area names', () => {
  it('names every server and web feature folder after a domain area', () => {
    const stray = [
      ...server.map((name) => `server ${name}`),
      ...web.map((name) => `web ${name}`),
    ].filter((where) => {
      const name = where.split(' ')[1] ?? '';
      return !areaOf(name) && !(where in withoutDomainArea);
    });
    expect(stray).toEqual([]);
  });

  it('has no domain area of its own in a shared folder, and no shared folder that is gone', () => {
    const named = new Set([...server, ...web].map(areaOf));
    expect(Object.keys(sharedByAreas).filter((folder) => named.has(folder))).toEqual([]);
    expect(Object.keys(sharedByAreas).filter((folder) => !domain.includes(folder))).toEqual([]);
  });

  it('gives every domain area a server or web feature folder', () => {
    const named = new Set([...server, ...web].map(areaOf));
    const orphans = domain.filter((area) => !(area in sharedByAreas) && !named.has(area));
    expect(orphans).toEqual([]);
  });

  it('keeps the listed exceptions true', () => {
    for (const where of Object.keys(withoutDomainArea)) {
      const [side, name = ''] = where.split(' ');
      expect(side === 'server' ? server : web).toContain(name);
      expect(areaOf(name)).toBeUndefined();
    }
  });
});
