/**
 * A click on a push notice (public/push-sw.js) asks the open window to show the notice's route:
 * the service worker posts `{ type: 'apothecall:open', url: '/#/...' }` and the app moves its
 * hash there. Only this app's hash routes are followed.
 */
export function followNoticeClicks(scope: typeof globalThis = globalThis): void {
  const container = scope.navigator?.serviceWorker;
  if (!container) return;
  container.addEventListener('message', (event: MessageEvent) => {
    const data = event.data as { type?: unknown; url?: unknown } | null;
    if (data?.type !== 'apothecall:open' || typeof data.url !== 'string') return;
    if (!/^\/#\/[\w/-]*$/.test(data.url)) return;
    scope.location.hash = data.url.slice(1);
  });
  // Messages wait until the page says it listens.
  container.startMessages();
}
