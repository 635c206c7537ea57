import '@mantine/core/styles.css';
import type {
  MoneyPrepayProgram,
  MoneySubscription,
} from '@apothecall/domain/backoffice/money-plans.api';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadLanguage, loadScreenTexts } from '../../../lib/i18n';
import { cleanupApp, renderWithApp } from '../../../testing/render';
import { PrepayTable, SubscriptionsTable } from './money-plans-panels';

/**
 * The money console's read-only lists in Chromium: each subscription's patient, plan,
 * period, price, status and next renewal; each prepay program's pharmacy (or its holder when no
 * pharmacy bought it), visits and tokens bought, used and left, sales. At phone width the table
 * scrolls inside its box instead of widening the page.
 */
const subscription = (over: Partial<MoneySubscription>): MoneySubscription => ({
  id: '00000000-0000-4000-8000-000000000001',
  patientName: 'Odalys Fenwick',
  accountId: '00000000-0000-4000-8000-0000000000a1',
  brand: 'apothecall',
  kind: 'visits',
  plan: 'individual',
  period: 'annual',
  months: 12,
  price: 27_500,
  status: 'active',
  nextRenewal: '2027-11-27T00:00:00.000Z',
  startedAt: '2026-11-27T00:00:00.000Z',
  ...over,
});

const program = (over: Partial<MoneyPrepayProgram>): MoneyPrepayProgram => ({
  id: '00000000-0000-4000-8000-000000000101',
  name: 'Winter clinic',
  brand: 'apothecall',
  pharmacyId: 'sunrise-pharmacy',
  pharmacy: 'Sunrise Pharmacy',
  owner: 'Paula Admin',
  visitsBought: 10,
  visitsUsed: 3,
  balance: 7,
  tokensIssued: 5,
  tokensUsed: 3,
  tokensLeft: 2,
  sold: 25_000,
  lastSale: '2026-11-20T10:00:00.000Z',
  createdAt: '2026-11-01T10:00:00.000Z',
  ...over,
});

async function render(node: React.ReactNode, width?: number) {
  const { host } = await renderWithApp(node, { width });
  await expect.poll(() => host.querySelector('table')).not.toBeNull();
  return host;
}

beforeAll(async () => {
  await loadLanguage('en');
  await loadScreenTexts();
});

afterEach(async () => {
  await cleanupApp();
});

describe('the money console lists', () => {
  it('shows each subscription with its status and next renewal', async () => {
    const host = await render(
      <SubscriptionsTable
        rows={[
          subscription({}),
          subscription({
            id: '00000000-0000-4000-8000-000000000002',
            patientName: 'Bruno Kettering',
            kind: 'rx',
            plan: 'ldn',
            months: 1,
            status: 'pastDue',
          }),
          subscription({
            id: '00000000-0000-4000-8000-000000000003',
            status: 'cancelled',
            nextRenewal: null,
          }),
        ]}
      />,
    );
    const rows = [...host.querySelectorAll('[data-testid="money-subscription-row"]')].map(
      (r) => r.textContent,
    );
    expect(rows[0]).toContain('Odalys Fenwick');
    expect(rows[0]).toContain('Visit plan · individual');
    expect(rows[0]).toContain('12 months');
    expect(rows[0]).toContain('$275.00');
    expect(rows[0]).toContain('Active');
    expect(rows[1]).toContain('Rx subscription · ldn');
    expect(rows[1]).toContain('Past due');
    expect(rows[2]).toContain('Cancelled');
  });

  it('shows each program with its visits, tokens and sales, and scrolls at phone width', async () => {
    const host = await render(
      <PrepayTable
        rows={[
          program({}),
          program({
            id: '00000000-0000-4000-8000-000000000102',
            pharmacyId: null,
            pharmacy: null,
            owner: 'Hal Employer',
          }),
        ]}
      />,
      360,
    );
    const rows = [...host.querySelectorAll('[data-testid="money-prepay-row"]')].map(
      (r) => r.textContent,
    );
    expect(rows[0]).toContain('Sunrise Pharmacy');
    expect(rows[0]).toContain('10 / 3 / 7');
    expect(rows[0]).toContain('5 / 3 / 2');
    expect(rows[0]).toContain('$250.00');
    expect(rows[1]).toContain('No pharmacy (Hal Employer)');
    expect(host.scrollWidth).toBeLessThanOrEqual(360);
  });
});
