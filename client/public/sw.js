// Fellowship service worker: makes the app shell load offline and keeps hashed assets cached.
// - /api/* and /ws are never touched (always live, never cached).
// - /assets/* (content-hashed build output) is cache-first; only this build's files are kept.
// - Page navigations are network-first; offline they fall back to the cached app shell.
// - Other same-origin files (icons, favicon) are stale-while-revalidate.
// - A precompressed copy (`.br`, `.gz`) is never asked for by name: the server picks the encoding
//   for the plain address, so such an address goes to the network untouched.
const VERSION = "v2";
const SHELL_CACHE = `fellowship-shell-${VERSION}`;
const ASSET_CACHE = `fellowship-assets-${VERSION}`;
const SHELL_URL = "/";
const PRECACHE = [SHELL_URL, "/favicon.svg", "/icons/icon-192.png", "/icons/icon-512.png"];
// The build's hashed files (/assets/...), written in by vite.config.ts; null when served unbuilt.
const BUILD_ASSETS = null;
// A safety net: a build has about 80 files and a member's visits cache only the ones they open.
const MAX_ASSETS = Math.max(200, (BUILD_ASSETS?.length ?? 0) + 20);

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      // One missing file must not prevent installation.
      .then((cache) => Promise.all(PRECACHE.map((url) => cache.add(url).catch(() => undefined))))
      .then(() => self.skipWaiting()),
  );
});

/** Drops the files of earlier releases: this build's list says which hashed files still exist. */
async function dropOldAssets() {
  if (!BUILD_ASSETS) return;
  const current = new Set(BUILD_ASSETS);
  const cache = await caches.open(ASSET_CACHE);
  for (const request of await cache.keys()) {
    if (!current.has(new URL(request.url).pathname)) await cache.delete(request);
  }
}

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            .filter((k) => k.startsWith("fellowship-") && k !== SHELL_CACHE && k !== ASSET_CACHE)
            .map((k) => caches.delete(k)),
        ),
      )
      .then(dropOldAssets)
      .then(() => self.clients.claim()),
  );
});

// The manifest carries the church's current name and colour, so the browser always fetches it live.
function isBypassed(url) {
  const p = url.pathname;
  return (
    p === "/api" ||
    p.startsWith("/api/") ||
    p.startsWith("/ws") ||
    p === "/manifest.webmanifest" ||
    p.endsWith(".br") ||
    p.endsWith(".gz")
  );
}

async function trimCache(cacheName, max) {
  const cache = await caches.open(cacheName);
  const keys = await cache.keys();
  for (const key of keys.slice(0, Math.max(0, keys.length - max))) await cache.delete(key);
}

// A hashed file's content never changes, whichever encoding brought it (`Vary: Accept-Encoding`).
async function cacheFirst(request) {
  const cached = await caches.match(request, { ignoreVary: true });
  if (cached) return cached;
  const response = await fetch(request);
  // Only a whole answer (200, not a 206 range) is kept. A newer release's file, fetched while the
  // previous worker still runs, stays: the new worker's list keeps it when it activates.
  if (response.status === 200) {
    const cache = await caches.open(ASSET_CACHE);
    await cache.put(request, response.clone());
    trimCache(ASSET_CACHE, MAX_ASSETS);
  }
  return response;
}

async function networkFirstNavigation(request) {
  try {
    const response = await fetch(request);
    const type = response.headers.get("content-type") || "";
    if (response.ok && type.includes("text/html")) {
      const cache = await caches.open(SHELL_CACHE);
      await cache.put(SHELL_URL, response.clone());
    }
    return response;
  } catch (error) {
    const shell = (await caches.match(SHELL_URL)) || (await caches.match("/index.html"));
    if (shell) return shell;
    throw error;
  }
}

async function staleWhileRevalidate(request) {
  const cache = await caches.open(SHELL_CACHE);
  const cached = await cache.match(request);
  const network = fetch(request)
    .then((response) => {
      if (response.ok) cache.put(request, response.clone());
      return response;
    })
    .catch(() => cached);
  return cached || network;
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || isBypassed(url)) return;

  if (request.mode === "navigate") {
    event.respondWith(networkFirstNavigation(request));
  } else if (url.pathname.startsWith("/assets/")) {
    event.respondWith(cacheFirst(request));
  } else if (url.pathname !== "/sw.js") {
    event.respondWith(staleWhileRevalidate(request));
  }
});
