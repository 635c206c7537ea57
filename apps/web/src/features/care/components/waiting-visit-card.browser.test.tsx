import '@mantine/core/styles.css';
import type { PatientVisit } from '@apothecall/domain/care/visits.api';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadLanguage, loadScreenTexts } from '../../../lib/i18n';
import { cleanupApp, renderWithApp } from '../../../testing/render';
import { WaitingVisitCard } from './waiting-visit-card';

/**
 * The waiting room's card in Chromium: when the last provider for the visit's state
 * has gone, the patient is told so, with the choice to cancel and the limit after which an
 * unclaimed visit is cancelled and refunded.
 */
const waiting: PatientVisit = {
  visitId: 'v1',
  patientId: 'p1',
  state: 'waiting',
  reason: 'uti',
  startTime: '2026-11-27T10:00:00.000Z',
  place: 1,
  waitTime: null,
  dueTime: null,
  providerName: null,
};

async function render(visit: PatientVisit) {
  const { host } = await renderWithApp(
    <ul>
      <WaitingVisitCard visit={visit} patientName="Maria Rivera" onCancel={() => undefined} />
    </ul>,
  );
  await expect.poll(() => host.querySelector('[data-testid="waiting-visit"]')).not.toBeNull();
  return host;
}

beforeAll(async () => {
  await loadLanguage('en');
  await loadScreenTexts();
});

afterEach(async () => {
  await cleanupApp();
});

describe('WaitingVisitCard', () => {
  it('tells a waiting patient that no provider is available in their state, and the limit', async () => {
    const host = await render({ ...waiting, noProvider: true });
    const told = host.querySelector('[data-testid="waiting-no-provider"]');
    expect(told?.textContent).toBe(
      'No provider is available in your state right now. You can keep waiting or cancel for a full refund; a visit nobody takes within 20 minutes is cancelled and refunded.',
    );
  });

  it('says nothing of the kind while a provider is available', async () => {
    const host = await render({ ...waiting, waitTime: 5, noProvider: false });
    expect(host.querySelector('[data-testid="waiting-no-provider"]')).toBeNull();
    expect(host.textContent).not.toContain('No provider');
  });
});
