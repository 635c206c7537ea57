import { type APIRequestContext, expect } from '@playwright/test';
import { prescribedRxVisit } from './rx-api';
import {
  call,
  demoPassword,
  demoStaff,
  expectAccessible,
  logIn,
  openContext,
  test,
  tokenFor,
} from './support';

/**
 * The back office's pharmacies area end to end. The operator (the demo admin) finds
 * the demo registry's Gulf Coast Pharmacy in /admin/pharmacies by its NCPDP ID, onboards it
 * (unverified, its details the registry's), verifies it with a reason (kept in its history) and
 * invites its administrator. The administrator chooses a password through the e-mailed link
 * (read from the dev outbox) and invites a pharmacist for Florida on /pharmacists; the
 * pharmacist chooses a password the same way and claims, with Submit Payment, a prescribed Rx
 * visit routed to the new pharmacy. Set up by API, because they are not this area's: the visit
 * (e2e/rx-api.ts) and the fee account's funds (the claim fee needs a balance; a new pharmacy
 * holds none), added by the administrator's card.
 */

const ncpdpId = '3141592';
const pharmacyId = `gulf-coast-pharmacy-${ncpdpId}`;

/** The set-your-password code of the newest invitation e-mailed to this address. */
async function inviteCode(request: APIRequestContext, email: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const body = await (await request.get('/api/dev/outbox')).json();
      // The text is there until the mail is sent (then purged): this server's SMTP_URL has no
      // listener in this spec, so the invitation waits in the outbox for its re-sends.
      const mail = (body.messages as { channel: string; to: string; text: string | null }[]).find(
        (m) => m.channel === 'email' && m.to === email && m.text !== null,
      );
      code = mail ? /#\/resetpw\/([A-Za-z0-9_-]+)/.exec(mail.text ?? '')?.[1] : undefined;
      return code;
    })
    .toMatch(/^[A-Za-z0-9_-]{32}$/);
  return code ?? '';
}

test('the operator onboards a registry pharmacy, verifies it and invites its administrator, whose pharmacist claims an Rx visit', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now();

  // The operator onboards Gulf Coast from the registry.
  const operator = await openContext(browser, false);
  await operator.goto('/#/login');
  await logIn(operator, demoStaff.admin.loginId, demoPassword);
  await expect(operator.locator('[data-screen="home"]')).toBeVisible();
  await operator.goto('/#/admin/pharmacies');
  await expect(operator.getByRole('heading', { name: 'Pharmacies', level: 1 })).toBeVisible();
  await expect(operator.getByTestId('admin-pharmacy-row-1023456')).toContainText(
    'Sunrise Pharmacy',
  );
  await operator.getByLabel('NCPDP ID or name').fill(ncpdpId);
  await operator.getByRole('button', { name: 'Search the registry' }).click();
  const result = operator.getByTestId(`registry-row-${ncpdpId}`);
  await expect(result).toContainText('GULF COAST PHARMACY');
  await expectAccessible(operator, 'the back office pharmacies list with registry results');
  await result.getByRole('button', { name: 'Onboard' }).click();
  await expect(operator).toHaveURL(new RegExp(`#/admin/pharmacies/${pharmacyId}$`));
  await expect(operator.getByTestId('pharmacy-status')).toHaveText('Unverified');
  for (const field of ['address', 'phone', 'fax']) {
    await expect(operator.getByTestId(`comparison-${field}`)).toContainText('Same');
  }

  // Verified with a reason, which the history keeps.
  await operator.getByLabel('Reason').fill('Licence and e-prescribing checked with the owner');
  await operator.getByRole('button', { name: 'Verify' }).click();
  await expect(operator.getByTestId('pharmacy-status')).toHaveText('Verified');
  await expect(operator.getByTestId('pharmacy-history')).toContainText(
    'Licence and e-prescribing checked with the owner',
  );

  // Its administrator is invited.
  const ownerEmail = `gulf-owner-${stamp}@example.test`;
  await operator.getByLabel('Name').fill('Dana Whitfield');
  await operator.getByLabel('E-mail').fill(ownerEmail);
  await operator.getByRole('button', { name: 'Invite its administrator' }).click();
  await expect(operator.getByTestId('pharmacy-admins')).toContainText(ownerEmail);
  await expectAccessible(operator, "the back office pharmacy's page");

  // The administrator sets a password through the e-mailed link.
  const owner = await openContext(browser, false);
  await owner.goto(`/#/resetpw/${await inviteCode(request, ownerEmail)}`);
  const ownerPassword = 'Gulf-Owner-Pass-42';
  await owner.getByLabel('New password', { exact: true }).fill(ownerPassword);
  await owner.getByLabel('Confirm new password').fill(ownerPassword);
  await owner.getByRole('button', { name: 'Save new password' }).click();
  await expect(owner).toHaveURL(/#\/login$/);
  await logIn(owner, ownerEmail, ownerPassword);

  // Set up by API: funds for the claim fee, by the administrator's card.
  const ownerToken = await tokenFor(request, ownerEmail, ownerPassword);
  const cards = await call(request, 'GET', '/api/account/payments/profiles', ownerToken);
  const now = new Date();
  await call(request, 'POST', '/api/account/payments/profiles', ownerToken, {
    profileID: cards.payProfileID,
    signature: cards.payProfileSignature,
    card: {
      cardHolderName: 'Dana Whitfield',
      ccNumber: '4111111111111111',
      cvv: '123',
      expiration: `${String(now.getMonth() + 1).padStart(2, '0')}/${String((now.getFullYear() + 3) % 100).padStart(2, '0')}`,
      cardZip: '33609',
    },
  });
  await call(request, 'POST', '/api/pharmacy/funds', ownerToken, {
    amount: 50,
    idempotencyKey: `e2e-gulf-funds-${stamp}`,
  });

  // The administrator invites a pharmacist for Florida.
  await owner
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Pharmacists' })
    .click();
  await expect(owner).toHaveURL(/#\/pharmacists$/);
  const rphEmail = `gulf-rph-${stamp}@example.test`;
  await owner.getByTestId('pharmacist-invite-email').fill(rphEmail);
  await owner.getByTestId('pharmacist-invite-first-name').fill('Omar');
  await owner.getByTestId('pharmacist-invite-last-name').fill('Haddad');
  await owner.getByRole('combobox', { name: 'States' }).click();
  await owner.getByRole('option', { name: 'Florida' }).click();
  await owner.keyboard.press('Escape');
  await owner.getByTestId('pharmacist-invite-submit').click();
  await expect(owner.getByTestId('pharmacist').filter({ hasText: rphEmail })).toBeVisible();

  // A prescribed Rx visit routed to Gulf Coast (set up by API).
  const { visitId } = await prescribedRxVisit(request, 'gulf', pharmacyId);

  // The pharmacist sets a password and claims it.
  const rph = await openContext(browser, false);
  await rph.goto(`/#/resetpw/${await inviteCode(request, rphEmail)}`);
  const rphPassword = 'Gulf-Pharmacist-42';
  await rph.getByLabel('New password', { exact: true }).fill(rphPassword);
  await rph.getByLabel('Confirm new password').fill(rphPassword);
  await rph.getByRole('button', { name: 'Save new password' }).click();
  await expect(rph).toHaveURL(/#\/login$/);
  await logIn(rph, rphEmail, rphPassword);
  await rph
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Prescriptions' })
    .click();
  const row = rph.locator(`[data-testid="pharmacy-rx-row"][data-visit-id="${visitId}"]`);
  await expect(row).toBeVisible();
  await row.getByTestId('pharmacy-rx-open').click();
  const detail = rph.getByTestId('pharmacy-rx-detail');
  await rph.getByTestId('pharmacy-submit-payment').click();
  await rph.getByTestId('pharmacy-claim-confirm').click();
  await expect(detail.getByTestId('pharmacy-rx-status')).toHaveAttribute('data-status', 'claimed');

  // The operator sees the claim's fee on the pharmacy's fee account.
  await operator.reload();
  await expect(operator.getByTestId('pharmacy-fees')).toContainText('Claim fee');
  await expect(operator.getByTestId('pharmacy-fees')).toContainText('Funds added');
});
