import '@mantine/core/styles.css';
import type { PharmacyMe } from '@apothecall/domain/pharmacy/pharmacy-portal.api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { cleanupApp, renderWithApp } from '../../../testing/render';
import { AssessmentIntake } from './assessment-screen';

/**
 * The in-store intake's refusals in Chromium: a submit that fails its check sends nothing and
 * marks each field to fix; typing in a field clears its own refusal only; choosing the other
 * form (other questions) clears them all.
 */
const me: PharmacyMe = {
  error: false,
  organization: {
    id: 'sunrise-pharmacy',
    name: 'Sunrise Pharmacy',
    ncpdpId: '1234567',
    npi: '1234567893',
    city: 'Miami',
    state: 'FL',
    acceptsErx: true,
    verified: true,
    serviceStates: ['FL'],
    prepayBalance: 5000,
    claimFee: 500,
  },
  role: 'pharmacyAdmin',
  grant: null,
};

afterEach(async () => {
  await cleanupApp();
  vi.unstubAllGlobals();
});

/** A field by its label (a required one's label ends with ' *'). */
const field = (label: string) => page.getByLabelText(new RegExp(`^${label}( \\*)?$`));

describe('AssessmentIntake', () => {
  it('refuses an incomplete intake, and clears a refusal when its field changes', async () => {
    const fetch = vi.fn(async () => new Response('{}', { status: 500 }));
    vi.stubGlobal('fetch', fetch);
    await renderWithApp(<AssessmentIntake me={me} />, { language: 'en' });
    await userEvent.selectOptions(page.getByTestId('assessment-state'), 'FL');
    await userEvent.fill(field('First name'), 'Ana');
    await userEvent.click(page.getByTestId('assessment-submit'));

    await expect.element(field('Last name')).toHaveAttribute('aria-invalid', 'true');
    await expect.element(field('E-mail')).toHaveAttribute('aria-invalid', 'true');
    await expect.element(field('First name')).not.toHaveAttribute('aria-invalid', 'true');
    expect(fetch).not.toHaveBeenCalled();

    await userEvent.fill(field('Last name'), 'Diaz');
    await expect.element(field('Last name')).not.toHaveAttribute('aria-invalid', 'true');
    await expect.element(field('E-mail')).toHaveAttribute('aria-invalid', 'true');

    await userEvent.click(page.getByText('Upper respiratory infection'));
    await expect.element(field('E-mail')).not.toHaveAttribute('aria-invalid', 'true');
    await expect.element(field('Last name')).toHaveValue('Diaz');
  });
});
