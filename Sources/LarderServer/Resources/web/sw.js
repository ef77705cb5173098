// Larder's service worker: the app shell from the cache, recipes you have opened readable
// offline. Pages and API answers go to the network first and fall back to the copy kept from
// the last visit; static files are served from the cache and refreshed in the background.
const VERSION = 'larder-v4';
const SHELL = [
  '/', '/library', '/settings', '/add', '/static/larder.css', '/static/app.js', '/static/cook.js',
  '/static/recipe.js', '/static/library.js', '/static/edit.js', '/static/settings.js',
  '/static/icon.svg', '/static/theme.js', '/manifest.webmanifest',
  '/pantry', '/plan', '/list', '/static/planning.css', '/static/planning.js', '/static/pantry.js', '/static/plan.js', '/static/list.js',
  '/static/combobox.js',
];

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
    || SHELL.includes(url.pathname);
}

async function networkFirst(request) {
  const cache = await caches.open(VERSION);
  try {
    const response = await fetch(request);
    if (response.ok) cache.put(request, response.clone());
    return response;
  } catch (error) {
    const cached = await cache.match(request, { ignoreSearch: false });
    if (cached) return cached;
    if (request.mode === 'navigate') {
      return new Response('<!doctype html><title>Offline</title><h1>You are offline</h1><p>This page has not been opened on this device before.</p>',
        { status: 503, headers: { 'Content-Type': 'text/html; charset=utf-8' } });
    }
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
