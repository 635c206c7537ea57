import '@mantine/core/styles.css';
import type { VisitWorkspace } from '@apothecall/domain/care/visits.api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { appStoragePrefix } from '../../../lib/session-store';
import { cleanupApp, renderWithApp } from '../../../testing/render';
import { ClinicEndVisitForm } from './clinic-end-visit-form';

/**
 * The provider's end-of-visit form in Chromium: completing a visit without its assessment and
 * plan sends nothing, marks both parts and says the note is needed; writing one part clears its
 * own refusal only.
 */
const visit = {
  visitId: 'visit-end-form-test',
  reason: 'uti',
  location: 'FL',
  medications: [],
  pharmacy: null,
} as unknown as VisitWorkspace;

afterEach(async () => {
  await cleanupApp();
  sessionStorage.removeItem(`${appStoragePrefix}clinic.draft.${visit.visitId}`);
  vi.unstubAllGlobals();
});

const field = (label: string) => page.getByLabelText(label, { exact: true });

describe('useClinicEndVisit', () => {
  it('refuses a completed visit without its note, and clears a refusal when its part is written', async () => {
    const fetch = vi.fn(async () => new Response('{}', { status: 500 }));
    vi.stubGlobal('fetch', fetch);
    const onEnded = vi.fn();
    const { host } = await renderWithApp(<ClinicEndVisitForm visit={visit} onEnded={onEnded} />, {
      language: 'en',
    });
    await userEvent.fill(field('Subjective'), 'Sore throat for two days');
    await userEvent.click(page.getByRole('button', { name: 'Complete visit' }));

    await expect.poll(() => host.textContent).toContain('Write the note before ending the visit.');
    await expect.element(field('Assessment')).toHaveAttribute('aria-invalid', 'true');
    await expect.element(field('Plan')).toHaveAttribute('aria-invalid', 'true');
    await expect.element(field('Subjective')).not.toHaveAttribute('aria-invalid', 'true');
    expect(host.textContent).toContain('Required information');

    await userEvent.fill(field('Assessment'), 'Viral pharyngitis');
    await expect.element(field('Assessment')).not.toHaveAttribute('aria-invalid', 'true');
    await expect.element(field('Plan')).toHaveAttribute('aria-invalid', 'true');
    expect(fetch).not.toHaveBeenCalled();
    expect(onEnded).not.toHaveBeenCalled();
  });
});
