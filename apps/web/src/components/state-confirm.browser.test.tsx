import '@mantine/core/styles.css';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupApp, rendered, renderWithApp } from '../testing/render';
import { type ConsultLocationApi, StateConfirm, useStateConfirm } from './state-confirm';

/**
 * The 'I am in' state select in Chromium: a state the person chooses while her confirmed
 * location is still loading stays chosen when the location arrives (an effect used to copy the
 * loaded state over it), and each family member starts from their own confirmed state.
 */
function heldApi(confirmed: Record<string, string | null>) {
  const releases: (() => void)[] = [];
  const api: ConsultLocationApi = {
    queryKey: (patientId) => ['test-location', patientId],
    load: (patientId) =>
      new Promise((resolve) => {
        releases.push(() =>
          resolve({
            error: false,
            state: confirmed[patientId] ?? null,
            validAsyncState: true,
            states: ['FL', 'TX'],
          }),
        );
      }),
    save: async ({ state }) => ({ error: false, state, available: true, reason: null }),
  };
  const releaseAll = () => {
    for (const release of releases.splice(0)) release();
  };
  return { api, releaseAll };
}

function Harness({ api, patientId }: { api: ConsultLocationApi; patientId: string }) {
  const choice = useStateConfirm(api, patientId);
  return (
    <StateConfirm
      choice={choice}
      status={(name) => name ?? 'none'}
      statusTestId="status"
      selectLabel="I am in"
      confirmLabel="Confirm"
      testIds={{ select: 'select', confirm: 'confirm' }}
    />
  );
}

const select = (host: HTMLElement) =>
  host.querySelector<HTMLSelectElement>('[data-testid="select"]') as HTMLSelectElement;
const confirmButton = (host: HTMLElement) =>
  host.querySelector<HTMLButtonElement>('[data-testid="confirm"]') as HTMLButtonElement;

function choose(host: HTMLElement, state: string) {
  const element = select(host);
  element.value = state;
  element.dispatchEvent(new Event('change', { bubbles: true }));
}

afterEach(async () => {
  await cleanupApp();
});

describe("the 'I am in' state", () => {
  it('keeps a state chosen while the confirmed one loads', async () => {
    const { api, releaseAll } = heldApi({ p1: 'FL' });
    const { host } = await renderWithApp(<Harness api={api} patientId="p1" />, {
      language: 'en',
    });
    await expect.poll(() => select(host)).toBeInstanceOf(HTMLSelectElement);
    choose(host, 'TX');
    await rendered();
    expect(select(host).value).toBe('TX');

    releaseAll();
    await expect
      .poll(() => host.querySelector('[data-testid="status"]')?.textContent)
      .toBe('Florida');
    expect(select(host).value).toBe('TX');
    expect(confirmButton(host).disabled).toBe(false);
  });

  it("shows each family member's confirmed state until one is chosen for them", async () => {
    const { api, releaseAll } = heldApi({ p1: 'FL', p2: 'TX' });
    const { host, rerender } = await renderWithApp(<Harness api={api} patientId="p1" />, {
      language: 'en',
    });
    releaseAll();
    await expect.poll(() => select(host)?.value).toBe('FL');
    expect(confirmButton(host).disabled).toBe(true);
    choose(host, 'GA');
    await expect.poll(() => select(host).value).toBe('GA');

    rerender(<Harness api={api} patientId="p2" />);
    await rendered();
    releaseAll();
    await expect.poll(() => select(host).value).toBe('TX');
    expect(confirmButton(host).disabled).toBe(true);
  });
});
