import '@mantine/core/styles.css';
import { type RxVisitView, rxVisitViewSchema } from '@apothecall/domain/rx/rx-visits.api';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadLanguage, loadScreenTexts } from '../../../lib/i18n';
import { cleanupApp, renderWithApp } from '../../../testing/render';
import { RxVisitCard } from './rx-visit-card';

/**
 * A patient's Rx visit card in Chromium: the visit is named by its short reference,
 * never its id; an upload that was asked for leaves a lasting 'received' line in place of its
 * box; and the box for a requested document says what the prescriber asked for.
 */
const visitId = '3f2a9c1e-7b4d-4e1a-9f00-123456789abc';
const base: RxVisitView = rxVisitViewSchema.parse({
  id: visitId,
  patientId: '0b7c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d',
  patientName: 'Ana Lopez',
  productId: 'ldn',
  status: 'waiting',
  version: 2,
  state: 'FL',
  cost: 4900,
  paid: true,
  idPending: true,
  attachmentsPending: false,
  statusComment: '',
  completed: false,
  refillOf: null,
  createdAt: '2026-11-27T15:00:00Z',
  files: [],
  prescriptions: [],
});
const idFile = {
  id: '5d6e7f80-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
  docType: 'id',
  name: 'licence.jpg',
  type: 'image/jpeg',
  uploadedAt: '2026-11-27T15:05:00Z',
} as const;

async function render(visit: RxVisitView) {
  const { host } = await renderWithApp(
    <ul>
      <RxVisitCard visit={visit} />
    </ul>,
    { route: '/' },
  );
  await expect.poll(() => host.querySelector('[data-testid="rx-visit"]')).not.toBeNull();
  return host;
}

beforeAll(async () => {
  await loadLanguage('en');
  await loadScreenTexts();
});

afterEach(async () => {
  await cleanupApp();
});

describe('RxVisitCard', () => {
  it('names the visit by its 8-character reference, never its 36-character id', async () => {
    const host = await render(base);
    expect(host.textContent).toContain('Visit 3F2A9C1E');
    expect(host.textContent).not.toContain(visitId);
  });

  it('asks for the ID while it is pending, then says when it was received in its place', async () => {
    const asking = await render(base);
    expect(asking.querySelector('[data-testid="rx-upload-id"]')).not.toBeNull();
    expect(asking.querySelector('[data-testid="rx-id-received"]')).toBeNull();
    await cleanupApp();

    const host = await render({ ...base, idPending: false, version: 3, files: [idFile] });
    expect(host.querySelector('[data-testid="rx-upload-id"]')).toBeNull();
    expect(host.querySelector('[data-testid="rx-id-received"]')?.textContent).toBe(
      'ID received on Nov 27, 2026',
    );
  });

  it("shows the prescriber's request in the requested document's box", async () => {
    const host = await render({
      ...base,
      status: 'exit',
      idPending: false,
      attachmentsPending: true,
      statusComment: 'Please upload your latest liver panel (ALT/AST).',
    });
    const box = host
      .querySelector('[data-testid="rx-upload-attachment"]')
      ?.closest('.mantine-Card-root');
    expect(box?.textContent).toContain('Requested document');
    expect(box?.querySelector('[data-testid="rx-request"]')?.textContent).toBe(
      'Your prescriber asks: Please upload your latest liver panel (ALT/AST).',
    );
    // Said once: not also in a separate alert above the box.
    expect(host.querySelectorAll('[data-testid="rx-request"]')).toHaveLength(1);
  });

  it('says the document was received once it is sent', async () => {
    const host = await render({
      ...base,
      status: 'started',
      idPending: false,
      attachmentsPending: false,
      files: [
        idFile,
        {
          id: '6e7f8091-2b3c-4d4e-9f0a-1b2c3d4e5f60',
          docType: 'attachment',
          name: 'liver-panel.pdf',
          type: 'application/pdf',
          uploadedAt: '2026-11-28T09:00:00Z',
        },
      ],
    });
    expect(host.querySelector('[data-testid="rx-upload-attachment"]')).toBeNull();
    expect(host.querySelector('[data-testid="rx-document-received"]')?.textContent).toBe(
      'Document received on Nov 28, 2026: liver-panel.pdf',
    );
  });
});
