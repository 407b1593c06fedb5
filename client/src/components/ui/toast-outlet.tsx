import { Suspense, useState } from "react";
import { lazyComponent } from "@/lib/lazy";
import { useToast } from "./use-toast";

/** The toaster (Radix Toast); the shell preloads it once its first screen is drawn. */
export const LazyToaster = lazyComponent(() => import("./toaster").then((m) => m.Toaster));

/**
 * Where toasts appear. The toaster's code downloads with the first toast, not with the first
 * screen: most visits to the landing page or sign-in never show one. Once drawn it stays.
 */
export function ToastOutlet() {
  const { toasts } = useToast();
  const [isNeeded, setIsNeeded] = useState(false);
  if (!isNeeded && toasts.length > 0) setIsNeeded(true);
  if (!isNeeded) return null;
  return (
    <Suspense fallback={null}>
      <LazyToaster />
    </Suspense>
  );
}
