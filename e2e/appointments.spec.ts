import { expect, type Locator } from '@playwright/test';
import { localDate, localTime } from '../packages/domain/src/dates/zones.rules';
import { futureExpiry } from './care-api';
import {
  appCalendar,
  atShiftedClock,
  call,
  clock,
  demoPassword,
  expectAccessible,
  logIn,
  openContext,
  test,
  tokenFor,
  appTimeZone as zone,
} from './support';

/**
 * README, "Try appointments".
 *
 * Scheduled appointments end to end. The provider publishes a one-date Florida block
 * that starts in a few minutes; a new patient confirms Florida, books its slot, sees it listed,
 * starts it inside the window (paying with a new test card), and the provider, from the clinic's
 * "Your visits in progress", joins: the video connects on both sides (at the real clock; the runs
 * at shifted clocks end in the waiting room, where the date's part ends).
 */

/** 'YYYY-MM-DD' and 'HH:mm' of an instant in a zone. */
function local(at: Date, timeZone: string): { date: string; time: string } {
  return { date: localDate(at.getTime(), timeZone), time: localTime(at.getTime(), timeZone) };
}

async function connected(callPane: Locator) {
  await expect(callPane).toHaveAttribute('data-connection-state', 'connected', { timeout: 45_000 });
}

test(
  'the provider publishes FL slots; a patient books one, sees it listed, starts it inside the window, and the video connects',
  clock,
  async ({ browser, request }) => {
    test.setTimeout(240_000);
    // The next five-minute mark at least two minutes away, for 15 minutes: inside the window at
    // once. A block must end on its own day in the zone it is written in; near midnight in New
    // York, it is written in Honolulu's time instead (the patient still sees it in New York time).
    const slotTime = appCalendar().slot(2, 5, 15);
    const start = new Date(slotTime.from);
    const end = new Date(slotTime.to);
    const blockZone = slotTime.sameDay ? zone : 'Pacific/Honolulu';

    // A new patient in Florida with the consents accepted.
    const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    const email = `appointment-${stamp}@example.test`;
    const password = 'Appointment-Flow-42';
    await call(request, 'POST', '/api/register', null, {
      profile: {
        name: 'Ines Marquardt',
        dob: '09-17-1988',
        gender: 'F',
        address: '44 Palm Ave',
        state: 'FL',
        zipCode: '33101',
        phone: `305-558-${String(Math.floor(Math.random() * 9000) + 1000)}`,
        email,
      },
      credentials: { password },
    });
    const token = await tokenFor(request, email, password);
    const consents = (await call(request, 'GET', '/api/consents', token)) as {
      documents: { id: string; version: string }[];
    };
    await call(request, 'POST', '/api/consents', token, {
      documents: consents.documents.map(({ id, version }) => ({ id, version })),
    });

    // The provider publishes the block.
    const provider = await openContext(browser, false, { permissions: ['camera', 'microphone'] });
    await provider.goto('/#/login');
    await logIn(provider, 'provider@apothecall.test', demoPassword);
    await provider.goto('/#/appointment');
    await expect(provider.getByTestId('availability-form')).toBeVisible();
    // The radio is checked again until it holds: a click that lands while the screen is still
    // settling can be lost (a clean-clone run saw "did not change its state" once).
    await expect(async () => {
      await provider.getByTestId('availability-single').check({ force: true, timeout: 2_000 });
      await expect(provider.getByTestId('availability-single')).toBeChecked({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await provider.getByTestId('availability-date').fill(local(start, blockZone).date);
    await provider.getByTestId('availability-start').fill(local(start, blockZone).time);
    await provider.getByTestId('availability-end').fill(local(end, blockZone).time);
    await provider.getByTestId('availability-slot').selectOption('15');
    await provider.getByTestId('availability-timezone').selectOption(blockZone);
    await provider.getByTestId('availability-submit').click();
    await expect(provider.getByTestId('availability-block').last()).toContainText('FL');
    await expectAccessible(provider, "the provider's availability (desktop)");

    // The patient books it.
    const page = await openContext(browser, false, { permissions: ['camera', 'microphone'] });
    await page.goto('/#/login');
    await logIn(page, email, password);
    await page.goto('/#/appointment');
    await expect(page.getByTestId('appointment-patient')).toBeVisible();
    if (!(await page.getByTestId('appointment-location').textContent())?.includes('Florida')) {
      await page.getByTestId('appointment-state').selectOption('FL');
      await page.getByTestId('appointment-confirm-state').click();
    }
    await expect(page.getByTestId('appointment-location')).toContainText('Florida');
    await page.getByTestId('appointment-date').fill(local(start, zone).date);
    const slot = page.locator(
      `[data-testid="appointment-slot"][data-time="${start.toISOString()}"]`,
    );
    await expect(slot).toBeVisible();
    await slot.click();
    const book = page.getByTestId('appointment-book-dialog');
    await book.getByLabel('Sore throat').check({ force: true });
    await page.getByTestId('appointment-book-confirm').click();
    await expect(page.getByRole('dialog', { name: 'Appointment Created' })).toBeVisible();
    await expect(page.getByTestId('appointment-created')).toContainText(
      'Please return within 15 minutes of the appointment time',
    );
    await page.getByTestId('appointment-created-ok').click();
    const listed = page.getByTestId('scheduled-appointment');
    await expect(listed).toHaveCount(1);
    await expect(listed).toHaveAttribute('data-phase', 'open');
    await expectAccessible(page, "the patient's appointments (desktop)");

    // Start inside the window: pay with a new card, into the waiting room and the call.
    await listed.getByTestId('appointment-start').click();
    const dialog = page.getByTestId('appointment-start-dialog');
    await expect(dialog.getByTestId('appointment-price')).toContainText('$49.00');
    await dialog.getByRole('button', { name: 'Add card' }).click();
    await dialog.getByLabel('Name on card').fill('Ines Marquardt');
    await dialog.getByLabel('Card number').fill('4111 1111 1111 1111');
    await dialog.getByLabel('Expiration (MM/YY)').fill(futureExpiry());
    await dialog.getByLabel('CVV').fill('123');
    await dialog.getByLabel('Billing zip code').fill('33101');
    await dialog.getByRole('button', { name: 'Save card' }).click();
    await expect(dialog.getByRole('radio', { name: /1111/ })).toBeChecked();
    await page.getByTestId('appointment-pay-start').click();
    await expect(page).toHaveURL(/#\/waiting$/);
    // The window was the date's part; the call connects at the real clock's run.
    if (atShiftedClock()) return;

    // The provider finds it among the visits in progress and joins: the video connects.
    await provider.goto('/#/clinic');
    await provider.getByRole('button', { name: 'Return to the visit' }).first().click();
    await expect(
      provider.getByRole('heading', { name: 'Visit with Ines Marquardt' }),
    ).toBeVisible();
    await connected(provider.getByTestId('visit-call'));
    await connected(page.getByTestId('visit-call'));
    // The appointment is no longer waiting to be started.
    await expect(page.getByRole('heading', { name: 'Video visit', level: 1 })).toBeVisible();
  },
);
