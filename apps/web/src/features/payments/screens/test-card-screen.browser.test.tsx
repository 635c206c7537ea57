import '@mantine/core/styles.css';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadLanguage, loadScreenTexts, setLanguage } from '../../../lib/i18n';
import { cleanupApp, rendered, renderWithApp } from '../../../testing/render';
import { TestCardScreen } from './test-card-screen';

/**
 * /testcc in Chromium: a card typed in is checked with the card form's
 * rules on the device; a good one is named by brand, last four and expiry, a bad one gets the
 * form's messages, in English and Spanish; nothing goes to any server.
 */
async function render() {
  const { host } = await renderWithApp(<TestCardScreen />);
  await vi.waitFor(() =>
    expect(host.querySelector('[data-screen="testCreditCard"]')).not.toBeNull(),
  );
  return host;
}

async function type(host: HTMLElement, label: string, value: string) {
  const input = [...host.querySelectorAll('label')].find((l) => l.textContent?.startsWith(label))
    ?.control as HTMLInputElement | null;
  if (!input) throw new Error(`no field ${label}`);
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  setter?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
  await rendered();
}

function submit(host: HTMLElement, name: string) {
  const button = [...host.querySelectorAll('button')].find((b) => b.textContent === name);
  if (!button) throw new Error(`no button ${name}`);
  button.click();
}

describe('the card check (/testcc)', () => {
  beforeAll(async () => {
    await loadScreenTexts();
    await loadLanguage('en');
    await loadLanguage('es');
  });
  afterEach(async () => {
    await cleanupApp();
    await setLanguage('en');
  });

  it('names a good card by brand, last four and expiry, sends nothing, and clears the number', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const host = await render();
    await type(host, 'Name on card', 'Ana Lopez');
    await type(host, 'Card number', '4111 1111 1111 1111');
    await type(host, 'Expiration (MM/YY)', '09/39');
    await type(host, 'CVV', '123');
    await type(host, 'Billing zip code', '33101');
    submit(host, 'Check the card');
    await vi.waitFor(() =>
      expect(host.querySelector('[data-testid="test-card-result"]')?.textContent).toContain(
        'The details look right: Visa ending in 1111, good through 09/39.',
      ),
    );
    const number = [...host.querySelectorAll('input')].find(
      (i) => i.getAttribute('autocomplete') === 'cc-number',
    );
    expect(number?.value).toBe('');
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });

  it('says what is wrong with a bad card, in Spanish too, and names no card', async () => {
    await setLanguage('es');
    const host = await render();
    await type(host, 'Nombre en la tarjeta', 'Ana Lopez');
    await type(host, 'Número de tarjeta', '4111 1111 1111 1112');
    await type(host, 'Vencimiento (MM/AA)', '01/20');
    await type(host, 'CVV', '123');
    await type(host, 'Código postal de facturación', '33101');
    submit(host, 'Verificar la tarjeta');
    await vi.waitFor(() =>
      expect(host.textContent).toContain('La información de pago no es válida.'),
    );
    expect(host.querySelector('[data-testid="test-card-result"]')).toBeNull();
  });
});
