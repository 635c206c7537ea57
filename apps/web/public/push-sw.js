// Web push for the app's service worker, loaded by the generated sw.js with workbox's
// importScripts (vite.config.ts). A push carries a PushPayload (domain notifications.api.ts):
// { kind, title, body, url } with a generic sentence and a hash route, never health information.
// Nothing here is logged.

/** Only this app's hash routes ('/#/rxvisits') are opened; anything else opens Home. */
function routeOf(url) {
  return typeof url === 'string' && /^\/#\/[\w/-]*$/.test(url) ? url : '/';
}

self.addEventListener('push', (event) => {
  let payload = {};
  try {
    payload = event.data ? event.data.json() : {};
  } catch (_unreadable) {
    payload = {};
  }
  const title = typeof payload.title === 'string' && payload.title ? payload.title : 'Apothecall';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof payload.body === 'string' ? payload.body : '',
      tag: typeof payload.kind === 'string' ? payload.kind : 'apothecall',
      data: { url: routeOf(payload.url) },
      icon: '/icons/icon-192.png',
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(routeOf(event.notification.data?.url), self.location.origin).href;
  event.waitUntil(
    (async () => {
      // An open window of the app, controlled by this worker or not (a first visit's page is
      // not): the app moves itself to the route (main.tsx listens), a hash change that keeps
      // what the page holds. Focusing can be refused; the route is shown all the same.
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        open.postMessage({ type: 'apothecall:open', url: routeOf(event.notification.data?.url) });
        await open.focus().catch(() => undefined);
        return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});
