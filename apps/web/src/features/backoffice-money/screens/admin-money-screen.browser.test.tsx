import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import type { SessionProfile } from '@apothecall/domain/accounts/accounts.schemas';
import type { MoneyTransaction } from '@apothecall/domain/backoffice/money.api';
import axe from 'axe-core';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { loadScreenTexts, setLanguage } from '../../../lib/i18n';
import { clearSession, setSession } from '../../../lib/session-store';
import { cleanupApp, renderWithApp } from '../../../testing/render';
import { getMoneyTransactions, getReconciliation, refundTransaction } from '../api';
import { AdminMoneyScreen } from './admin-money-screen';

vi.mock('../api', async (original) => ({
  ...(await original<typeof import('../api')>()),
  getMoneyTransactions: vi.fn(),
  refundTransaction: vi.fn(),
  getReconciliation: vi.fn(),
}));

/**
 * The admin's money console in Chromium (was e2e/backoffice-money.spec.ts, moved here to keep CI
 * short): the admin finds a charge by its 8-character reference, the row shows the patient and the
 * amount; Refund opens "Refund $49.00 in full", the reason and the charge go to the server, the
 * toast says so and the row says Refunded; the Reconciliation tab's Compare says what it checked.
 * English and Spanish; axe finds nothing serious on the list, the dialog and the reconciliation.
 * The refund's rules, idempotency and the patient's own list of it are money-admin.int.test.ts's
 * (both databases).
 */
const profile: SessionProfile = {
  id: '00000000-0000-4000-8000-0000000000ad',
  personId: '00000000-0000-4000-8000-0000000000ad',
  name: 'Paula Admin',
  role: 'admin',
  loginId: 'admin@apothecall.test',
  brandId: 'apothecall',
  credentials: { from: null, role: 'admin', organizationType: null },
  permissions: [],
  users: [
    {
      id: '00000000-0000-4000-8000-0000000000ad',
      personId: '00000000-0000-4000-8000-0000000000ad',
      name: 'Paula Admin',
      firstName: 'Paula',
      lastName: 'Admin',
      relation: 'self',
    },
  ],
};

const reference = 'A1B2C3D4';
const charge: MoneyTransaction = {
  id: 'a1b2c3d4-0000-4000-8000-000000000001',
  reference,
  date: '2026-11-27T15:04:00.000Z',
  brand: 'apothecall',
  accountName: 'Odalys Fenwick',
  accountId: '00000000-0000-4000-8000-0000000000a1',
  kind: 'charge',
  status: 'succeeded',
  amount: 4900,
  card: { brand: 'visa', last4: '4242' },
  invoiceNumber: 'INV-000123',
  relatedId: null,
  refunded: false,
};
const other: MoneyTransaction = {
  ...charge,
  id: 'ffeeddcc-0000-4000-8000-000000000002',
  reference: 'FFEEDDCC',
  accountName: 'Bruno Okafor',
  invoiceNumber: 'INV-000124',
};

/** The server as the screen sees it: the list narrowed by the reference, refunded once asked. */
function serve() {
  let refunded = false;
  vi.mocked(getMoneyTransactions).mockImplementation(async (filters) => {
    const all = [{ ...charge, refunded }, other];
    const transactions = filters.query
      ? all.filter((x) => x.reference === filters.query || x.invoiceNumber === filters.query)
      : all;
    return { error: false, transactions, page: 1, pageSize: 50, total: transactions.length };
  });
  vi.mocked(refundTransaction).mockImplementation(async (id) => {
    refunded = true;
    return {
      ...charge,
      id: 'b0000000-0000-4000-8000-000000000003',
      reference: 'B0000000',
      kind: 'refund',
      relatedId: id,
    };
  });
  vi.mocked(getReconciliation).mockResolvedValue({
    error: false,
    day: '2026-11-27',
    checked: 2,
    matched: 2,
    differences: [],
  });
}

async function render() {
  const { host } = await renderWithApp(<AdminMoneyScreen />, {
    theme: 'brand',
    notifications: true,
    route: '/admin/money',
  });
  await expect.poll(() => host.querySelector('[data-testid="money-transactions"]')).not.toBeNull();
  return host;
}

async function expectNoSeriousAxe(where: string) {
  const result = await axe.run(document.body, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
  });
  const serious = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 120)).join(', ')}`);
  expect(serious, `axe on ${where}`).toEqual([]);
}

/** The input a visible label names (Mantine links them by id). */
function field(text: string): HTMLElement {
  const label = [...document.querySelectorAll('label')].find(
    (l) => l.textContent?.replace(/\s*\*$/, '').trim() === text,
  );
  const input = label?.htmlFor ? document.getElementById(label.htmlFor) : null;
  if (!input) throw new Error(`no field labelled ${text}`);
  return input;
}

function button(text: string, within: ParentNode = document): HTMLButtonElement {
  const found = [...within.querySelectorAll<HTMLButtonElement>('button')].find(
    (b) => b.textContent?.trim() === text,
  );
  if (!found) throw new Error(`no button ${text}`);
  return found;
}

const row = (host: HTMLElement, ref: string) =>
  host.querySelector<HTMLElement>(`[data-testid="money-row-${ref}"]`);
const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
const dialogName = () => {
  const d = dialog();
  const id = d?.getAttribute('aria-labelledby');
  return id ? document.getElementById(id)?.textContent : undefined;
};

const texts = {
  en: {
    query: 'Invoice number or reference',
    search: 'Search',
    refund: 'Refund',
    title: 'Refund $49.00 in full',
    reason: 'Reason for the refund',
    done: 'The charge was refunded.',
    refunded: 'Refunded',
    reconciliation: 'Reconciliation',
    compare: 'Compare',
    summary: '2 card entries checked, 2 match the gateway, 0 differ.',
  },
  es: {
    query: 'Número de factura o referencia',
    search: 'Buscar',
    refund: 'Reembolsar',
    title: 'Reembolsar $49.00 completo',
    reason: 'Motivo del reembolso',
    done: 'El cargo fue reembolsado.',
    refunded: 'Reembolsado',
    reconciliation: 'Conciliación',
    compare: 'Comparar',
    summary: '2 movimientos con tarjeta revisados, 2 coinciden con la pasarela, 0 difieren.',
  },
} as const;

beforeAll(async () => {
  await loadScreenTexts();
});

afterEach(async () => {
  await cleanupApp();
  clearSession();
  vi.mocked(getMoneyTransactions).mockReset();
  vi.mocked(refundTransaction).mockReset();
  vi.mocked(getReconciliation).mockReset();
});

afterAll(() => setLanguage('en'));

describe('AdminMoneyScreen', () => {
  for (const lang of ['en', 'es'] as const) {
    const say = texts[lang];
    it(`finds a charge by its reference, refunds it with a reason and reconciles the day (${lang})`, async () => {
      await setLanguage(lang);
      setSession({ token: 'session-token', profile });
      serve();
      const host = await render();

      await userEvent.fill(field(say.query), reference);
      await userEvent.click(button(say.search, host));
      await expect.poll(() => row(host, 'FFEEDDCC')).toBeNull();
      expect(getMoneyTransactions).toHaveBeenLastCalledWith({ page: 1, query: reference });
      const found = row(host, reference);
      expect(found?.textContent).toContain('Odalys Fenwick');
      expect(found?.textContent).toContain('$49.00');
      expect(found?.textContent).toContain('INV-000123');
      await expectNoSeriousAxe(`the transactions (${lang})`);

      await userEvent.click(button(say.refund, found ?? host));
      await expect.poll(dialogName).toBe(say.title);
      await userEvent.fill(field(say.reason), 'Charged twice by mistake');
      await expectNoSeriousAxe(`the refund dialog (${lang})`);
      await userEvent.click(
        dialog()?.querySelector<HTMLElement>('[data-testid="money-refund-confirm"]') ?? host,
      );
      await expect.poll(() => document.body.textContent).toContain(say.done);
      expect(refundTransaction).toHaveBeenCalledTimes(1);
      expect(refundTransaction).toHaveBeenCalledWith(charge.id, {
        reason: 'Charged twice by mistake',
        idempotencyKey: expect.stringMatching(/^web-/),
      });
      await expect.poll(dialog).toBeNull();
      await expect.poll(() => row(host, reference)?.textContent).toContain(say.refunded);
      expect(row(host, reference)?.querySelectorAll('button')).toHaveLength(0);

      const tab = [...host.querySelectorAll<HTMLElement>('[role="tab"]')].find(
        (x) => x.textContent === say.reconciliation,
      );
      if (!tab) throw new Error('no Reconciliation tab');
      await userEvent.click(tab);
      await expect
        .poll(() => host.querySelector('[data-testid="money-reconcile-run"]'))
        .not.toBeNull();
      await userEvent.click(button(say.compare, host));
      await expect
        .poll(() => host.querySelector('[data-testid="money-reconcile-summary"]')?.textContent)
        .toBe(say.summary);
      // The day the field holds (today, UTC) is the one compared.
      expect(vi.mocked(getReconciliation).mock.calls[0]?.[0]).toBe(
        new Date().toISOString().slice(0, 10),
      );
      await expectNoSeriousAxe(`the reconciliation (${lang})`);
    });
  }
});
