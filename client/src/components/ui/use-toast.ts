import type { ReactElement, ReactNode } from "react";
import { useEffect, useState } from "react";

/** Spec 1 section 9: one toast at a time; removed 1,000,000 ms after dismissal. */
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;

export type TToastVariant = "default" | "destructive";

export type TToast = {
  id: string;
  title?: ReactNode;
  description?: ReactNode;
  action?: ReactElement;
  variant?: TToastVariant;
  duration?: number;
  open: boolean;
};

export type TToastInput = Omit<TToast, "id" | "open">;

type TState = { toasts: TToast[] };

let count = 0;
const listeners = new Set<(state: TState) => void>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();
let memoryState: TState = { toasts: [] };

function setState(next: TState) {
  memoryState = next;
  for (const listener of listeners) listener(memoryState);
}

function scheduleRemoval(id: string) {
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id);
      setState({ toasts: memoryState.toasts.filter((t) => t.id !== id) });
    }, TOAST_REMOVE_DELAY),
  );
}

export function dismissToast(id?: string): void {
  for (const t of memoryState.toasts) if (!id || t.id === id) scheduleRemoval(t.id);
  setState({ toasts: memoryState.toasts.map((t) => (!id || t.id === id ? { ...t, open: false } : t)) });
}

export function toast(input: TToastInput): { id: string; dismiss: () => void; update: (next: TToastInput) => void } {
  count = (count + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(count);
  setState({ toasts: [{ ...input, id, open: true }, ...memoryState.toasts].slice(0, TOAST_LIMIT) });
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (next) => setState({ toasts: memoryState.toasts.map((t) => (t.id === id ? { ...t, ...next } : t)) }),
  };
}

/** The toasts currently held (open or dismissed but not yet removed). */
export function getToasts(): readonly TToast[] {
  return memoryState.toasts;
}

/** Clears every toast at once (tests). */
export function resetToasts(): void {
  for (const timer of removeTimers.values()) clearTimeout(timer);
  removeTimers.clear();
  setState({ toasts: [] });
}

export function useToast() {
  const [state, setLocal] = useState(memoryState);
  useEffect(() => {
    listeners.add(setLocal);
    return () => {
      listeners.delete(setLocal);
    };
  }, []);
  return { toasts: state.toasts, toast, dismiss: dismissToast };
}
