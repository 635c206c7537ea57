import '@mantine/core/styles.css';
import type { Lang } from '@apothecall/domain/i18n/i18n.rules';
import type { SubscriberView } from '@apothecall/domain/subscriptions/subscriptions.api';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadLanguage, loadScreenTexts, setLanguage, translate } from '../../../lib/i18n';
import { cleanupApp, renderWithApp } from '../../../testing/render';
import { SubscribersList } from './subscribers-list';

/**
 * The subscription administrator's list in Chromium, in English and
 * Spanish: 'Cancel and refund' is no longer a solid red button that looks like the main action;
 * it is outlined red like 'Cancel', and choosing it asks first (the reason dialog, onAction).
 */
const subscriber: SubscriberView = {
  id: '00000000-0000-4000-8000-000000000001',
  kind: 'visits',
  plan: 'individual',
  serviceName: null,
  memberName: 'Maria Rivera',
  status: 'active',
  renewDate: '2026-12-27T00:00:00.000Z',
  startedAt: '2026-11-27T00:00:00.000Z',
  months: 1,
  billedCents: 2500,
  lastCharge: { amount: 2500, date: '2026-11-27T00:00:00.000Z' },
  refunded: false,
};

beforeAll(async () => {
  await loadLanguage('en');
  await loadScreenTexts();
});

afterEach(async () => {
  await cleanupApp();
});

afterAll(async () => {
  await setLanguage('en');
});

describe.each(['en', 'es'] as const)('SubscribersList (%s)', (lang: Lang) => {
  beforeAll(async () => {
    await setLanguage(lang);
  });

  it('shows Cancel and refund outlined red, not filled, and asks through onAction', async () => {
    const acted: string[] = [];
    const { host } = await renderWithApp(
      <SubscribersList
        subscribers={[subscriber]}
        labelledBy="x"
        onAction={(s, refund) => acted.push(`${s.memberName} ${refund}`)}
      />,
    );
    await expect
      .poll(() => host.querySelector('[data-testid="rxadmin-cancel-refund"]'))
      .not.toBeNull();
    const refund = host.querySelector<HTMLButtonElement>('[data-testid="rxadmin-cancel-refund"]');
    expect(refund?.textContent).toBe(translate(lang, 'subscriptionUi.admin.cancelRefund'));
    expect(refund?.dataset.variant).toBe('outline');
    expect(refund?.getAttribute('style') ?? '').toContain('red');
    refund?.click();
    expect(acted).toEqual(['Maria Rivera true']);
  });
});
