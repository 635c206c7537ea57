import '@mantine/core/styles.css';
import type { AdminVisitRow } from '@apothecall/domain/backoffice/visits.api';
import type { Lang } from '@apothecall/domain/i18n/i18n.rules';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadLanguage, loadScreenTexts, setLanguage, translate } from '../../../lib/i18n';
import { cleanupApp, renderWithApp } from '../../../testing/render';
import { ActionDialog, AdminVisitsTable } from './admin-visits-screen';

/**
 * The back office's visits table in Chromium: stuck visits say why; Cancel only on
 * the visits the server marks cancellable (an Rx visit too, not once a pharmacy has it), Reassign only on a claimed one or a started Rx review, and no
 * action for a role without write access.
 */
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
  const acted: string[] = [];
  const { host } = await renderWithApp(
    <AdminVisitsTable
      visits={visits}
      mayWrite={mayWrite}
      onAct={(visit, action) => acted.push(`${action} ${visit.ref}`)}
    />,
  );
  await expect.poll(() => host.querySelector('[data-testid="admin-visits-table"]')).not.toBeNull();
  return { host, acted };
}

const rows = (host: HTMLElement) => [...host.querySelectorAll('[data-testid="admin-visit-row"]')];

beforeAll(async () => {
  await loadLanguage('en');
  await loadScreenTexts();
});

afterEach(async () => {
  await cleanupApp();
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

/**
 * The confirmation of Cancel and refund, in English and Spanish: its
 * button is red and light, no longer a solid red primary; Reassign (a forward action) stays filled.
 */
describe.each(['en', 'es'] as const)('ActionDialog (%s)', (lang: Lang) => {
  beforeAll(async () => {
    await setLanguage(lang);
  });
  afterAll(async () => {
    await setLanguage('en');
  });

  async function dialog(action: 'cancel' | 'reassign') {
    await renderWithApp(
      <ActionDialog target={{ visit: row({ ref: 'AAAA0001' }), action }} onClose={() => {}} />,
    );
    await expect
      .poll(() => document.querySelector('[data-testid="admin-visit-confirm"]'))
      .not.toBeNull();
    return document.querySelector<HTMLButtonElement>('[data-testid="admin-visit-confirm"]');
  }

  it('confirms Cancel and refund with a light red button, not a filled one', async () => {
    const confirm = await dialog('cancel');
    expect(confirm?.textContent).toBe(translate(lang, 'backoffice.visits.ui.cancel'));
    expect(confirm?.dataset.variant).toBe('light');
    expect(confirm?.getAttribute('style') ?? '').toContain('red');
  });

  it('keeps Reassign filled', async () => {
    const confirm = await dialog('reassign');
    expect(confirm?.textContent).toBe(translate(lang, 'backoffice.visits.ui.reassign'));
    // Mantine marks no variant on its default, the filled button.
    expect(confirm?.dataset.variant ?? 'filled').toBe('filled');
  });
});
