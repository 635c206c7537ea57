import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { frameworkErrorOptions, httpConventions } from './http';
import type { SessionsService } from './sessions/sessions.service';

/**
 * Errors Fastify raises before any route or hook runs (an undecodable path, an over-long path
 * parameter) answer the same envelope as everything else, in the request's language, and never
 * repeat what the client sent. The whole app passes `frameworkErrorOptions` to Fastify();
 * this builds the smallest server with the same options.
 */
describe('framework errors', () => {
  const app = Fastify({ logger: false, ...frameworkErrorOptions });
  beforeAll(async () => {
    await app.register(httpConventions, { sessions: {} as SessionsService });
    app.get('/api/whiteLabel/:id', async (request) => ({
      id: (request.params as { id: string }).id,
    }));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers an undecodable path with 400 and the envelope, in Spanish when asked', async () => {
    const es = await app.inject({
      method: 'GET',
      url: '/api/whiteLabel/%ZZ',
      headers: { 'x-app-params': 'lang=es' },
    });
    expect(es.statusCode).toBe(400);
    expect(es.json()).toEqual({
      error: true,
      errorMsg: 'No se pudo leer la solicitud. Inténtelo de nuevo.',
      errorCode: 'BAD_URL',
    });
    expect(es.body).not.toContain('%ZZ');
    expect(es.headers['content-type']).toMatch(/^application\/json/);
    expect(es.headers['x-request-id']).toMatch(/^req-\d+$/);
    const viaAccept = await app.inject({
      method: 'GET',
      url: '/api/whiteLabel/%E0%A4%A',
      headers: { 'accept-language': 'es-MX,es;q=0.9' },
    });
    expect(viaAccept.json().errorMsg).toBe('No se pudo leer la solicitud. Inténtelo de nuevo.');
    const en = await app.inject({ method: 'GET', url: '/api/whiteLabel/%ZZ' });
    expect(en.json().errorMsg).toBe('The request could not be read. Please try again.');
  });

  it('answers an over-long path parameter with 414 and the envelope, echoing nothing', async () => {
    const long = `<script>${'a'.repeat(3_000)}`;
    const res = await app.inject({
      method: 'GET',
      url: `/api/whiteLabel/${long}`,
      headers: { 'x-app-params': 'lang=es' },
    });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({
      error: true,
      errorMsg: 'No se pudo leer la solicitud. Inténtelo de nuevo.',
      errorCode: 'URL_TOO_LONG',
    });
    expect(res.body).not.toContain('script');
    expect(res.body).not.toContain('aaaa');
  });

  it('still serves parameters of ordinary length', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/whiteLabel/apothecall' });
    expect(res.json()).toEqual({ id: 'apothecall' });
  });
});
