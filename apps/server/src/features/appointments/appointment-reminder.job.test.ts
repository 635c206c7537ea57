import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeClock } from '../../../test/fakes';
import type { SendOptions } from '../../platform/jobs/jobs';
import { queueReminders } from './appointment-reminder.job';

const appointmentId = '7a2e0c10-0000-4000-8000-0000000000a1';
const minute = 60_000;
const hour = 60 * minute;

/** The app's clock reads 2026-03-02 15:00Z; the process's wall clock is a day off from it. */
function setUp() {
  const clock = fakeClock();
  const wall = clock.now().getTime() + 24 * hour;
  vi.spyOn(Date, 'now').mockReturnValue(wall);
  const sent: { name: string; payload: unknown; options?: SendOptions }[] = [];
  const jobs = {
    send: async (name: string, payload: unknown, options?: SendOptions) => {
      sent.push({ name, payload, options });
      return `job-${sent.length}`;
    },
  };
  const bookIn = (ms: number) =>
    queueReminders(
      jobs,
      { id: appointmentId, startAt: new Date(clock.now().getTime() + ms) },
      clock.now,
    );
  return { sent, bookIn, wall };
}

const reminder = (kind: 'day' | 'soon', startAfter: number) => ({
  name: 'appointments.reminder',
  payload: { appointmentId, kind },
  options: {
    startAfter: new Date(startAfter),
    idempotencyKey: `appointment:${appointmentId}:${kind}`,
  },
});

describe('queueReminders', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('queues both reminders of a booking two days ahead, each once, at its moment', async () => {
    const { sent, bookIn, wall } = setUp();
    await bookIn(48 * hour);
    // startAfter is the wait until the moment (by the app's clock) from the wall clock's now.
    expect(sent).toEqual([
      reminder('day', wall + 24 * hour),
      reminder('soon', wall + 48 * hour - 15 * minute),
    ]);
  });

  it('does not queue a reminder whose moment has passed at booking', async () => {
    const within = setUp();
    await within.bookIn(3 * hour);
    expect(within.sent).toEqual([reminder('soon', within.wall + 3 * hour - 15 * minute)]);
    vi.restoreAllMocks();

    const exactlyADay = setUp();
    await exactlyADay.bookIn(24 * hour);
    expect(exactlyADay.sent).toEqual([
      reminder('soon', exactlyADay.wall + 24 * hour - 15 * minute),
    ]);
    vi.restoreAllMocks();

    const soon = setUp();
    await soon.bookIn(15 * minute);
    await soon.bookIn(10 * minute);
    expect(soon.sent).toEqual([]);
  });
});
