import { describe, expect, it } from 'vitest';
import { type GuardSession, guardRoute } from '../navigation/route-guard.rules';
import { routes } from '../navigation/routes';
import { errorKindOf, maskRecipient, outboxParamsSchema } from './jobs-admin.api';

describe('jobs and outbox: what an operator sees', () => {
  it('masks recipients: the first letter and domain of an e-mail, the last four of a phone', () => {
    expect(maskRecipient('email', 'patient@apothecall.test')).toBe('p…@apothecall.test');
    expect(maskRecipient('sms', '+1 (305) 555-0142')).toBe('…0142');
    expect(maskRecipient('sms', '12')).toBe('…12');
    expect(maskRecipient('push', 'token')).toBe('…');
  });

  it('reduces an error to its code, or its words without addresses or numbers', () => {
    expect(errorKindOf('connect ECONNREFUSED 127.0.0.1:25')).toBe('ECONNREFUSED');
    expect(errorKindOf(null)).toBeNull();
    const kind = errorKindOf("Can't send mail to patient@apothecall.test at +13055550142");
    expect(kind).not.toContain('patient@');
    expect(kind).not.toContain('5550142');
  });

  it('takes only a positive safe integer as an outbox id', () => {
    expect(outboxParamsSchema.safeParse({ id: '12' }).success).toBe(true);
    for (const id of ['abc', '-4', '0', '1.5', '99999999999999999999']) {
      expect(outboxParamsSchema.safeParse({ id }).success).toBe(false);
    }
  });
});

describe('/admin/jobs in the route guard (step 4h)', () => {
  const session: GuardSession = {
    loggedIn: true,
    role: 'admin',
    credentials: { from: 'acme', role: 'admin' },
    permissions: [],
    price: 4900,
    priceType: 'default',
    priceObj: { price: 4900 },
  };
  const guard = (role: string) =>
    guardRoute({
      path: '/admin/jobs',
      session: { ...session, role },
      brand: { homePage: '/', appSettings: {} },
      rxVisits: [],
    });

  it('is declared, admits the admin and sends support and every other role home', () => {
    expect(routes.some((r) => r.path === '/admin/jobs' && r.screen === 'adminJobs')).toBe(true);
    expect(guard('admin')).toEqual({ kind: 'allow' });
    for (const role of ['support', 'patient', 'provider', 'pharmacist']) {
      expect(guard(role)).toMatchObject({ kind: 'redirect', message: 'navigation.unauthorized' });
    }
  });
});
