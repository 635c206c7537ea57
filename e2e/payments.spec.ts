import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { futureExpiry } from './care-api';
import { expectAccessible, expectHome, logIn } from './support';

/** Sandbox test cards (the server's sandbox gateway answers by number). */
const cards = {
  approve: '4111 1111 1111 1111',
  decline: '4000 0000 0000 0002',
  avs: '4000 0000 0000 0010',
};

/** This month, three years on, as MM/YY. */
/** The page's own session token. */
async function sessionToken(page: Page): Promise<string> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('apothecall.session');
    return raw ? (JSON.parse(raw) as { token: string }).token : '';
  });
}

/**
 * The demo patient is shared by every spec and both projects: each payments test starts from no
 * saved card (the same card cannot be saved twice), through the API.
 */
async function removeSavedCards(page: Page) {
  const headers = { authorization: `Bearer ${await sessionToken(page)}` };
  const list = (await (
    await page.request.get('/api/account/payments/profiles', { headers })
  ).json()) as {
    payProfileID: string;
    payProfileSignature: string;
    payProfiles: { card: { profileID: string } }[];
  };
  for (const profile of list.payProfiles) {
    const removed = await page.request.post('/api/account/payments/delete-profiles', {
      headers,
      data: {
        profileID: list.payProfileID,
        signature: list.payProfileSignature,
        paymentID: profile.card.profileID,
      },
    });
    expect(removed.ok()).toBe(true);
  }
}

async function openPayments(page: Page) {
  await page.goto('/#/login');
  await logIn(page);
  await expectHome(page);
  await removeSavedCards(page);
  await page.goto('/#/payments');
  await expect(page.getByRole('heading', { name: 'Credit cards', level: 1 })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Credit cards' })).toBeVisible();
}

async function submitCard(page: Page, number: string) {
  const form = page.getByTestId('card-form');
  if (!(await form.isVisible())) await page.getByRole('button', { name: 'Add card' }).click();
  await expect(form).toBeVisible();
  await page.getByLabel('Name on card').fill('Maria Rivera');
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiration (MM/YY)').fill(futureExpiry());
  await page.getByLabel('CVV').fill('123');
  await page.getByLabel('Billing zip code').fill('33132');
  await page.getByRole('button', { name: 'Save card' }).click();
}

async function closeDialog(page: Page, title: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
}

test('cards: add an approved card, refuse declined and AVS cards, delete down to the placeholder', async ({
  page,
}) => {
  await openPayments(page);
  const stored = page.getByTestId('stored-card');
  const before = await stored.count();

  // Client-side rules first: nothing is sent with a wrong number or expiry.
  await page.getByRole('button', { name: 'Add card' }).click();
  await page.getByLabel('Card number').fill('4111 1111 1111 1112');
  await page.getByLabel('Expiration (MM/YY)').fill('13/30');
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByText('Payment information is not valid.').first()).toBeVisible();
  await expect(
    page.getByText('Invalid expiration date. Please use the MM/YY format.'),
  ).toBeVisible();
  await expect(
    page.getByText('Missing card holder name. Please enter the name on the card.'),
  ).toBeVisible();

  // An approving card: 'Payment Added', not charged; the number and CVV are not kept.
  await submitCard(page, cards.approve);
  const added = page.getByRole('dialog', { name: 'Payment Added' });
  await expect(added).toContainText(
    'Your credit card information has been added. Your card has NOT BEEN CHARGED.',
  );
  await closeDialog(page, 'Payment Added');
  await expect(stored).toHaveCount(before + 1);
  await expect(
    page.getByRole('listitem', { name: 'Visa card ending in 1111' }).first(),
  ).toBeVisible();
  await expect(stored.first()).toContainText('•••• 1111');
  await expect(page.getByTestId('card-form')).toBeHidden();

  // The same card again is refused, plainly, and listed once.
  await submitCard(page, cards.approve);
  const again = page.getByRole('dialog', { name: 'Card not added' });
  await expect(again).toContainText('This card is already saved.');
  await expect(again).not.toContainText('Payment information is not valid.');
  await closeDialog(page, 'Card not added');
  await expect(stored).toHaveCount(before + 1);

  // A declined card: the server's message plus 'Payment information is not valid.'.
  await submitCard(page, cards.decline);
  const declined = page.getByRole('dialog', { name: 'Card not added' });
  await expect(declined).toContainText('Declined: This transaction has been declined.');
  await expect(declined).toContainText('Payment information is not valid.');
  await closeDialog(page, 'Card not added');
  await expect(page.getByLabel('Card number')).toHaveValue('');
  await expect(page.getByLabel('CVV')).toHaveValue('');

  // An address mismatch.
  await submitCard(page, cards.avs);
  const avs = page.getByRole('dialog', { name: 'Card not added' });
  await expect(avs).toContainText('AVS mismatch');
  await expect(avs).toContainText('Payment information is not valid.');
  await closeDialog(page, 'Card not added');
  await expect(stored).toHaveCount(before + 1);
  await page.getByRole('button', { name: 'Cancel' }).click();

  // Delete every card; the last one leaves the empty placeholder.
  for (let left = await stored.count(); left > 0; left -= 1) {
    await page
      .getByRole('button', { name: /^Delete the .* card ending in \d{4}$/ })
      .first()
      .click();
    const confirm = page.getByRole('dialog', { name: 'Delete this card?' });
    await confirm.getByRole('button', { name: 'Delete card' }).click();
    await expect(confirm).toBeHidden();
    await expect(stored).toHaveCount(left - 1);
  }
  await expect(page.getByText('Credit Card deleted').first()).toBeVisible();
  const placeholder = page.getByTestId('card-placeholder');
  await expect(placeholder).toContainText('No card on file');
  await expect(placeholder.getByRole('button', { name: 'Add card' })).toBeVisible();
});

test('coupon: SAVE20 lowers the price, holds at a later login, EXPIRED10 is refused, the default price comes back', async ({
  page,
  browser,
  baseURL,
}) => {
  await page.goto('/#/login');
  await logIn(page);
  await expectHome(page);
  await page.goto('/#/coupon');
  const price = page.getByTestId('current-price');
  await expect(price).toHaveText(/^\$\d+\.\d{2}$/);
  const defaultPrice = await price.textContent();
  await expect(page.getByTestId('price-source')).toHaveText('Standard price');

  await page.getByLabel('Coupon code').fill('SAVE20');
  await page.getByRole('button', { name: 'Apply coupon' }).click();
  const added = page.getByRole('dialog', { name: 'Coupon Code Added' });
  await expect(added).toContainText('New visit price:');
  await closeDialog(page, 'Coupon Code Added');
  await expect(price).not.toHaveText(defaultPrice ?? '');
  await expect(page.getByTestId('price-source')).toHaveText('With coupon SAVE20');
  // The applied price survives a reload, and holds at a later login on another device: the
  // account keeps the coupon until it pays a visit (not the full $49 at the next login).
  const couponPrice = await price.textContent();
  await page.reload();
  await expect(price).toHaveText(couponPrice ?? '');
  const elsewhere = await (await browser.newContext({ baseURL })).newPage();
  await elsewhere.goto('/#/login');
  await logIn(elsewhere);
  await expectHome(elsewhere);
  await elsewhere.goto('/#/coupon');
  await expect(elsewhere.getByTestId('current-price')).toHaveText(couponPrice ?? '');
  await expect(elsewhere.getByTestId('price-source')).toHaveText('With coupon SAVE20');
  await elsewhere.context().close();

  await page.getByLabel('Coupon code').fill('EXPIRED10');
  await page.getByRole('button', { name: 'Apply coupon' }).click();
  const refused = page.getByRole('dialog', { name: 'Coupon Code Error' });
  await expect(refused).toContainText('Coupon code cannot be used.');
  await closeDialog(page, 'Coupon Code Error');
  await expect(price).toHaveText(couponPrice ?? '');

  await page.getByRole('button', { name: 'Restore default price' }).click();
  const restored = page.getByRole('dialog', { name: 'Default Price Restored' });
  await expect(restored).toContainText(`The visit price is ${defaultPrice}.`);
  await closeDialog(page, 'Default Price Restored');
  await expect(price).toHaveText(defaultPrice ?? '');
  await expect(page.getByTestId('price-source')).toHaveText('Standard price');
});

test('transactions: a charge is listed, its receipt shows, prints and downloads as a PDF', async ({
  page,
}) => {
  await openPayments(page);
  await submitCard(page, cards.approve);
  await closeDialog(page, 'Payment Added');

  // Charge through the API with the page's own session.
  const token = await sessionToken(page);
  expect(token).not.toBe('');
  const headers = { authorization: `Bearer ${token}` };
  const profilesResponse = await page.request.get('/api/account/payments/profiles', { headers });
  expect(profilesResponse.ok()).toBe(true);
  const profiles = (await profilesResponse.json()) as {
    payProfiles: { card: { profileID: string; last4: string } }[];
  };
  const card = profiles.payProfiles.find((p) => p.card.last4 === '1111')?.card;
  expect(card).toBeDefined();
  const pricingResponse = await page.request.get('/api/account/pricing/default', { headers });
  expect(pricingResponse.ok()).toBe(true);
  const pricing = (await pricingResponse.json()) as { price: number; priceToken: string };
  const chargeResponse = await page.request.post('/api/payments/charge', {
    headers,
    data: {
      priceToken: pricing.priceToken,
      paymentProfileId: card?.profileID,
      idempotencyKey: `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}`,
      description: 'e2e visit',
    },
  });
  expect(chargeResponse.ok()).toBe(true);
  const { transaction } = (await chargeResponse.json()) as {
    transaction: { id: string; invoiceNumber: string; amount: number };
  };

  // Listed, newest first, with a link to its receipt.
  await page.goto('/#/transactions');
  const newest = page.getByTestId('transaction').first();
  await expect(newest).toContainText('e2e visit');
  await expect(newest).toContainText(`$${(transaction.amount / 100).toFixed(2)}`);
  await newest.getByRole('link', { name: /View receipt of e2e visit/ }).click();
  await expect(page).toHaveURL(/#\/transactions\/receipt$/);
  const receipt = page.locator('[data-screen="receipt"]');
  await expect(receipt.getByRole('heading', { name: 'Receipt' })).toBeVisible();
  await expect(receipt).toContainText(transaction.invoiceNumber);
  await expect(receipt).toContainText('e2e visit');
  await expectAccessible(page, 'a receipt');

  // Print calls the browser's print.
  await page.evaluate(() => {
    window.print = () => document.body.setAttribute('data-printed', 'true');
  });
  await page.getByRole('button', { name: 'Print' }).click();
  await expect(page.locator('body')).toHaveAttribute('data-printed', 'true');

  // The PDF is fetched with the auth header and saved from a Blob URL.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`receipt-${transaction.invoiceNumber}.pdf`);
  const file = await readFile(await download.path());
  expect(file.subarray(0, 4).toString('latin1')).toBe('%PDF');

  // Opened by link instead of router state: ?id= is the fallback.
  await page.goto(`/#/transactions/receipt?id=${encodeURIComponent(transaction.id)}`);
  await expect(page.locator('[data-screen="receipt"]')).toContainText(transaction.invoiceNumber);
});

test("a visit paid with the patient's referral code shows on her referred transactions, without who paid", async ({
  page,
  request,
}) => {
  const email = `referred-${Date.now()}@example.test`;
  const password = 'Referred-Pass-42';
  const registered = await request.post('/api/register', {
    data: {
      profile: {
        name: 'Rita Lopez',
        dob: '05-20-1985',
        gender: 'F',
        address: '1 Main St',
        state: 'FL',
        zipCode: '33101',
        phone: '305-555-0199',
        email,
      },
      credentials: { password },
      referral: 'FRIEND10',
    },
  });
  expect(registered.ok()).toBe(true);
  const login = await request.post('/api/account/token', {
    data: { loginId: email, password, platform: 'web', version: 'e2e' },
  });
  const auth = { authorization: `Bearer ${(await login.json()).token}` };
  const added = await request.post('/api/account/payments/profiles', {
    headers: auth,
    data: {
      profileID: null,
      signature: null,
      card: {
        cardHolderName: 'Rita Lopez',
        ccNumber: '4111111111111111',
        cvv: '123',
        expiration: futureExpiry(),
        cardZip: '33101',
      },
    },
  });
  const profileID = (await added.json()).payProfiles[0].card.profileID;
  const { priceToken } = await (
    await request.get('/api/account/pricing/FRIEND10', { headers: auth })
  ).json();
  const charged = await request.post('/api/payments/charge', {
    headers: auth,
    data: {
      priceToken,
      paymentProfileId: profileID,
      idempotencyKey: `referred-${Date.now()}`,
      description: 'Video visit',
    },
  });
  expect(charged.ok()).toBe(true);

  await page.goto('/#/login');
  await logIn(page);
  await expectHome(page);
  await page.goto('/#/payments');
  await expect(page.getByTestId('credit-balance')).toHaveText(/Credit: \$\d+\.\d{2}/);
  await page.getByRole('link', { name: 'Referred transactions' }).click();
  await expect(page).toHaveURL(/#\/referred-transactions$/);
  const item = page.getByTestId('referred-transaction').first();
  await expect(item).toContainText('Code FRIEND10');
  await expect(item).toContainText('$39.00');
  await expect(page.getByText('Rita')).toHaveCount(0);
});
