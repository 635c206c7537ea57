import '@mantine/core/styles.css';
import type { Lang } from '@apothecall/domain/i18n/i18n.rules';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadLanguage, loadScreenTexts, setLanguage, translate } from '../../../lib/i18n';
import { cleanupApp, renderWithApp } from '../../../testing/render';
import { StatusButton, StatusChangeForm } from './pharmacy-rx-detail';
import { statusActionsOf } from './pharmacy-status-form';

/**
 * The pharmacy's status buttons in Chromium, in English and Spanish:
 * 'Voided' (the patient's prescription cannot be filled) no longer looks like the main action,
 * a filled button: it is red and light, and so is the save of its form, which asks the reason
 * first; a forward status (Ready) stays filled.
 */
async function render(node: ReactNode) {
  const { host } = await renderWithApp(node);
  await expect.poll(() => host.querySelector('button')).not.toBeNull();
  return host;
}

const [voided, ready] = statusActionsOf(['voided', 'ready']);

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

describe.each(['en', 'es'] as const)('pharmacy status buttons (%s)', (lang: Lang) => {
  beforeAll(async () => {
    await setLanguage(lang);
  });

  it('shows Voided red and light, never filled; Ready stays filled', async () => {
    if (!voided || !ready) throw new Error('no actions');
    const host = await render(
      <ul>
        <StatusButton action={voided} pressed={false} disabled={false} onChoose={() => {}} />
        <StatusButton action={ready} pressed={false} disabled={false} onChoose={() => {}} />
      </ul>,
    );
    const button = (status: string) =>
      host.querySelector<HTMLButtonElement>(`[data-testid="pharmacy-status-${status}"]`);
    expect(button('voided')?.textContent).toBe(translate(lang, 'rxStatus.pharmacy.label.voided'));
    expect(button('voided')?.dataset.variant).toBe('light');
    expect(button('voided')?.getAttribute('style') ?? '').toContain('red');
    expect(button('ready')?.dataset.variant).toBe('filled');
  });

  it('saves Voided with a light red button, after the reason, beside a way out', async () => {
    if (!voided) throw new Error('no action');
    const host = await render(
      <StatusChangeForm
        action={voided}
        pending={false}
        problem={null}
        onSave={() => {}}
        onCancel={() => {}}
      />,
    );
    const save = host.querySelector<HTMLButtonElement>('[data-testid="pharmacy-status-save"]');
    expect(save?.textContent).toBe(
      translate(lang, 'pharmacyScreens.status.save', {
        status: translate(lang, 'rxStatus.pharmacy.label.voided'),
      }),
    );
    expect(save?.dataset.variant).toBe('light');
    expect(host.querySelector('[data-testid="pharmacy-status-note"]')).not.toBeNull();
  });
});
