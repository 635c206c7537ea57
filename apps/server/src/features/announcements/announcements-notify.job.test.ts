import { describe, expect, it } from 'vitest';
import { recordingEvents } from '../../../test/fakes';
import { announcementsNotifyJob } from './announcements-notify.job';

const run = { id: 'run-1', attempt: 1, signal: new AbortController().signal };

describe('announcementsNotifyJob', () => {
  it('tells the logins an announcement reaches, by id only; nobody reached means no event', async () => {
    const events = recordingEvents();
    const audiences: Record<string, string[]> = { a1: ['acc-1', 'acc-2'], a2: [] };
    const job = announcementsNotifyJob({
      announcements: { audience: async (id) => audiences[id] ?? [] },
      events,
    });
    await job.handler({ announcementId: 'a1' }, run);
    await job.handler({ announcementId: 'a2' }, run);
    expect(events.emitted).toEqual([
      {
        name: 'announcements.published',
        payload: { announcementId: 'a1', accountIds: ['acc-1', 'acc-2'] },
      },
    ]);
  });
});
