import { useEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { cleanupApp, renderWithApp } from '../testing/render';
import { useDraft } from './use-draft';

/**
 * The shared form state in Chromium: typing sets the field and clears its own refusal only; a
 * failed check shows its refusals; reset starts again.
 */
afterEach(async () => {
  await cleanupApp();
});

interface Draft {
  name: string;
  email: string;
}
const empty: Draft = { name: '', email: '' };

function Probe({ onReady }: { onReady?: (reset: (next?: Draft) => void) => void }) {
  const form = useDraft<Draft, string, keyof Draft | 'file'>(empty);
  useEffect(() => onReady?.(form.reset), [onReady, form.reset]);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        const found: Partial<Record<keyof Draft | 'file', string>> = {};
        if (!form.draft.name) found.name = 'Name needed';
        if (!form.draft.email.includes('@')) found.email = 'Email needed';
        found.file = 'File needed';
        form.refuse(found);
      }}
    >
      <input
        aria-label="Name"
        value={form.draft.name}
        onChange={(event) => form.set('name', event.currentTarget.value)}
      />
      <input
        aria-label="Email"
        value={form.draft.email}
        onChange={(event) => form.set('email', event.currentTarget.value)}
      />
      <p data-testid="errors">
        {[form.errors.name, form.errors.email, form.errors.file].filter(Boolean).join('|')}
      </p>
      <button type="button" onClick={() => form.clear('file')}>
        Clear file
      </button>
      <button type="submit">Save</button>
    </form>
  );
}

describe('useDraft', () => {
  it('shows a failed check, and clears only the refusal of the field typed in', async () => {
    await renderWithApp(<Probe />);
    await userEvent.click(page.getByRole('button', { name: 'Save' }));
    await expect
      .element(page.getByTestId('errors'))
      .toHaveTextContent('Name needed|Email needed|File needed');
    await userEvent.type(page.getByLabelText('Name'), 'Ana');
    await expect.element(page.getByTestId('errors')).toHaveTextContent('Email needed|File needed');
    await expect.element(page.getByLabelText('Name')).toHaveValue('Ana');
    await userEvent.click(page.getByRole('button', { name: 'Clear file' }));
    await expect.element(page.getByTestId('errors')).toHaveTextContent('Email needed');
  });

  it('starts again on reset, with the empty or a given draft', async () => {
    let reset: ((next?: Draft) => void) | undefined;
    await renderWithApp(<Probe onReady={(r) => (reset = r)} />);
    await userEvent.type(page.getByLabelText('Name'), 'Ana');
    await userEvent.click(page.getByRole('button', { name: 'Save' }));
    await expect.element(page.getByTestId('errors')).toHaveTextContent('Email needed|File needed');
    reset?.();
    await expect.element(page.getByLabelText('Name')).toHaveValue('');
    await expect.element(page.getByTestId('errors')).toHaveTextContent('');
    reset?.({ name: 'Luz', email: 'luz@example.com' });
    await expect.element(page.getByLabelText('Email')).toHaveValue('luz@example.com');
  });
});
