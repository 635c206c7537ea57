import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useEffect } from 'react';
import { Link, Navigate, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupApp, renderWithApp } from '../testing/render';
import { addressRoute, useErrorToastsScopedToScreen } from './error-toasts';

/**
 * Error toasts stay on the screen they were raised on, in Chromium with
 * the app's hash router: moving to another screen closes a red toast, not a success; a toast
 * raised right after a redirect (the route guard's) stays on the screen it lands on.
 */
function Shell({ children }: { children: ReactNode }) {
  useErrorToastsScopedToScreen();
  return <>{children}</>;
}

/** As the route guard's Redirect (routes.tsx): the toast in its effect, <Navigate> as its child. */
function Refused() {
  useEffect(() => {
    notifications.show({ color: 'red', message: 'No autorizado.' });
  }, []);
  return <Navigate to="/payments" replace />;
}

async function render(start: string) {
  const { host } = await renderWithApp(
    <Shell>
      <Routes>
        <Route
          path="/notes"
          element={
            <Link to="/payments" data-testid="to-payments">
              Payments
            </Link>
          }
        />
        <Route path="/payments" element={<p data-testid="payments">Payments</p>} />
        <Route path="/refused" element={<Refused />} />
      </Routes>
    </Shell>,
    { notifications: true, hashRouter: true, route: start },
  );
  await expect.poll(() => host.childElementCount).toBeGreaterThan(0);
  return host;
}

const toastTexts = () =>
  [...document.querySelectorAll('.mantine-Notification-description')].map((n) => n.textContent);

afterEach(async () => {
  await cleanupApp();
  window.location.hash = '';
});

describe('error toasts scoped to their screen', () => {
  it("reads the hash router's route from the address", () => {
    expect(addressRoute('#/notes/1?x=1')).toBe('/notes/1');
    expect(addressRoute('')).toBe('/');
  });

  it('closes the error toast of the screen left, and keeps a success', async () => {
    await render('/notes');
    notifications.show({ color: 'red', message: 'Could not load your notes: network' });
    notifications.show({ color: 'green', message: 'Notifications are on.' });
    await expect
      .poll(toastTexts)
      .toEqual(['Could not load your notes: network', 'Notifications are on.']);
    document.querySelector<HTMLAnchorElement>('[data-testid="to-payments"]')?.click();
    await expect.poll(() => document.querySelector('[data-testid="payments"]')).not.toBeNull();
    await expect.poll(toastTexts).toEqual(['Notifications are on.']);
  });

  it('keeps an error toast raised on the screen a redirect lands on', async () => {
    await render('/refused');
    await expect.poll(() => document.querySelector('[data-testid="payments"]')).not.toBeNull();
    await expect.poll(toastTexts).toEqual(['No autorizado.']);
    // Still there once the move has settled.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(toastTexts()).toEqual(['No autorizado.']);
  });
});
