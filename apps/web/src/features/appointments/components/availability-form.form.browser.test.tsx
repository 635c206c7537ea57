import '@mantine/core/styles.css';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { cleanupApp, renderWithApp } from '../../../testing/render';
import { AvailabilityForm } from './availability-form';

/**
 * The provider's availability form in Chromium: a submit that fails its check sends nothing and
 * shows each refusal under its field (and the 'correct the marked fields' notice); changing a
 * field clears its own refusal only, and the notice goes with the last one.
 */
afterEach(async () => {
  await cleanupApp();
  vi.unstubAllGlobals();
});

const fix = 'Please correct the marked fields.';
const noDay = 'Choose at least one day.';
const ageOrder = 'The maximum age must be at least the minimum age.';

describe('AvailabilityForm', () => {
  it('refuses what was typed, and clears a refusal when its field changes', async () => {
    const fetch = vi.fn(async () => new Response('{}', { status: 500 }));
    vi.stubGlobal('fetch', fetch);
    const { host } = await renderWithApp(<AvailabilityForm />, { language: 'en' });
    const maxAge = page.getByTestId('availability-max-age');
    await userEvent.fill(maxAge, '3');
    await userEvent.click(page.getByTestId('availability-submit'));

    await expect.poll(() => host.textContent).toContain(ageOrder);
    expect(host.textContent).toContain(noDay);
    expect(host.textContent).toContain(fix);
    expect(fetch).not.toHaveBeenCalled();

    await userEvent.click(page.getByTestId('availability-weekday-MO'));
    await expect.poll(() => host.textContent).not.toContain(noDay);
    expect(host.textContent).toContain(ageOrder);
    expect(host.textContent).toContain(fix);

    await userEvent.fill(maxAge, '30');
    await expect.poll(() => host.textContent).not.toContain(ageOrder);
    expect(host.textContent).not.toContain(fix);
  });
});
