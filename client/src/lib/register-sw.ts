export type TServiceWorkerState = "unsupported" | "checking" | "registered" | "failed";

let state: TServiceWorkerState = "checking";

export function getServiceWorkerState(): TServiceWorkerState {
  return state;
}

/** Registers `/sw.js` after load (production builds only; the dev server serves modules live). */
export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator)) {
    state = "unsupported";
    return;
  }
  window.addEventListener("load", () => {
    navigator.serviceWorker
      .register("/sw.js")
      .then(() => {
        state = "registered";
      })
      .catch(() => {
        state = "failed";
      });
  });
}
