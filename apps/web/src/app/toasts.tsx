import { Notifications } from '@mantine/notifications';

/**
 * Where the toasts show. Fetched with the first toast (app.tsx): the toast waits in the
 * notifications store and shows as soon as this has arrived.
 */
export function Toasts() {
  // Mantine 9 pauses every toast while one is hovered; each keeps its own timer.
  return <Notifications position="top-center" pauseResetOnHover="notification" />;
}
