import { expect } from '@playwright/test';
import { newPatient, onDuty, startVisitByApi } from './care-api';
import { demoStaff, expectAccessible, logIn, test } from './support';

/**
 * The money console (issue 35, area 5; desktop): the admin finds a patient's visit charge by the
 * reference the ledger gives it, refunds it in full with a reason through the dialog, and the
 * patient's own transactions list the refund; the day's reconciliation against the gateway
 * runs from the same screen. Refund rules, idempotency and parallel refunds are the integration
 * tests' (money-admin.int.test.ts, both databases).
 */
test('the admin refunds a visit charge found by its reference, and the patient sees the refund', async ({
  page,
  request,
}) => {
  // A visit is paid for when it starts, which needs a provider on duty in the patient's state.
  await onDuty(request);
  const patient = await newPatient(request);
  await startVisitByApi(request, patient);
  const listed = async () => {
    const res = await request.post('/api/transactionsGET', {
      headers: { authorization: `Bearer ${patient.token}` },
    });
    expect(res.ok()).toBe(true);
    return (await res.json()).transactions as { id: string; kind: string; amount: number }[];
  };
  const charge = (await listed()).find((x) => x.kind === 'charge');
  if (!charge) throw new Error('the visit made no charge');
  const reference = charge.id.replace(/-/g, '').slice(0, 8).toUpperCase();

  await page.goto('/#/login');
  await logIn(page, demoStaff.admin.loginId);
  await page.getByTestId('backoffice-home').getByRole('link', { name: 'Money' }).click();
  await page.getByLabel('Invoice number or reference').fill(reference);
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.getByTestId(`money-row-${reference}`);
  await expect(row).toContainText(patient.name);
  await expect(row).toContainText('$49.00');
  await expectAccessible(page, 'money transactions');

  await row.getByRole('button', { name: 'Refund' }).click();
  const dialog = page.getByRole('dialog', { name: 'Refund $49.00 in full' });
  await dialog.getByLabel('Reason for the refund').fill('Charged twice by mistake');
  await expectAccessible(page, 'refund dialog');
  await dialog.getByTestId('money-refund-confirm').click();
  await expect(page.getByText('The charge was refunded.')).toBeVisible();
  await expect(row.getByText('Refunded')).toBeVisible();

  // The patient's own list has the refund of that charge.
  await expect
    .poll(async () => (await listed()).filter((x) => x.kind === 'refund').map((x) => x.amount))
    .toEqual([charge.amount]);

  // The day's reconciliation runs and says what it checked: at least this charge and its refund
  // (other specs' payments of the day share the server, some of them still in flight, so what
  // matches and what differs is the integration tests' to assert).
  await page.getByRole('tab', { name: 'Reconciliation' }).click();
  await page.getByRole('button', { name: 'Compare' }).click();
  const summary = page.getByTestId('money-reconcile-summary');
  await expect(summary).toHaveText(
    /^\d+ card entries checked, \d+ match the gateway, \d+ differ\.$/,
  );
  const checked = Number((await summary.textContent())?.split(' ')[0]);
  expect(checked).toBeGreaterThanOrEqual(2);
  await expectAccessible(page, 'reconciliation');
});
