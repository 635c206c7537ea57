import { routes } from '@apothecall/domain/navigation/routes';
import { describe, expect, it } from 'vitest';
import {
  type FirstScreenMap,
  type FirstScreenPage,
  firstScreenFiles,
  firstScreenRoutes,
  firstScreenScript,
} from '../../first-screen';

/**
 * The first screen's files the page announces before the entry has run (apps/web/first-screen.ts,
 * written by vite.config.ts): the page's language picked as lib/i18n.ts picks it, the screen as
 * `preloadScreen` picks it for a signed-out visitor, and the written script runs on its own.
 */
const map: FirstScreenMap = {
  texts: { en: ['/assets/core.en.js'], es: ['/assets/core.es.js'] },
  routes: firstScreenRoutes(routes, ['login', 'register', 'resetPassword', 'home']),
  fallback: 'home',
  screens: {
    login: ['/assets/login.js', '/assets/text-input.js'],
    register: ['/assets/register.js'],
    resetPassword: ['/assets/reset.js'],
    home: ['/assets/landing.js'],
  },
};
const page = (over: Partial<FirstScreenPage>): FirstScreenPage => ({
  hash: '',
  storedLanguage: null,
  languages: ['en-US'],
  signedIn: false,
  ...over,
});

describe('the first screen’s files', () => {
  it('are the texts and the login screen on /#/login, in the language kept on the device', () => {
    expect(firstScreenFiles(map, page({ hash: '#/login', storedLanguage: 'es' }))).toEqual([
      '/assets/core.es.js',
      '/assets/login.js',
      '/assets/text-input.js',
    ]);
  });

  it('take the first of the browser’s languages the app has, else English', () => {
    expect(
      firstScreenFiles(map, page({ hash: '#/register', languages: ['fr-FR', 'es-MX', 'en'] })),
    ).toEqual(['/assets/core.es.js', '/assets/register.js']);
    expect(firstScreenFiles(map, page({ hash: '#/register', languages: ['fr'] }))).toEqual([
      '/assets/core.en.js',
      '/assets/register.js',
    ]);
  });

  it('are the login screen on a page that needs a session, a parameter matched as the app does', () => {
    expect(firstScreenFiles(map, page({ hash: '#/notes/42?x=1' }))).toContain('/assets/login.js');
    expect(firstScreenFiles(map, page({ hash: '#/resetpw/abc' }))).toContain('/assets/reset.js');
    expect(firstScreenFiles(map, page({ hash: '#/clinic/' }))).toContain('/assets/login.js');
  });

  it('are the landing screen at Home and at an unknown address, and only the texts elsewhere', () => {
    expect(firstScreenFiles(map, page({ hash: '' }))).toContain('/assets/landing.js');
    expect(firstScreenFiles(map, page({ hash: '#/no-such-page' }))).toContain('/assets/landing.js');
    expect(firstScreenFiles(map, page({ hash: '#/terms' }))).toEqual(['/assets/core.en.js']);
  });

  it('are only the texts for a signed-in visitor', () => {
    expect(firstScreenFiles(map, page({ hash: '#/login', signedIn: true }))).toEqual([
      '/assets/core.en.js',
    ]);
  });

  /**
   * The written script run on its own against a page of stand-ins: the storage's `getItem`, the
   * hash and the browser's languages; answers the links it appended to the head.
   */
  function runScript(getItem: (key: string) => string | null, hash: string, languages: string[]) {
    const links: { rel: string; href: string; crossOrigin: string | null }[] = [];
    const document = {
      createElement: () => ({ rel: '', href: '', crossOrigin: null }),
      head: { appendChild: (link: (typeof links)[number]) => links.push(link) },
    };
    const script = firstScreenScript(map, 'apothecall.');
    new Function('localStorage', 'location', 'navigator', 'document', script)(
      { getItem },
      { hash },
      { languages },
      document,
    );
    return links;
  }

  it('are announced by the written script, on its own, as module preloads', () => {
    const links = runScript((key) => (key === 'apothecall.lang' ? 'es' : null), '#/login', [
      'en-US',
    ]);
    expect(links).toEqual([
      { rel: 'modulepreload', href: '/assets/core.es.js', crossOrigin: '' },
      { rel: 'modulepreload', href: '/assets/login.js', crossOrigin: '' },
      { rel: 'modulepreload', href: '/assets/text-input.js', crossOrigin: '' },
    ]);
  });

  it('announce nothing, and throw nothing, without storage', () => {
    const noStorage = () => {
      throw new Error('SecurityError');
    };
    let links: unknown[] = ['not run'];
    expect(() => {
      links = runScript(noStorage, '#/login', []);
    }).not.toThrow();
    expect(links).toEqual([]);
  });
});
