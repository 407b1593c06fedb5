import { type ComponentType, lazy, useEffect } from "react";

/** How long after a screen is drawn the code for its likely next step starts to download. */
export const PRELOAD_DELAY_MS = 1500;

/**
 * A component whose code downloads the first time it is drawn, or earlier with `preload()` (after
 * the first screen, or when a pointer comes near the button that opens it). A failed download is
 * tried again the next time.
 */
// biome-ignore lint/suspicious/noExplicitAny: any props, as React.lazy itself accepts
export function lazyComponent<C extends ComponentType<any>>(load: () => Promise<C>) {
  let pending: Promise<C> | undefined;
  const get = () => {
    pending ??= load().catch((error) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
  const Component = lazy(() => get().then((c) => ({ default: c })));
  return Object.assign(Component, {
    preload: () => {
      get().catch(() => undefined);
    },
  });
}

/** Starts the downloads `PRELOAD_DELAY_MS` after the screen is drawn (while `enabled`). */
export function usePreload(preloads: Array<() => void>, enabled = true): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the list is fixed for a screen
  useEffect(() => {
    if (!enabled) return;
    const timer = setTimeout(() => {
      for (const preload of preloads) preload();
    }, PRELOAD_DELAY_MS);
    return () => clearTimeout(timer);
  }, [enabled]);
}
