import '@mantine/core/styles.css';
import type { Lang } from '@apothecall/domain/i18n/i18n.rules';
import type { ProviderAdminView } from '@apothecall/domain/providers/providers.api';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadLanguage, loadScreenTexts, setLanguage, translate } from '../../../lib/i18n';
import { cleanupApp, renderWithApp } from '../../../testing/render';
import { Licences } from './provider-screen';

/**
 * A provider's licences in the back office, in Chromium, in English and
 * Spanish: Remove no longer removes on the click; it asks first, saying what removing means,
 * with a light red confirmation and a way out.
 */
const provider: ProviderAdminView = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Samuel Okafor',
  email: 'samuel@example.test',
  npi: '1234567893',
  credentials: 'MD',
  dea: null,
  active: true,
  onDuty: false,
  licences: [{ state: 'FL', number: 'ME12345', expiresOn: '2027-06-30', inForce: true }],
  practice: null,
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

describe.each(['en', 'es'] as const)('Licences (%s)', (lang: Lang) => {
  beforeAll(async () => {
    await setLanguage(lang);
  });

  it('asks before removing a licence, with a light red confirmation', async () => {
    const { host } = await renderWithApp(<Licences provider={provider} mayWrite />);
    await expect.poll(() => host.querySelector('[data-testid="licence-remove"]')).not.toBeNull();
    expect(document.querySelector('[data-testid="licence-remove-dialog"]')).toBeNull();
    host.querySelector<HTMLButtonElement>('[data-testid="licence-remove"]')?.click();
    await expect
      .poll(() => document.querySelector('[data-testid="licence-remove-dialog"]')?.textContent)
      .toContain(
        translate(lang, 'providersUi.licences.removeConfirm', {
          name: 'Samuel Okafor',
          state: 'FL',
        }),
      );
    const confirm = document.querySelector<HTMLButtonElement>(
      '[data-testid="licence-remove-dialog-confirm"]',
    );
    expect(confirm?.textContent).toBe(translate(lang, 'providersUi.licences.remove'));
    expect(confirm?.dataset.variant).toBe('light');
    // The licence is still listed: nothing was removed by the first click.
    expect(host.querySelectorAll('[data-testid="licence-row"]')).toHaveLength(1);
  });
});
