import '@mantine/core/styles.css';
import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { Form } from '../../../components/form';
import { cleanupApp, renderWithApp } from '../../../testing/render';
import { DeliveryFields, TokenUseFields, useDeliveryDraft, useTokenUseDraft } from './token-fields';
import { maxNoteLength } from './token-form';

/**
 * A token's use and delivery fields with their drafts, in Chromium: a failed check shows each
 * refusal under its field; any change of the use fields clears all of their refusals (a change
 * of use hides the days), and a change of the delivery clears its own.
 */
afterEach(async () => {
  await cleanupApp();
});

function Probe() {
  const use = useTokenUseDraft({ use: 'multiple', intervalDays: 0, note: 'n'.repeat(201) });
  const delivery = useDeliveryDraft({ channel: 'email', to: '' });
  return (
    <Form
      onSubmit={() => {
        use.check();
        delivery.check();
      }}
    >
      <TokenUseFields {...use.fields} testId="probe" />
      <DeliveryFields {...delivery.fields} allowNone testId="probe-delivery" />
      <button type="submit">Check</button>
    </Form>
  );
}

const badDays = 'Enter a whole number from 0 to 3650.';
const longNote = `Use at most ${maxNoteLength} characters.`;
const badEmail = 'Enter a valid e-mail address to send the access token to.';

describe('token fields', () => {
  it('shows the refusals of a failed check, and clears them when the fields change', async () => {
    const { host } = await renderWithApp(<Probe />, { language: 'en' });
    await userEvent.fill(page.getByTestId('probe-interval'), '9999');
    await userEvent.fill(page.getByTestId('probe-delivery-to'), 'not-an-address');
    await userEvent.click(page.getByRole('button', { name: 'Check' }));

    await expect.poll(() => host.textContent).toContain(badDays);
    expect(host.textContent).toContain(longNote);
    expect(host.textContent).toContain(badEmail);

    await userEvent.fill(page.getByTestId('probe-note'), 'Front desk');
    await expect.poll(() => host.textContent).not.toContain(longNote);
    expect(host.textContent).not.toContain(badDays);
    expect(host.textContent).toContain(badEmail);

    await userEvent.fill(page.getByTestId('probe-delivery-to'), 'ana@example.com');
    await expect.poll(() => host.textContent).not.toContain(badEmail);
  });
});
