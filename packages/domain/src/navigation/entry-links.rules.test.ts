import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  afterLogoutPath,
  isExternalLink,
  parseEntryLink,
  parseNativeLink,
  parseQueryString,
  webRouteForNativeLink,
} from './entry-links.rules';

const web = (search: string) => parseEntryLink({ kind: 'web', query: parseQueryString(search) });
const native = (url: string) => parseEntryLink({ kind: 'native', url });

describe('web entry links (spec section 2)', () => {
  it('query id sets the referral code, with an optional itemId', () => {
    expect(web('?id=REF1')).toEqual({ referralCode: 'REF1' });
    expect(web('id=REF1&itemId=42')).toEqual({ referralCode: 'REF1', itemId: '42' });
  });

  it('query company loads that white-label', () => {
    expect(web('company=pharma1')).toEqual({ company: 'pharma1' });
  });

  it('query to, with itemId, is carried through the login redirect', () => {
    expect(web('to=%2Fcare&itemId=9')).toEqual({ returnTo: '/care', itemId: '9' });
  });

  it('drops a `to` that is not an in-app route', () => {
    expect(web('to=https%3A%2F%2Fevil.example')).toEqual({});
    expect(web('to=%2F%2Fevil.example')).toEqual({});
  });

  it('ignores empty values', () => {
    expect(web('id=&company=')).toEqual({});
  });
});

describe('native deep links', () => {
  it('deepLinked with id sets the referral code', () => {
    expect(native('apothecall://deepLinked?id=ABC')).toEqual({ referralCode: 'ABC' });
  });

  it('logIn with id sets the referral code and goes to /login', () => {
    expect(native('https://app.example.com/#/logIn?id=ABC')).toEqual({
      referralCode: 'ABC',
      navigateTo: '/login',
    });
  });

  it('an unknown action does nothing', () => {
    expect(native('apothecall://other?id=ABC')).toEqual({});
    expect(parseNativeLink('apothecall://x/deepLinked').action).toBe('deepLinked');
  });
});

describe('universal and app links opened without the app', () => {
  it('logIn with id lands on /login with the referral code', () => {
    expect(webRouteForNativeLink('https://app.example.com/app/logIn?id=FRIEND10')).toBe(
      '/#/login?id=FRIEND10',
    );
  });

  it('deepLinked with id and itemId lands on Home with both', () => {
    expect(webRouteForNativeLink('/app/deepLinked?id=A%26B&itemId=42')).toBe(
      '/#/?id=A%26B&itemId=42',
    );
  });

  it('an unknown action or no id lands on Home and carries nothing', () => {
    expect(webRouteForNativeLink('/app/elsewhere?id=X')).toBe('/#/');
    expect(webRouteForNativeLink('/app/logIn')).toBe('/#/login');
  });

  it('the same address opened by the app gives the same intent', () => {
    expect(native('https://app.example.com/app/logIn?id=FRIEND10')).toEqual({
      referralCode: 'FRIEND10',
      navigateTo: '/login',
    });
  });
});

describe('after logout', () => {
  it('goes to the given path, otherwise to the root', () => {
    expect(afterLogoutPath('/login')).toBe('/login');
    expect(afterLogoutPath(undefined)).toBe('/');
    expect(afterLogoutPath('https://evil.example')).toBe('/');
    expect(afterLogoutPath('//evil.example')).toBe('/');
  });
});

describe('external links need confirmation', () => {
  const app = 'https://app.apothecall.test';

  it('relative links and hash routes stay in the app', () => {
    expect(isExternalLink('/#/care', app)).toBe(false);
    expect(isExternalLink('#/notes', app)).toBe(false);
    expect(isExternalLink('terms.html', app)).toBe(false);
  });

  it('the same origin stays, default ports included', () => {
    expect(isExternalLink('https://APP.apothecall.test:443/#/care', app)).toBe(false);
  });

  it('other origins, protocol-relative links and other schemes leave the app', () => {
    expect(isExternalLink('https://example.com', app)).toBe(true);
    expect(isExternalLink('http://app.apothecall.test', app)).toBe(true);
    expect(isExternalLink('https://app.apothecall.test:8443', app)).toBe(true);
    expect(isExternalLink('//example.com/x', app)).toBe(true);
    expect(isExternalLink('mailto:help@example.com', app)).toBe(true);
    expect(isExternalLink('https://app.apothecall.test.evil.com', app)).toBe(true);
    expect(isExternalLink('https://app.apothecall.test@evil.com', app)).toBe(true);
  });

  it('law: any https URL on another domain is external', () => {
    fc.assert(
      fc.property(fc.domain(), (d) => {
        fc.pre(d.toLowerCase() !== 'app.apothecall.test');
        expect(isExternalLink(`https://${d}/page`, app)).toBe(true);
      }),
    );
  });

  it('law: any in-app path is internal', () => {
    const segment = fc.stringMatching(/^[A-Za-z0-9._~:@!$&'()*+,;=-]{1,12}$/);
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 5 }), fc.boolean(), (segments, hash) => {
        const path = `${hash ? '/#/' : '/'}${segments.join('/')}`;
        expect(isExternalLink(path, app)).toBe(false);
      }),
    );
  });
});
