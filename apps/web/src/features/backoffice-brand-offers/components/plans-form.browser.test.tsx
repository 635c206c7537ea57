import '@mantine/core/styles.css';
import type { BrandSubscriptions } from '@apothecall/domain/brands/brand-offers.api';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadLanguage, loadScreenTexts } from '../../../lib/i18n';
import { cleanupApp, renderWithApp } from '../../../testing/render';
import { PlansForm } from './plans-section';

/**
 * A brand's plans and prices form in Chromium: the stored catalog in dollars, one row
 * per plan and medication; support reads it with every field disabled and no Save, admin edits.
 */
const catalog = {
  plans: [
    { plan: 'individual' as const, period: 'annual' as const, monthlyCents: 2500, freeMonths: 1 },
    { plan: 'family' as const, period: 'quarterly' as const, monthlyCents: 3900, freeMonths: 0 },
  ],
  memberVisitCents: 1000,
  nonmemberVisitCents: 3500,
  rxServices: [
    {
      id: 'ldn',
      name: { en: 'Low-dose naltrexone', es: 'Naltrexona en dosis baja' },
      monthlyCents: 4500,
      months: [1, 3],
    },
  ],
};
const data: BrandSubscriptions = { error: false, sells: true, catalog, defaults: catalog };

async function render(mayWrite: boolean) {
  const { host } = await renderWithApp(
    <PlansForm brandId="apothecall" data={data} mayWrite={mayWrite} />,
  );
  await expect.poll(() => host.querySelector('[data-testid="plans-form"]')).not.toBeNull();
  return host;
}

const values = (host: HTMLElement, testId: string) =>
  [
    ...host.querySelectorAll<HTMLInputElement>(
      `[data-testid="${testId}"] input:not([type="hidden"])`,
    ),
  ].map((i) => i.value);

beforeAll(async () => {
  await loadLanguage('en');
  await loadScreenTexts();
});

afterEach(async () => {
  await cleanupApp();
});

describe('PlansForm', () => {
  it('shows the catalog in dollars, one row per plan and medication', async () => {
    const host = await render(true);
    expect(values(host, 'plan-row-0')).toEqual(['Individual', 'Annual', '25', '1']);
    expect(values(host, 'plan-row-1')).toEqual(['Family', 'Quarterly', '39', '0']);
    expect(values(host, 'service-row-0')).toEqual([
      'ldn',
      'Low-dose naltrexone',
      'Naltrexona en dosis baja',
      '45',
      '1, 3',
    ]);
    const save = [...host.querySelectorAll('button')].find((b) => b.textContent === 'Save');
    expect(save).toBeDefined();
    expect(host.querySelector<HTMLFieldSetElement>('fieldset')?.disabled).toBe(false);
  });

  it('support reads: every field disabled, no Save', async () => {
    const host = await render(false);
    expect(host.querySelector<HTMLFieldSetElement>('fieldset')?.disabled).toBe(true);
    expect([...host.querySelectorAll('button')].some((b) => b.textContent === 'Save')).toBe(false);
    expect(values(host, 'plan-row-0')).toEqual(['Individual', 'Annual', '25', '1']);
  });
});
