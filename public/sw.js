/*
 * Cadence's service worker: Web Push only (issue 18, decision 0088). It caches nothing, so a
 * deploy never serves a stale page. The payload is { id, title, body, url } (server/providers/push).
 */

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof data.title === 'string' && data.title ? data.title : 'Cadence';
  // A link to another site is never opened: only paths on this one.
  const url = typeof data.url === 'string' && data.url.startsWith('/') && !data.url.startsWith('//') ? data.url : '/dashboard';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : '',
      // One entry per notification: a repeat of the same id replaces instead of stacking.
      tag: typeof data.id === 'string' ? data.id : undefined,
      data: { url, id: data.id },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data && event.notification.data.url ? event.notification.data.url : '/dashboard', self.location.origin);
  event.waitUntil(
    (async () => {
      const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      // Prefer a tab already on this site: focus it and take it to the screen.
      const tab = tabs.find((c) => new URL(c.url).origin === target.origin);
      if (tab) {
        await tab.focus();
        if ('navigate' in tab) await tab.navigate(target.href);
        return;
      }
      await self.clients.openWindow(target.href);
    })(),
  );
});
