import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { requireSession } from './http';
import { needsSession, operationIdOf } from './openapi';

describe('operationIdOf', () => {
  it('is the method and the words of the path after /api, a parameter as By<Name>', () => {
    expect(operationIdOf('GET', '/api/account/profile')).toBe('getAccountProfile');
    expect(operationIdOf('DELETE', '/api/account/devices/:id')).toBe('deleteAccountDevicesById');
    expect(operationIdOf('POST', '/api/account/authIdToken')).toBe('postAccountAuthIdToken');
    expect(operationIdOf('POST', '/api/get-productInfo-v2')).toBe('postGetProductInfoV2');
    expect(operationIdOf('GET', '/api/pharmacy/crm/customers/:id/interactions')).toBe(
      'getPharmacyCrmCustomersByIdInteractions',
    );
  });

  it('names paths outside /api, wildcards and already-converted parameters too', () => {
    expect(operationIdOf('GET', '/.well-known/assetlinks.json')).toBe('getWellKnownAssetlinksJson');
    expect(operationIdOf('GET', '/app/{action}')).toBe('getAppByAction');
    expect(operationIdOf('GET', '/files/*')).toBe('getFilesAny');
    expect(operationIdOf('GET', '/apiary')).toBe('getApiary');
  });
});

describe('needsSession', () => {
  const other = async (_request: FastifyRequest) => {};

  it('is true when requireSession is the preHandler or one of them', () => {
    expect(needsSession({ preHandler: requireSession })).toBe(true);
    expect(needsSession({ preHandler: [requireSession, other] })).toBe(true);
  });

  it('is false for a route without it', () => {
    expect(needsSession({})).toBe(false);
    expect(needsSession({ preHandler: other })).toBe(false);
    expect(needsSession({ preHandler: [other] })).toBe(false);
  });
});
