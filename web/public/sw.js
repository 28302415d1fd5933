/*
 * The web app's service worker (served at /sw.js, scope /): shows the server's Web Push messages
 * ("your turn", "deadline near") as notifications and opens the game when one is clicked.
 * Plain JavaScript copied as is into web/dist (Vite's public folder): a service worker is one
 * classic script at a fixed URL, never a hashed asset. It caches nothing and fetches nothing.
 *
 * The payload is what src/services/push.ts sends:
 *   { kind: 'your_turn' | 'deadline_near', title, body, url, games: [{ id, type, deadline, url }] }
 */
self.addEventListener('install', (event) => event.waitUntil(self.skipWaiting()));
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** A link of the payload on this site: its path on the origin this worker serves (PUBLIC_URL may name another host for the same app). */
function onThisSite(link) {
  try {
    const url = new URL(link || '/', self.location.origin);
    return new URL(url.pathname + url.search + url.hash, self.location.origin).href;
  } catch {
    return new URL('/', self.location.origin).href;
  }
}

function readPayload(data) {
  if (!data) return {};
  try {
    const payload = data.json();
    return payload && typeof payload === 'object' ? payload : {};
  } catch {
    return { body: data.text() };
  }
}

self.addEventListener('push', (event) => {
  const payload = readPayload(event.data);
  const title = typeof payload.title === 'string' && payload.title ? payload.title : 'Board games';
  const body = typeof payload.body === 'string' ? payload.body : 'A game is waiting for your move.';
  const kind = payload.kind === 'deadline_near' ? 'deadline_near' : 'your_turn';
  // Every browser must show something for each push (userVisibleOnly); one notification per kind, the newest replacing the last.
  event.waitUntil(self.registration.showNotification(title, {
    body,
    tag: kind,
    renotify: true,
    icon: '/favicon.svg',
    data: { url: onThisSite(payload.url), kind },
  }));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = onThisSite(event.notification.data && event.notification.data.url);
  event.waitUntil((async () => {
    const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
    // The game already open in a tab: bring it forward; else open it.
    const open = windows.find((client) => client.url === url);
    if (open) return open.focus();
    return self.clients.openWindow(url);
  })());
});
