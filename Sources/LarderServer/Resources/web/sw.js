// Larder's service worker: the app shell from the cache, and what a cook needs in a shop
// readable offline: recipes opened, the shopping list, the meal plan and the pantry. Pages and
// API answers go to the network first and fall back to the copy kept from the last visit (an
// API answer so served says so in X-Larder-Offline-Copy, with the time it was kept); static
// files are served from the cache and refreshed in the background. A page never opened gets the
// app's offline page. Changes made offline are not the worker's business: the pages queue them
// (app.js's outbox) and send them themselves, as any change, once Larder can be reached.
const VERSION = 'larder-v7';
const SHELL = [
  '/', '/library', '/settings', '/add', '/static/larder.css', '/static/app.js', '/static/cook.js',
  '/static/recipe.js', '/static/library.js', '/static/edit.js', '/static/settings.js',
  '/static/icon.svg', '/static/theme.js', '/manifest.webmanifest',
  '/pantry', '/plan', '/list', '/static/planning.css', '/static/planning.js', '/static/pantry.js', '/static/plan.js', '/static/list.js',
  '/static/combobox.js', '/static/icon-192.png', '/offline',
];
// API answers the list, plan and pantry pages read (and the settings that say their units), and
// the Cook page's aisles of foods, so foods can be added to the pantry offline.
const KEPT_API = ['/api/v1/shopping-list', '/api/v1/plan/week', '/api/v1/pantry', '/api/v1/settings', '/api/v1/foods/categories'];
// Pages whose content their script fetches: any query reads the same page.
const APP_PAGES = ['/', '/list', '/plan', '/pantry', '/settings', '/add'];

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(VERSION).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((key) => key !== VERSION).map((key) => caches.delete(key))))
    .then(() => self.clients.claim()));
});

function keptForOffline(url) {
  return url.pathname.startsWith('/recipes/') || url.pathname.startsWith('/api/v1/recipes/')
    || SHELL.includes(url.pathname) || KEPT_API.includes(url.pathname);
}

// A kept API answer, marked as a copy with the time it was kept, so the page can say so.
async function markedCopy(cached) {
  const headers = new Headers(cached.headers);
  headers.set('X-Larder-Offline-Copy', cached.headers.get('Date') || 'unknown');
  return new Response(await cached.blob(), { status: cached.status, statusText: cached.statusText, headers });
}

async function offlinePage(cache) {
  const page = await cache.match('/offline');
  if (page) {
    return new Response(await page.blob(), { status: 503, statusText: 'Offline', headers: page.headers });
  }
  return new Response('<!doctype html><html lang="en"><meta charset="utf-8">'
    + '<meta name="viewport" content="width=device-width, initial-scale=1"><title>Offline · Larder</title>'
    + '<h1>You are offline</h1><p>This page has not been opened on this device before.</p>'
    + '<p><a href="/library">Back to the library</a></p></html>',
  { status: 503, headers: { 'Content-Type': 'text/html; charset=utf-8' } });
}

async function networkFirst(request) {
  const cache = await caches.open(VERSION);
  const url = new URL(request.url);
  try {
    const response = await fetch(request);
    if (response.ok) cache.put(request, response.clone());
    return response;
  } catch (error) {
    let cached = await cache.match(request, { ignoreSearch: false });
    if (!cached && request.mode === 'navigate' && APP_PAGES.includes(url.pathname)) {
      cached = await cache.match(url.pathname);
    }
    if (cached) return url.pathname.startsWith('/api/') ? markedCopy(cached) : cached;
    if (request.mode === 'navigate') return offlinePage(cache);
    throw error;
  }
}

async function staleWhileRevalidate(request) {
  const cache = await caches.open(VERSION);
  const cached = await cache.match(request);
  const fresh = fetch(request).then((response) => {
    if (response.ok) cache.put(request, response.clone());
    return response;
  }).catch(() => cached);
  return cached || fresh;
}

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/static/')) {
    event.respondWith(staleWhileRevalidate(event.request));
  } else if (keptForOffline(url)) {
    event.respondWith(networkFirst(event.request));
  } else if (event.request.mode === 'navigate') {
    // Any other page: the network, or the offline page.
    event.respondWith(fetch(event.request).catch(async () => offlinePage(await caches.open(VERSION))));
  }
});

// A cook-mode timer's notification, tapped: back to the recipe's page (already open, or anew).
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = event.notification.data?.url || '/';
  event.waitUntil(self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
    const open = windows.find((client) => new URL(client.url).pathname === path);
    return open ? open.focus() : self.clients.openWindow(path);
  }));
});

// Signed out: what the worker kept (the list, plan, pantry and recipes of that account, and the
// pages showing them) is forgotten, so the next person to use this device offline does not see
// it. The files anyone may fetch (the app's code, the offline page) are fetched again at once;
// the rest fills again as pages are opened.
const PUBLIC = SHELL.filter((path) => path.startsWith('/static/') || ['/offline', '/manifest.webmanifest'].includes(path));
self.addEventListener('message', (event) => {
  if (event.data?.type !== 'signed-out') return;
  event.waitUntil(caches.delete(VERSION)
    .then(() => caches.open(VERSION))
    .then((cache) => cache.addAll(PUBLIC))
    .catch(() => {}));
});
