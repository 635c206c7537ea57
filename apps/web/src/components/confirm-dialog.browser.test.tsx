import '@mantine/core/styles.css';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadLanguage, setLanguage, translate } from '../lib/i18n';
import { cleanupApp, renderWithApp } from '../testing/render';
import { ConfirmDialog } from './confirm-dialog';

/**
 * The shared confirmation before something that cannot be undone (delete a link or a token, revoke
 * a pharmacist, remove a licence or a device, delete an appointment), in English and Spanish: its
 * action is red and light, not a filled primary button, beside the way out.
 */
beforeAll(async () => {
  await loadLanguage('en');
});

afterEach(async () => {
  await cleanupApp();
});

afterAll(async () => {
  await setLanguage('en');
});

describe.each(['en', 'es'] as const)('ConfirmDialog (%s)', (lang) => {
  beforeAll(async () => {
    await setLanguage(lang);
  });

  it('shows the destructive action light red, beside the way out', async () => {
    await renderWithApp(
      <ConfirmDialog
        opened
        title="?"
        body="?"
        confirmLabel={translate(lang, 'navigation.externalLink.continue')}
        cancelLabel={translate(lang, 'navigation.externalLink.cancel')}
        pending={false}
        error={null}
        onConfirm={() => {}}
        onClose={() => {}}
        testId="confirm"
      />,
    );
    await expect
      .poll(() => document.querySelector('[data-testid="confirm-confirm"]'))
      .not.toBeNull();
    const confirm = document.querySelector<HTMLButtonElement>('[data-testid="confirm-confirm"]');
    expect(confirm?.dataset.variant).toBe('light');
    expect(confirm?.getAttribute('style') ?? '').toContain('red');
    const way = [...document.querySelectorAll('button')].find(
      (b) => b.textContent === translate(lang, 'navigation.externalLink.cancel'),
    );
    expect(way).not.toBeUndefined();
  });
});
