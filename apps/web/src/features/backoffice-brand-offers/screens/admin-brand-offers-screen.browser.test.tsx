import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import type { SessionProfile } from '@apothecall/domain/accounts/accounts.schemas';
import {
  type BrandCoupon,
  type BrandSubscriptions,
  createCouponRequestSchema,
} from '@apothecall/domain/brands/brand-offers.api';
import axe from 'axe-core';
import { Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { loadScreenTexts, setLanguage } from '../../../lib/i18n';
import { clearSession, setSession } from '../../../lib/session-store';
import { cleanupApp, renderWithApp } from '../../../testing/render';
import {
  createBrandCoupon,
  getBrandCoupons,
  getBrandReferrals,
  getBrandSubscriptions,
  updateBrandCoupon,
} from '../api';
import { AdminBrandOffersScreen } from './admin-brand-offers-screen';

vi.mock('../api', async (original) => ({
  ...(await original<typeof import('../api')>()),
  getBrandCoupons: vi.fn(),
  createBrandCoupon: vi.fn(),
  updateBrandCoupon: vi.fn(),
  getBrandReferrals: vi.fn(),
  getBrandSubscriptions: vi.fn(),
}));

/**
 * A brand's offers in Chromium (was e2e/backoffice-brand-offers.spec.ts, moved here to keep CI
 * short): the operator creates a 25%-off coupon typing its code in lower case, the row shows it
 * upper-cased, "25% off" and "In use"; "Stop CODE" stops it and the row says Stopped. English and
 * Spanish; axe finds nothing serious. A patient applying the coupon at checkout ($36.75) and a
 * stopped one refused is coupons-admin.int.test.ts's (both databases).
 */
const profile: SessionProfile = {
  id: '00000000-0000-4000-8000-0000000000ad',
  personId: '00000000-0000-4000-8000-0000000000ad',
  name: 'Paula Admin',
  role: 'admin',
  loginId: 'admin@apothecall.test',
  brandId: 'apothecall',
  credentials: { from: null, role: 'admin', organizationType: null },
  permissions: [],
  users: [
    {
      id: '00000000-0000-4000-8000-0000000000ad',
      personId: '00000000-0000-4000-8000-0000000000ad',
      name: 'Paula Admin',
      firstName: 'Paula',
      lastName: 'Admin',
      relation: 'self',
    },
  ],
};

const save20: BrandCoupon = {
  code: 'SAVE20',
  kind: 'percent',
  value: 20,
  title: '',
  message: '',
  expiresAt: null,
  maxRedemptions: null,
  redemptions: 3,
  redeemed: true,
  active: true,
  usable: true,
};

const catalog = {
  plans: [
    { plan: 'individual' as const, period: 'annual' as const, monthlyCents: 2500, freeMonths: 1 },
  ],
  memberVisitCents: 1000,
  nonmemberVisitCents: 3500,
  rxServices: [],
};
const subscriptions: BrandSubscriptions = { error: false, sells: true, catalog, defaults: catalog };

/**
 * The server as the screen sees it: a created coupon goes through the request's own schema (which
 * upper-cases the code, as the server's does) and is listed; stopping one makes it inactive.
 */
function serve() {
  let coupons: BrandCoupon[] = [save20];
  vi.mocked(getBrandCoupons).mockImplementation(async () => ({ feeCents: 4900, coupons }));
  vi.mocked(createBrandCoupon).mockImplementation(async (_brand, body) => {
    const parsed = createCouponRequestSchema.parse(body);
    const coupon: BrandCoupon = {
      ...parsed,
      redemptions: 0,
      redeemed: false,
      active: true,
      usable: true,
    };
    coupons = [...coupons, coupon];
    return coupon;
  });
  vi.mocked(updateBrandCoupon).mockImplementation(async (_brand, code, body) => {
    const active = body.active ?? true;
    coupons = coupons.map((c) => (c.code === code ? { ...c, active, usable: active } : c));
    const changed = coupons.find((c) => c.code === code);
    if (!changed) throw new Error(`no coupon ${code}`);
    return changed;
  });
  vi.mocked(getBrandReferrals).mockResolvedValue({ feeCents: 4900, referrals: [] });
  vi.mocked(getBrandSubscriptions).mockResolvedValue(subscriptions);
}

async function render() {
  const { host } = await renderWithApp(
    <Routes>
      <Route path="/admin/brands/:id/offers" element={<AdminBrandOffersScreen />} />
    </Routes>,
    { theme: 'brand', notifications: true, route: '/admin/brands/apothecall/offers' },
  );
  await expect.poll(() => host.querySelector('[data-testid="coupon-SAVE20"]')).not.toBeNull();
  await expect.poll(() => host.querySelector('[data-testid="coupon-new"]')).not.toBeNull();
  return host;
}

async function expectNoSeriousAxe(where: string) {
  const result = await axe.run(document.body, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
  });
  const serious = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 120)).join(', ')}`);
  expect(serious, `axe on ${where}`).toEqual([]);
}

/** The input a visible label names inside `within` (Mantine links them by id). */
function field(within: HTMLElement, text: string): HTMLElement {
  const label = [...within.querySelectorAll('label')].find(
    (l) => l.textContent?.replace(/\s*\*$/, '').trim() === text,
  );
  const input = label?.htmlFor ? document.getElementById(label.htmlFor) : null;
  if (!input) throw new Error(`no field labelled ${text}`);
  return input;
}

const texts = {
  en: {
    title: 'Offers of apothecall',
    code: 'Code',
    percent: 'Percent off',
    label: 'Title',
    add: 'New coupon',
    created: (code: string) => `The coupon ${code} was created.`,
    off: '25% off',
    usable: 'In use',
    stop: 'Stop',
    stopped: 'Stopped',
  },
  es: {
    title: 'Ofertas de apothecall',
    code: 'Código',
    percent: 'Porcentaje de descuento',
    label: 'Título',
    add: 'Nuevo cupón',
    created: (code: string) => `Se creó el cupón ${code}.`,
    off: '25% de descuento',
    usable: 'En uso',
    stop: 'Detener',
    stopped: 'Detenido',
  },
} as const;

beforeAll(async () => {
  await loadScreenTexts();
});

afterEach(async () => {
  await cleanupApp();
  clearSession();
  for (const fn of [
    getBrandCoupons,
    createBrandCoupon,
    updateBrandCoupon,
    getBrandReferrals,
    getBrandSubscriptions,
  ]) {
    vi.mocked(fn).mockReset();
  }
});

afterAll(() => setLanguage('en'));

describe('AdminBrandOffersScreen', () => {
  for (const lang of ['en', 'es'] as const) {
    const say = texts[lang];
    it(`creates a 25%-off coupon typed in lower case, then stops it (${lang})`, async () => {
      await setLanguage(lang);
      setSession({ token: 'session-token', profile });
      serve();
      const host = await render();
      expect(host.querySelector('h1')?.textContent).toBe(say.title);

      const form = host.querySelector<HTMLElement>('[data-testid="coupon-new"]');
      if (!form) throw new Error('no new-coupon form');
      await userEvent.fill(field(form, say.code), 'spring25');
      await userEvent.fill(field(form, say.percent), '25');
      await userEvent.fill(field(form, say.label), 'Spring');
      const add = [...form.querySelectorAll<HTMLElement>('button[type="submit"]')].find(
        (b) => b.textContent === say.add,
      );
      if (!add) throw new Error('no New coupon button');
      await userEvent.click(add);

      const row = () => host.querySelector<HTMLElement>('[data-testid="coupon-SPRING25"]');
      await expect.poll(() => row()?.textContent).toContain(say.off);
      expect(createBrandCoupon).toHaveBeenCalledWith(
        'apothecall',
        expect.objectContaining({ code: 'spring25', kind: 'percent', value: 25, title: 'Spring' }),
      );
      expect(row()?.textContent).toContain('SPRING25');
      expect(row()?.textContent).toContain('Spring');
      expect(row()?.textContent).toContain(say.usable);
      await expect.poll(() => document.body.textContent).toContain(say.created('SPRING25'));
      await expectNoSeriousAxe(`a brand's offers (${lang})`);

      const stop = row()?.querySelector<HTMLElement>(`button[aria-label="${say.stop} SPRING25"]`);
      if (!stop) throw new Error('no Stop SPRING25 button');
      await userEvent.click(stop);
      await expect.poll(() => row()?.textContent).toContain(say.stopped);
      expect(updateBrandCoupon).toHaveBeenCalledWith('apothecall', 'SPRING25', { active: false });
      expect(row()?.textContent).not.toContain(say.usable);
      expect(host.querySelector('[data-testid="coupon-SAVE20"]')?.textContent).toContain(
        say.usable,
      );
    });
  }
});
