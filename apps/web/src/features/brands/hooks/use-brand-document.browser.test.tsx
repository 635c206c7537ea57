import type { WhiteLabelResponse } from '@apothecall/domain/brands/brands.api';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getBrand, setBrand } from '../../../lib/brand-store';
import { cleanupApp, renderWithApp } from '../../../testing/render';
import { useBrandDocument } from './use-brand-document';

/**
 * The page takes the brand's title, theme colour and icons once the brand is known (every
 * brand's page once was 'Apothecall', teal, with the product's favicon), in
 * Chromium: the head starts as index.html writes it.
 */
const houseHead = `
  <meta name="theme-color" content="#0b7285" />
  <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
  <link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />
  <link rel="manifest" href="/manifest.webmanifest" />
  <title>Apothecall</title>`;

function whiteLabel(
  id: string,
  name: string,
  colorPrimary: string,
  iconVersion: string,
): WhiteLabelResponse {
  return {
    error: false,
    whiteLabel: {
      id,
      activated: true,
      logo: `/brand/${id}.svg`,
      colorPrimary,
      colorAccent: '#f59f00',
      colorWarning: '#e03131',
      register: { enabled: true },
      attribution: true,
      homePage: '/',
      backgroundImage: null,
      appSettings: {
        availableLang: ['en', 'es'],
        prepayPurchaseActive: false,
        subscriptionPurchaseActive: false,
        legalNotice: { consentToTreat: null, terms: null },
        consentNotice: {},
        forcedPage: null,
        forcedAuthPage: null,
        showAppStore: false,
        prepayOnly: false,
        appStoreURL: null,
        googlePlayURL: null,
        prepayPricingTypes: [],
      },
    },
    name,
    thirdParty: false,
    iconVersion,
    client: {
      idleLogoutMs: 900_000,
      autoLogoffMinutes: 30,
      minRegistrationAge: 18,
      minDependentAge: 4,
    },
  };
}

function Branded() {
  useBrandDocument();
  return null;
}

const head = () => ({
  title: document.title,
  themeColor: document.querySelector('meta[name="theme-color"]')?.getAttribute('content'),
  icons: [...document.querySelectorAll('link[rel="icon"]')].map((link) => ({
    href: link.getAttribute('href'),
    type: link.getAttribute('type'),
    sizes: link.getAttribute('sizes'),
  })),
  appleTouch: [...document.querySelectorAll('link[rel="apple-touch-icon"]')].map((link) =>
    link.getAttribute('href'),
  ),
  manifest: document.querySelector('link[rel="manifest"]')?.getAttribute('href'),
});

beforeEach(() => {
  document.head.innerHTML = houseHead;
});

afterEach(async () => {
  await cleanupApp();
});

describe('the page of a brand', () => {
  it("keeps the house brand's title, colour and icons until the brand is known", async () => {
    expect(getBrand().loaded).toBe(false);
    await renderWithApp(<Branded />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(head()).toEqual({
      title: 'Apothecall',
      themeColor: '#0b7285',
      icons: [{ href: '/favicon.svg', type: 'image/svg+xml', sizes: null }],
      appleTouch: ['/icons/apple-touch-icon.png'],
      manifest: '/manifest.webmanifest',
    });
  });

  it("takes the brand's name, colour, favicons and home-screen icon, and the next brand's", async () => {
    await renderWithApp(<Branded />);
    setBrand(whiteLabel('partner', 'Partner Health', '#7048e8', '0123456789abcdef'));
    await expect.poll(() => document.title).toBe('Partner Health');
    expect(head()).toEqual({
      title: 'Partner Health',
      themeColor: '#7048e8',
      icons: [
        {
          href: '/brand-icons/partner/favicon-32.png?v=0123456789abcdef',
          type: 'image/png',
          sizes: '32x32',
        },
        {
          href: '/brand-icons/partner/favicon-48.png?v=0123456789abcdef',
          type: 'image/png',
          sizes: '48x48',
        },
      ],
      appleTouch: ['/brand-icons/partner/apple-touch-180.png?v=0123456789abcdef'],
      manifest: '/manifest.webmanifest',
    });

    setBrand(whiteLabel('wellness', 'Wellness Now', '#2f9e44', 'fedcba9876543210'));
    await expect.poll(() => document.title).toBe('Wellness Now');
    const after = head();
    expect(after.themeColor).toBe('#2f9e44');
    expect(after.icons.map((icon) => icon.href)).toEqual([
      '/brand-icons/wellness/favicon-32.png?v=fedcba9876543210',
      '/brand-icons/wellness/favicon-48.png?v=fedcba9876543210',
    ]);
    expect(after.appleTouch).toEqual([
      '/brand-icons/wellness/apple-touch-180.png?v=fedcba9876543210',
    ]);
  });
});
