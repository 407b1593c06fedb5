// Fellowship service worker: makes the app shell load offline, keeps hashed assets cached, shows
// pushed notifications and keeps the last sermon and event lists for offline reading.
// - /api/* and /ws are never touched (always live, never cached), except the offline data below.
// - /assets/* (content-hashed build output) is cache-first; only this build's files are kept.
// - Page navigations are network-first; offline they fall back to the cached app shell.
// - Other same-origin files (icons, favicon) are stale-while-revalidate.
// - A precompressed copy (`.br`, `.gz`) is never asked for by name: the server picks the encoding
//   for the plain address, so such an address goes to the network untouched.
// - Offline data: the signed-in user and GET /api/sermons* and /api/events* go to the network;
//   the last good answer is kept and used only when the network fails. These answers are one
//   member's, so they are dropped at every sign-in and sign-out and whenever the signed-in user is
//   someone else than the one they were kept for.
const VERSION = "v2";
const SHELL_CACHE = `fellowship-shell-${VERSION}`;
const ASSET_CACHE = `fellowship-assets-${VERSION}`;
const DATA_CACHE = `fellowship-data-${VERSION}`;
// Whose answers DATA_CACHE holds (and whose push subscription this browser has): kept apart from the
// data, so that a signed-out browser still knows whom a later sign-in replaces.
const OWNER_CACHE = "fellowship-owner";
const OWNER_URL = "/__fellowship-owner";
const SHELL_URL = "/";
const PRECACHE = [
  SHELL_URL,
  "/favicon.svg",
  "/icons/icon-192.png",
  "/icons/icon-512.png",
  "/icons/icon-maskable-512.png",
  "/icons/apple-touch-icon.png",
];
// The build's hashed files (/assets/...), written in by vite.config.ts; null when served unbuilt.
const BUILD_ASSETS = null;
// A safety net: a build has about 80 files and a member's visits cache only the ones they open.
const MAX_ASSETS = Math.max(200, (BUILD_ASSETS?.length ?? 0) + 20);
// The sermon and event answers a member reads (lists, pages, filters) are a few dozen at most.
const MAX_DATA = 60;
const KEEP_CACHES = [SHELL_CACHE, ASSET_CACHE, DATA_CACHE, OWNER_CACHE];

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
          keys.filter((k) => k.startsWith("fellowship-") && !KEEP_CACHES.includes(k)).map((k) => caches.delete(k)),
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

/** Kept for offline reading: the signed-in user (the shell needs it) and the sermon and event answers. */
function isOfflineData(url) {
  const p = url.pathname;
  if (p === "/api/auth/user") return true;
  // Whether something is live right now is never answered from memory.
  if (p === "/api/events/live") return false;
  return p === "/api/sermons" || p.startsWith("/api/sermons/") || p === "/api/events" || p.startsWith("/api/events/");
}

/** Requests that sign someone in or out: whatever was kept for the previous member goes. */
function isSignInOrOut(url, request) {
  const p = url.pathname;
  return (
    p === "/api/logout" ||
    p === "/api/login" ||
    p.startsWith("/api/login/") ||
    p === "/api/callback" ||
    (request.method !== "GET" && p.startsWith("/api/auth/"))
  );
}

async function clearData() {
  await caches.delete(DATA_CACHE);
}

/** Ends this browser's push subscription: the member it was made for is no longer signed in here. */
async function endPushSubscription() {
  const subscription = await self.registration.pushManager?.getSubscription().catch(() => null);
  if (subscription) await subscription.unsubscribe().catch(() => false);
}

async function readOwner() {
  const response = await (await caches.open(OWNER_CACHE)).match(OWNER_URL);
  return response ? response.text() : null;
}

/**
 * The session's user as the server just told it: another member than the one whose answers (and
 * push subscription) this browser holds means both belong to someone else.
 */
async function checkOwner(userId) {
  const owner = await readOwner();
  if (owner === userId) return;
  await clearData();
  if (owner !== null) await endPushSubscription();
  await (await caches.open(OWNER_CACHE)).put(OWNER_URL, new Response(userId));
}

async function networkFirstData(request, url) {
  let response;
  try {
    response = await fetch(request);
  } catch (error) {
    // Offline: the last answer this member got, if any.
    const cached = await (await caches.open(DATA_CACHE)).match(request);
    if (cached) return cached;
    throw error;
  }
  if (response.status === 401) {
    await clearData();
  } else if (response.status === 200) {
    try {
      if (url.pathname === "/api/auth/user") {
        const user = await response.clone().json();
        if (user && typeof user.id === "string") await checkOwner(user.id);
      }
      const cache = await caches.open(DATA_CACHE);
      await cache.put(request, response.clone());
      trimCache(DATA_CACHE, MAX_DATA);
    } catch {
      // Not kept (storage full, an unexpected answer): the page still gets its answer.
    }
  }
  return response;
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (isSignInOrOut(url, request)) {
    // Not answered here: the request goes on as usual, and the previous member's answers go.
    event.waitUntil(url.pathname === "/api/logout" ? Promise.all([clearData(), endPushSubscription()]) : clearData());
    return;
  }
  if (request.method !== "GET") return;
  if (isOfflineData(url)) {
    event.respondWith(networkFirstData(request, url));
    return;
  }
  if (isBypassed(url)) return;

  if (request.mode === "navigate") {
    event.respondWith(networkFirstNavigation(request));
  } else if (url.pathname.startsWith("/assets/")) {
    event.respondWith(cacheFirst(request));
  } else if (url.pathname !== "/sw.js") {
    event.respondWith(staleWhileRevalidate(request));
  }
});

/** Only this app's pages are opened from a notification. */
function appUrl(value) {
  try {
    const url = new URL(typeof value === "string" && value ? value : "/", self.location.origin);
    return url.origin === self.location.origin ? url.href : new URL("/", self.location.origin).href;
  } catch {
    return new URL("/", self.location.origin).href;
  }
}

// A pushed message (issue 11): {title, body, url, tag, notificationId} from the server, shown as a notification.
self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : "" };
  }
  const title = typeof data.title === "string" && data.title ? data.title : "Fellowship";
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === "string" ? data.body : "",
      icon: "/icons/icon-192.png",
      tag: typeof data.tag === "string" ? data.tag : undefined,
      data: {
        url: appUrl(data.url),
        notificationId: typeof data.notificationId === "string" ? data.notificationId : null,
      },
    }),
  );
});

// A click opens the notification's page: in a window of the app that is already open, else a new one.
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = appUrl(event.notification.data?.url);
  const id = event.notification.data?.notificationId;
  event.waitUntil(
    (async () => {
      // Issue 29: opened from the push, so read: its e-mail ("only if I have not seen it") is not sent.
      if (typeof id === "string" && /^[0-9a-f-]{36}$/i.test(id))
        await fetch(`/api/notifications/${id}/opened`, { method: "POST", credentials: "same-origin" }).catch(
          () => undefined,
        );
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        const focused = await open.focus().catch(() => open);
        // Only a window this worker controls can be sent elsewhere; otherwise open the page anew.
        const moved = await focused.navigate?.(url).catch(() => null);
        if (moved) return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});

// The push service replaced the subscription (keys rotated, expiry): tell the server the new one.
self.addEventListener("pushsubscriptionchange", (event) => {
  event.waitUntil(
    (async () => {
      const subscription =
        event.newSubscription ??
        (event.oldSubscription
          ? await self.registration.pushManager.subscribe(event.oldSubscription.options).catch(() => null)
          : null);
      if (!subscription) return;
      await fetch("/api/notifications/subscribe", {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ subscription: subscription.toJSON() }),
      }).catch(() => undefined);
    })(),
  );
});
