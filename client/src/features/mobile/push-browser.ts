/**
 * The browser's side of web push (spec 2 §4 "Push notifications"): support, permission and the
 * subscription in the service worker's push manager. The errors thrown are the spec's (§8).
 */

export const PUSH_UNSUPPORTED = "Push notifications are not supported in this browser";
export const PUSH_PERMISSION_DENIED = "Permission denied for notifications";

export function isPushSupported(): boolean {
  return (
    typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window
  );
}

/** The app's service worker registration: the one `/sw.js` made, or a new one in a built app. */
async function getRegistration(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration();
  if (existing) return existing;
  // The development server registers no worker (it would cache modules that change as you edit).
  if (!import.meta.env.PROD) throw new Error("Push needs the service worker, which only the built app registers");
  await navigator.serviceWorker.register("/sw.js");
  return navigator.serviceWorker.ready;
}

/** The push subscription this browser holds for the app, if any. */
export async function getBrowserSubscription(): Promise<PushSubscription | null> {
  if (!isPushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** A VAPID public key (base64url) as the bytes `applicationServerKey` takes. */
export function decodeBase64Url(value: string): Uint8Array<ArrayBuffer> {
  const base64 = (value + "=".repeat((4 - (value.length % 4)) % 4)).replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** Asks permission, then subscribes with the server's key (replacing a subscription made with another key). */
export async function subscribeBrowser(publicKey: string): Promise<PushSubscription> {
  if (!isPushSupported()) throw new Error(PUSH_UNSUPPORTED);
  const permission = await Notification.requestPermission();
  if (permission !== "granted") throw new Error(PUSH_PERMISSION_DENIED);
  const registration = await getRegistration();
  const options = { userVisibleOnly: true, applicationServerKey: decodeBase64Url(publicKey) };
  try {
    return await registration.pushManager.subscribe(options);
  } catch (error) {
    // A subscription made with an earlier key: end it and subscribe again.
    const current = await registration.pushManager.getSubscription();
    if (!current) throw error;
    await current.unsubscribe();
    return registration.pushManager.subscribe(options);
  }
}

/** Ends this browser's subscription; the endpoint it had (for the server), or null when there was none. */
export async function unsubscribeBrowser(): Promise<string | null> {
  const subscription = await getBrowserSubscription();
  if (!subscription) return null;
  await subscription.unsubscribe();
  return subscription.endpoint;
}
