/** Registers `/sw.js` after load (production builds only; the dev server serves modules live). */
export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator)) return;
  window.addEventListener("load", () => {
    // Without a service worker the app still works, only not offline.
    navigator.serviceWorker.register("/sw.js").catch(() => {});
  });
}
