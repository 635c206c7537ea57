import { usePrefetchInboxThreads } from '../api/get-inbox-threads';

/**
 * Spec section 4: "Pharmacy organisations also load e-mails, newest first". Mounted by the shell
 * once a pharmacy's staff member is signed in, it puts the inbox's first page into the query
 * cache, so /inbox opens on it. Renders nothing; a failure is left for the screen to show.
 */
export function InboxPrefetch() {
  usePrefetchInboxThreads(1);
  return null;
}
