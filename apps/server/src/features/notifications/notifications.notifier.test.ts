import { describe, expect, it } from 'vitest';
import type { AppEvents } from '../../platform/events';
import { createEventBus } from '../../platform/events';
import { subscribeNotifier } from './notifications.notifier';

/**
 * The notices of an Rx visit's change, from the snapshot the change carries: a
 * pharmacy's move by where the pharmacy is with it, a prescriber's by the visit's status; only
 * the statuses worth a notice, never the patient's own moves; once per status (the job's key).
 */
describe('subscribeNotifier: Rx visit changes', () => {
  function setUp() {
    const events = createEventBus({ onError: (what, error) => expect.fail(`${what}: ${error}`) });
    const sent: string[] = [];
    subscribeNotifier({
      events,
      jobs: {
        send: async (_name: string, data: { kind: string; ref: string }) => {
          sent.push(`${data.kind} ${data.ref}`);
          return null;
        },
      } as never,
      realtime: { push: () => undefined },
      holder: async () => ({ lang: 'en', brandName: 'Apothecall' }),
      staffOf: async () => [],
      onError: (error) => expect.fail(String(error)),
    });
    return { events, sent };
  }
  const visit: AppEvents['rx.visitChanged']['visit'] = {
    id: 'v1',
    accountId: 'patient-1',
    version: 9,
    status: 'rxed',
    pharmacyStatus: 'contacted',
    prescriberId: 'prescriber-1',
    location: 'FL',
    pharmacyId: 'sunrise',
  };

  it("tells a pharmacy's move by the pharmacy status, and only one worth a notice", async () => {
    const { events, sent } = setUp();
    await events.emit('rx.visitChanged', { visit, by: 'pharmacy' });
    expect(sent).toEqual([]);
    await events.emit('rx.visitChanged', {
      visit: { ...visit, pharmacyStatus: 'ready' },
      by: 'pharmacy',
    });
    expect(sent).toEqual(['rxStatus v1:ready']);
  });

  it("tells a prescriber's move by the visit's status, and none of the patient's own", async () => {
    const { events, sent } = setUp();
    await events.emit('rx.visitChanged', {
      visit: { ...visit, pharmacyStatus: null },
      by: 'patient',
    });
    await events.emit('rx.visitChanged', {
      visit: { ...visit, pharmacyStatus: null },
      by: 'prescriber',
    });
    expect(sent).toEqual(['rxStatus v1:rxed']);
  });
});
