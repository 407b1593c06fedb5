import { useEffect, useState } from "react";

/** The address's `?new=1`: a link elsewhere (the admin's first steps) opens a page's add dialog at once. */
const NEW_PARAM = "new";

function hasNewParam(): boolean {
  return typeof window !== "undefined" && new URL(window.location.href).searchParams.get(NEW_PARAM) === "1";
}

function dropNewParam(): void {
  const url = new URL(window.location.href);
  url.searchParams.delete(NEW_PARAM);
  window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
}

/**
 * State for one dialog that both adds (`openFor(null)`) and edits (`openFor(item)`). Closing keeps
 * `editing`, so the dialog's title does not change while it animates out. `isDrawn` turns true when
 * it first opens and stays so: a lazily loaded dialog is drawn from then on. With `openNewFromUrl`,
 * the page opened at `?new=1` starts with the add dialog open.
 */
export function useEditDialog<T>({ openNewFromUrl = false }: { openNewFromUrl?: boolean } = {}) {
  // Read while drawing (a first draw that suspends, for the dialog's code, reads it again), dropped
  // once drawn: a reload after closing the dialog does not open it again.
  const [opensAtStart] = useState(() => openNewFromUrl && hasNewParam());
  useEffect(() => {
    if (opensAtStart) dropNewParam();
  }, [opensAtStart]);
  const [open, setOpen] = useState(opensAtStart);
  const [editing, setEditing] = useState<T | null>(null);
  const [isDrawn, setIsDrawn] = useState(opensAtStart);
  const openFor = (item: T | null) => {
    setEditing(item);
    setOpen(true);
    setIsDrawn(true);
  };
  return { open, setOpen, editing, openFor, isDrawn };
}
