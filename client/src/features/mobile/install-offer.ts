import { useSyncExternalStore } from "react";

/** Chrome's `beforeinstallprompt` event (not in the DOM typings). */
export type TInstallPromptEvent = Event & {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
};

type TOffer = { event: TInstallPromptEvent; offeredAt: number } | null;

let offer: TOffer = null;
let hasInstalled = false;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

/** Installed and opened as an app (Android, desktop), or from the iOS home screen. */
export function isStandalone(): boolean {
  const standalone = typeof window.matchMedia === "function" && window.matchMedia("(display-mode: standalone)").matches;
  return standalone || (navigator as Navigator & { standalone?: boolean }).standalone === true;
}

/*
 * The browser offers installation once per page load, often before the signed-in shell has drawn:
 * this module starts listening as soon as it loads (with the shell) and keeps the offer for the
 * prompt and the Mobile App page, which may come later.
 */
if (typeof window !== "undefined") {
  window.addEventListener("beforeinstallprompt", (event) => {
    // Our own prompt shows it instead of the browser's bar.
    event.preventDefault();
    offer = { event: event as TInstallPromptEvent, offeredAt: Date.now() };
    emit();
  });
  window.addEventListener("appinstalled", () => {
    offer = null;
    hasInstalled = true;
    emit();
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The browser's offer to install (null when none or already used), and whether the app was installed. */
export function useInstallOffer(): { offer: TOffer; hasInstalled: boolean } {
  const current = useSyncExternalStore(subscribe, () => offer);
  const installed = useSyncExternalStore(subscribe, () => hasInstalled);
  return { offer: current, hasInstalled: installed };
}

/** Shows the browser's install dialog (an offer can be used once); true when the member accepted. */
export async function acceptInstallOffer(): Promise<boolean> {
  const current = offer;
  if (!current) return false;
  offer = null;
  emit();
  await current.event.prompt();
  const { outcome } = await current.event.userChoice;
  return outcome === "accepted";
}

/** Forgets the offer and the install (tests start each case afresh). */
export function resetInstallOffer(): void {
  offer = null;
  hasInstalled = false;
  emit();
}
