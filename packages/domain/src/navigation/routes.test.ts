import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  loginRedirectFor,
  matchRoute,
  needsLogin,
  type QueryLike,
  routes,
  safeReturnPath,
} from './routes';

function query(search: string): QueryLike {
  const map = new Map(
    search
      .split('&')
      .filter(Boolean)
      .map((pair) => pair.split('=') as [string, string]),
  );
  return { get: (name) => map.get(name) ?? null };
}

describe('route table', () => {
  it('declares each path once', () => {
    const paths = routes.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('matches parameterised routes', () => {
    expect(matchRoute('/notes/42')?.screen).toBe('note');
    expect(matchRoute('/notes')?.screen).toBe('notes');
    expect(matchRoute('/notes/')?.screen).toBe('notes');
    expect(matchRoute('/nope')).toBeUndefined();
  });

  it('splits public and protected routes as the spec says', () => {
    for (const p of [
      '/login',
      '/register',
      '/account-created',
      '/resetpw/abc',
      '/terms',
      '/meet',
    ]) {
      expect(needsLogin(p)).toBe(false);
    }
    for (const p of ['/notes', '/care', '/payments', '/prepay-edit/3', '/transactions/receipt']) {
      expect(needsLogin(p)).toBe(true);
    }
    expect(needsLogin('/')).toBe(false);
    expect(needsLogin('/unknown-route')).toBe(false);
  });

  it('carries to, id and itemId through the login redirect', () => {
    expect(loginRedirectFor('/notes', query(''))).toBe('/login?to=%2Fnotes');
    expect(loginRedirectFor('/care', query('id=REF1&itemId=9&x=1'))).toBe(
      '/login?to=%2Fcare&id=REF1&itemId=9',
    );
  });

  it('only returns to known in-app paths', () => {
    expect(safeReturnPath('/notes')).toBe('/notes');
    expect(safeReturnPath('/notes/5')).toBe('/notes/5');
    expect(safeReturnPath('//evil.example')).toBe('/');
    expect(safeReturnPath('https://evil.example')).toBe('/');
    expect(safeReturnPath('/login')).toBe('/');
    expect(safeReturnPath(null)).toBe('/');
    fc.assert(
      fc.property(fc.string(), (s) => {
        const out = safeReturnPath(s);
        expect(out.startsWith('/') && !out.startsWith('//')).toBe(true);
      }),
    );
  });
});
