import { expect } from '@playwright/test';
import { type MessageKey, translate } from '../packages/domain/src/i18n/catalog';
import { consentDocuments } from '../packages/domain/src/rx/consent-documents.rules';
import { expectAccessible, logIn, openContext, test } from './support';

/**
 * A newcomer who chose LDN and is sent to the consents to treat
 * reads 'Consent to treat' and comes back: after accepting, they are on LDN's flow, not on Home.
 * In the flow, the LDN consent's text (the version the checkbox accepts, the one the consent
 * record PDF prints) is shown above its checkbox, in English and then in Spanish, with the
 * print control.
 */

const en = (key: MessageKey, params?: Record<string, string | number>) =>
  translate('en', key, params);
const es = (key: MessageKey, params?: Record<string, string | number>) =>
  translate('es', key, params);

/** Letters only (the name rule); unique per run. */
function uniqueName(): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  let n = Date.now();
  let out = '';
  for (let i = 0; i < 6; i++) {
    out += letters[n % 26];
    n = Math.floor(n / 26);
  }
  return `Nell ${out[0]?.toUpperCase()}${out.slice(1)}`;
}

/** The first sentence of a catalogue text. */
const firstSentence = (text: string) => `${text.split('. ')[0]}.`;

test('a newcomer reads the consent to treat and comes back to LDN, whose consent text shows above its checkbox in English and Spanish', async ({
  browser,
  request,
}) => {
  const email = `consent-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;
  const password = 'Consent-Pass-2026';
  const registered = await request.post('/api/register', {
    data: {
      profile: {
        name: uniqueName(),
        dob: '05-20-1985',
        gender: 'F',
        address: '1 Main St',
        state: 'FL',
        zipCode: '33101',
        phone: `305-555-${String(Math.floor(Math.random() * 9000) + 1000)}`,
        email,
      },
      credentials: { password },
    },
  });
  expect(registered.ok()).toBe(true);

  const page = await openContext(browser, false);
  await page.goto(`/#/login?to=${encodeURIComponent('/rx?itemId=ldn')}`);
  await logIn(page, email, password);

  // Finding 2: the consents to treat, the in-app text read, and back: the chosen treatment stays.
  await expect(page.getByRole('heading', { name: 'Consent to treat and terms' })).toBeVisible();
  await page.getByRole('link', { name: 'Read: Consent to treat' }).click();
  await expect(page.getByRole('heading', { name: en('accountScreens.terms.title') })).toBeVisible();
  await page.getByRole('link', { name: en('accountScreens.terms.backToConsents') }).click();
  await page.getByLabel('I have read and accept the Consent to treat').check();
  await page.getByLabel('I have read and accept the Terms and conditions').check();
  await page.getByRole('button', { name: 'Accept and continue' }).click();
  const flowTitle = en('rxUi.flow.title', { product: en('rx.product.ldn.name') });
  await expect(page.getByRole('heading', { name: flowTitle, level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/#\/rx\?itemId=ldn$/);

  const next = () => page.getByRole('button', { name: en('rxUi.flow.next') }).click();
  await expect(page.getByRole('heading', { name: en('rxUi.flow.patient') })).toBeVisible();
  await next();
  await page.getByLabel(en('rxScreens.state.label')).selectOption('FL');
  const confirm = page.getByRole('button', { name: en('rxScreens.state.confirm') });
  if (await confirm.isEnabled()) await confirm.click();
  await expect(page.getByTestId('rx-location')).toHaveText('I am in: Florida');
  await next();
  await page.getByRole('radio', { name: /Sunrise Pharmacy/ }).check();
  await next();

  // Finding 1: the text of the version the checkbox accepts, above it, and printable.
  const ldn = consentDocuments.find((d) => d.id === 'ldn');
  if (!ldn) throw new Error('no LDN consent document');
  await expect(page.getByRole('heading', { name: en('rxUi.flow.consents') })).toBeVisible();
  const title = en(ldn.titleKey);
  const text = page.getByRole('region', { name: en('rxUi.flow.consentText', { title }) });
  await expect(text).toContainText(firstSentence(en(ldn.bodyKey)));
  const accept = page.getByLabel(`I have read and accept ${title}`, { exact: false });
  await expect(accept).toBeVisible();
  const [textBox, acceptBox] = [await text.boundingBox(), await accept.boundingBox()];
  expect(textBox && acceptBox && textBox.y + textBox.height <= acceptBox.y).toBe(true);
  await expect(page.getByRole('button', { name: en('rxUi.flow.consentPrint') })).toBeVisible();
  await expectAccessible(page, 'the Rx flow, consent text (desktop)');

  // In Spanish, the same version's Spanish text; the printable view holds it too.
  await page.getByText('ES', { exact: true }).click();
  const textEs = page.getByRole('region', {
    name: es('rxUi.flow.consentText', { title: es(ldn.titleKey) }),
  });
  await expect(textEs).toContainText(firstSentence(es(ldn.bodyKey)));
  await expect(page.getByRole('button', { name: es('rxUi.flow.consentPrint') })).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.rx-print-only')).toContainText(firstSentence(es(ldn.bodyKey)));
  await page.emulateMedia({ media: 'screen' });
  await page.getByLabel(`He leído y acepto ${es(ldn.titleKey)}`, { exact: false }).check();
  await page.getByRole('button', { name: es('rxUi.flow.next') }).click();
  await expect(page.getByRole('heading', { name: es('rxScreens.questions.title') })).toBeVisible();
});
