import '@mantine/core/styles.css';
import type { AdminVisitRow } from '@apothecall/domain/backoffice/visits.api';
import { MantineProvider } from '@mantine/core';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadLanguage, loadScreenTexts } from '../../../lib/i18n';
import { AdminVisitsTable } from './admin-visits-screen';

/**
 * The back office's visits table in Chromium (issue 35): stuck visits say why; Cancel only on
 * the visits the server marks cancellable (an Rx visit too, not once a pharmacy has it), Reassign only on a claimed one or a started Rx review, and no
 * action for a role without write access.
 */
let root: Root | null = null;

const row = (over: Partial<AdminVisitRow>): AdminVisitRow => ({
  id: '00000000-0000-4000-8000-000000000001',
  ref: '00000000',
  kind: 'video',
  status: 'waiting',
  patientName: 'Wendeline Quarry',
  state: 'FL',
  provider: null,
  pharmacy: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  ageMinutes: 12,
  stuck: null,
  final: false,
  cancellable: true,
  ...over,
});

const visits = [
  row({ ref: 'AAAA0001', stuck: 'waitingNoProvider' }),
  row({ ref: 'AAAA0002', kind: 'rx', stuck: 'rxUnreviewed', ageMinutes: 1500 }),
  row({ ref: 'AAAA0003', status: 'inProgress', provider: 'Samuel Okafor' }),
  row({ ref: 'AAAA0004', status: 'completed', final: true, cancellable: false }),
  row({ ref: 'AAAA0005', kind: 'rx', status: 'started', provider: 'Samuel Okafor' }),
  row({
    ref: 'AAAA0006',
    kind: 'rx',
    status: 'rxed',
    pharmacy: 'Harbor Pharmacy',
    cancellable: false,
  }),
];

async function render(mayWrite: boolean) {
  const host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  const acted: string[] = [];
  root.render(
    <MantineProvider>
      <AdminVisitsTable
        visits={visits}
        mayWrite={mayWrite}
        onAct={(visit, action) => acted.push(`${action} ${visit.ref}`)}
      />
    </MantineProvider>,
  );
  await expect.poll(() => host.querySelector('[data-testid="admin-visits-table"]')).not.toBeNull();
  return { host, acted };
}

const rows = (host: HTMLElement) => [...host.querySelectorAll('[data-testid="admin-visit-row"]')];

beforeAll(async () => {
  await loadLanguage('en');
  await loadScreenTexts();
});

afterEach(() => {
  root?.unmount();
  root = null;
  document.body.innerHTML = '';
});

describe('AdminVisitsTable', () => {
  it('says why a visit is stuck and offers the actions a visit allows', async () => {
    const { host, acted } = await render(true);
    const [waiting, rx, claimed, done, started, claimedByPharmacy] = rows(host);
    expect(waiting?.textContent).toContain('Waiting over 10 minutes with no provider');
    expect(rx?.textContent).toContain('Unreviewed over 24 hours');
    const buttons = (r: Element | undefined) =>
      [...(r?.querySelectorAll('button') ?? [])].map((b) => b.textContent);
    expect(buttons(waiting)).toEqual(['Cancel and refund']);
    expect(buttons(rx)).toEqual(['Cancel and refund']);
    expect(buttons(claimed)).toEqual(['Reassign', 'Cancel and refund']);
    expect(buttons(done)).toEqual([]);
    expect(buttons(started)).toEqual(['Reassign', 'Cancel and refund']);
    expect(buttons(claimedByPharmacy)).toEqual([]);
    claimed?.querySelector('button')?.click();
    expect(acted).toEqual(['reassign AAAA0003']);
  });

  it('offers no action to a reader', async () => {
    const { host } = await render(false);
    expect(host.querySelectorAll('button')).toHaveLength(0);
    expect(rows(host)).toHaveLength(6);
  });
});
