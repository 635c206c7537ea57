import '@mantine/core/styles.css';
import type { AnalyticsOverview } from '@apothecall/domain/analytics/analytics.api';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupApp, renderWithApp } from '../../../testing/render';
import { OverviewPanel } from './overview-panel';

/**
 * The analytics overview in Chromium: the headline tiles, the charts, and the conversion table
 * with its overall row and a row per link (a withdrawn one marked, one without visits saying
 * so), with numbers written in the reader's locale (en-US, es-US), in English and Spanish.
 */
const overview: AnalyticsOverview = {
  range: { from: '2026-11-01', to: '2026-11-25', timeZone: 'America/New_York' },
  visits: 12,
  byStatus: [{ status: 'notAtPharmacy', count: 3 }],
  byTreatment: [{ productId: 'product-x', count: 9 }],
  revenue: {
    paidVisits: 8,
    cardVisits: 6,
    prepayVisits: 2,
    chargedCents: 40_000,
    refundedCents: 5_000,
    netCents: 35_000,
  },
  fees: { claimFeeCents: 500, claims: 4, paidCents: 2_000, awaitingClaim: 1, owedCents: 500 },
  conversion: {
    overall: { started: 12, paid: 8, rate: 66.7 },
    links: [
      { linkId: 'LINK-A', productId: 'product-x', deleted: false, started: 10, paid: 8, rate: 80 },
      { linkId: 'LINK-B', productId: 'product-x', deleted: true, started: 0, paid: 0, rate: null },
    ],
  },
  timeToClaim: { claims: 4, medianMinutes: 26.5, p90Minutes: 90 },
};

async function render(lang: 'en' | 'es') {
  const { host } = await renderWithApp(<OverviewPanel data={overview} />, { language: lang });
  await expect.poll(() => host.querySelector('[data-testid="analytics-overview"]')).not.toBeNull();
  return host;
}

const text = (id: string) =>
  document.querySelector(`[data-testid="${id}"]`)?.textContent?.trim() ?? null;
const linkRow = (linkId: string) =>
  document.querySelector(`[data-testid="analytics-conversion-link"][data-link-id="${linkId}"]`)
    ?.textContent ?? null;

afterEach(async () => {
  await cleanupApp();
});

describe('OverviewPanel', () => {
  it('shows the tiles, the charts and the conversion per link', async () => {
    await render('en');
    expect(text('analytics-tile-visits-value')).toBe('12');
    expect(text('analytics-tile-paid-value')).toBe('8');
    expect(text('analytics-tile-conversion-value')).toBe('66.7 %');
    expect(text('analytics-tile-net-value')).toContain('350');
    expect(text('analytics-tile-median-claim-value')).toBe('26.5 min');
    for (const chart of ['status', 'treatment', 'money', 'claim']) {
      expect(text(`analytics-chart-${chart}`)).not.toBeNull();
    }
    expect(text('analytics-conversion-overall')).toContain('All visits');
    expect(linkRow('LINK-A')).toContain('80 %');
    expect(linkRow('LINK-B')).toContain('withdrawn');
    expect(linkRow('LINK-B')).toContain('No visits');
  });

  it('writes them in Spanish', async () => {
    await render('es');
    // US Spanish (es-US) writes a decimal point, as US English does.
    expect(text('analytics-tile-conversion-value')).toBe('66.7 %');
    expect(text('analytics-tile-median-claim-value')).toBe('26.5 min');
    expect(text('analytics-conversion-overall')).toContain('Todas las visitas');
    expect(linkRow('LINK-B')).toContain('retirado');
    expect(linkRow('LINK-B')).toContain('Sin visitas');
  });
});
