import { describe, expect, it } from 'vitest';
import { link, type ParamsOf } from './links';
import { matchRoute } from './routes';

describe('typed links', () => {
  it('gives a plain route as it is, and fills and encodes a parameter', () => {
    expect(link('/prepay-select')).toBe('/prepay-select');
    expect(link('/notes/:id', { id: 'n1' })).toBe('/notes/n1');
    expect(link('/admin/brands/:id/offers', { id: 'a/b?c' })).toBe(
      '/admin/brands/a%2Fb%3Fc/offers',
    );
    expect(matchRoute(link('/admin/brands/:id/offers', { id: 'a/b?c' }))?.screen).toBe(
      'adminBrandOffers',
    );
  });

  it('adds a query, encoded, leaving out undefined values', () => {
    expect(link('/login', { to: '/notes/n1?x=1', id: undefined })).toBe(
      '/login?to=%2Fnotes%2Fn1%3Fx%3D1',
    );
    expect(link('/redeem/:code', { code: 'AB 12' }, { from: 'mail' })).toBe(
      '/redeem/AB%2012?from=mail',
    );
    expect(link('/login', {})).toBe('/login');
  });

  it('names a pattern’s parameters in its type, and refuses a path the table lacks', () => {
    const names: ParamsOf<'/admin/brands/:id/offers'>[] = ['id'];
    expect(names).toEqual(['id']);
    // @ts-expect-error: not a route of the table
    expect(() => link('/nowhere')).not.toThrow();
    // @ts-expect-error: the pattern needs its id
    expect(() => link('/notes/:id')).toThrow(/no value for :id/);
  });
});
