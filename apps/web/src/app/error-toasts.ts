import {
  type NotificationData,
  type NotificationsState,
  notifications,
  notificationsStore,
} from '@mantine/notifications';
import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Error toasts belong to the screen they were raised on: a red toast that
 * is still up when the person moves to another screen is closed, so 'Could not load your notes'
 * does not follow them to Payments. Other toasts (a success, a logout's reason) still follow:
 * they are often raised just before a move on purpose ('Program bought', then the list).
 *
 * Each red toast is tagged with the route in the address when it was shown. The hash router
 * writes the address when `navigate` is called, before React renders the new screen, so a toast
 * raised right after a redirect (the route guard's 'Unauthorized.') is tagged with the screen
 * it lands on and stays. Code that shows an error and then moves on must move first.
 */
const shownOn = new Map<string, string>();

/** The route part of the hash router's address: '#/notes/1?x=1' -> '/notes/1'. */
export function addressRoute(hash: string = window.location.hash): string {
  return hash.replace(/^#/, '').split('?')[0] || '/';
}

function isError(toast: NotificationData): boolean {
  return toast.color === 'red';
}

function tag(state: NotificationsState): void {
  const present = new Set<string>();
  for (const toast of [...state.notifications, ...state.queue]) {
    if (!toast.id || !isError(toast)) continue;
    present.add(toast.id);
    if (!shownOn.has(toast.id)) shownOn.set(toast.id, addressRoute());
  }
  for (const id of shownOn.keys()) if (!present.has(id)) shownOn.delete(id);
}

/** Closes the red toasts raised on another route than `route`. */
export function closeErrorToastsOfOtherScreens(route: string): void {
  const { notifications: shown, queue } = notificationsStore.getState();
  for (const toast of [...shown, ...queue]) {
    if (!toast.id || !isError(toast)) continue;
    const raisedOn = shownOn.get(toast.id);
    if (raisedOn !== undefined && raisedOn !== route) {
      shownOn.delete(toast.id);
      notifications.hide(toast.id);
    }
  }
}

/** The app shell's part (AppLayout): tags red toasts as they come, closes them on a move. */
export function useErrorToastsScopedToScreen(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    tag(notificationsStore.getState());
    return notificationsStore.subscribe(tag);
  }, []);
  useEffect(() => {
    // The address, not the rendered `pathname`: a redirect has already written the address
    // while this render still shows the route it left.
    if (pathname) closeErrorToastsOfOtherScreens(addressRoute());
  }, [pathname]);
}
