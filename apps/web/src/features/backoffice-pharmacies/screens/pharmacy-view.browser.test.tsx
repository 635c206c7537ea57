import '@mantine/core/styles.css';
import type { PharmacyDetail } from '@apothecall/domain/backoffice/pharmacies.api';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadLanguage, loadScreenTexts } from '../../../lib/i18n';
import { cleanupApp, renderWithApp } from '../../../testing/render';
import { PharmacyView } from './admin-pharmacy-screen';

/**
 * A pharmacy's back-office page in Chromium: the registry comparison, the history and
 * the fee account for every back-office reader; verify/unverify and the administrator's invite
 * only for a role with write access (admin), never for support.
 */
const pharmacy: PharmacyDetail = {
  id: 'lone-star-pharmacy',
  name: 'Lone Star Compounding Pharmacy',
  ncpdpId: '4567890',
  npi: '1508866741',
  address1: '88 West Main Street',
  address2: '',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  phone: '512-555-0199',
  fax: '512-555-0197',
  serviceStates: ['TX'],
  verified: false,
  verifiedAt: null,
  listed: true,
  comparison: [
    {
      field: 'address',
      pharmacy: '88 West Main Street',
      registry: '88 WEST MAIN ST',
      result: 'same',
    },
    { field: 'phone', pharmacy: '512-555-0199', registry: '', result: 'missing' },
    { field: 'fax', pharmacy: '512-555-0197', registry: '5125550198', result: 'differs' },
  ],
  history: [
    {
      action: 'unverify',
      reason: 'Fax changed',
      by: 'Alex Morgan',
      at: '2026-11-27T10:00:00.000Z',
    },
  ],
  admins: [{ name: 'Tom Becker', email: 'owner@example.test' }],
  fees: {
    balance: 4500,
    claimFee: 500,
    entries: [
      {
        id: 'e1',
        kind: 'claimFee',
        amount: -500,
        visitId: 'v1',
        chargeId: null,
        at: '2026-11-27T09:00:00.000Z',
        balanceAfter: 4500,
      },
    ],
  },
};

async function render(mayWrite: boolean) {
  const { host } = await renderWithApp(<PharmacyView pharmacy={pharmacy} mayWrite={mayWrite} />);
  await expect.poll(() => host.querySelector('[data-testid="pharmacy-comparison"]')).not.toBeNull();
  return host;
}

const text = (host: HTMLElement, testId: string) =>
  host.querySelector(`[data-testid="${testId}"]`)?.textContent ?? '';

beforeAll(async () => {
  await loadLanguage('en');
  await loadScreenTexts();
});

afterEach(async () => {
  await cleanupApp();
});

describe('PharmacyView', () => {
  it('shows support the comparison, history, administrators and fee account, and no action', async () => {
    const host = await render(false);
    expect(text(host, 'comparison-address')).toContain('Same');
    expect(text(host, 'comparison-phone')).toContain('Missing in the registry');
    expect(text(host, 'comparison-fax')).toContain('Differs');
    expect(text(host, 'pharmacy-history')).toContain('Unverified by Alex Morgan');
    expect(text(host, 'pharmacy-history')).toContain('Fax changed');
    expect(text(host, 'pharmacy-admins')).toContain('Tom Becker (owner@example.test)');
    expect(text(host, 'pharmacy-fees')).toContain('Balance: $45.00 (claim fee $5.00)');
    expect(text(host, 'pharmacy-fees')).toContain('Claim fee');
    expect(host.querySelector('[data-testid="pharmacy-verification"]')).toBeNull();
    expect(host.querySelector('[data-testid="admin-invite-email"]')).toBeNull();
    expect(host.querySelectorAll('button')).toHaveLength(0);
  });

  it('gives the admin verify (the pharmacy is unverified), the invite and giving a claim fee back', async () => {
    const host = await render(true);
    const buttons = [...host.querySelectorAll('button')].map((b) => b.textContent);
    expect(buttons).toEqual(['Verify', 'Invite its administrator', 'Give back']);
    expect(host.querySelector('[data-testid="verification-reason"]')).not.toBeNull();
    expect(host.querySelector('[data-testid="admin-invite-email"]')).not.toBeNull();
  });
});
