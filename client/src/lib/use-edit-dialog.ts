import { useState } from "react";

/** The address's `?new=1`: a link elsewhere (the admin's first steps) opens a page's add dialog at once. */
const NEW_PARAM = "new";

function takeNewParam(): boolean {
  if (typeof window === "undefined") return false;
  const url = new URL(window.location.href);
  if (url.searchParams.get(NEW_PARAM) !== "1") return false;
  // Said once: a reload after closing the dialog does not open it again.
  url.searchParams.delete(NEW_PARAM);
  window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
  return true;
}

/**
 * State for one dialog that both adds (`openFor(null)`) and edits (`openFor(item)`). Closing keeps
 * `editing`, so the dialog's title does not change while it animates out. `isDrawn` turns true when
 * it first opens and stays so: a lazily loaded dialog is drawn from then on. With `openNewFromUrl`,
 * the page opened at `?new=1` starts with the add dialog open.
 */
export function useEditDialog<T>({ openNewFromUrl = false }: { openNewFromUrl?: boolean } = {}) {
  const [opensAtStart] = useState(() => openNewFromUrl && takeNewParam());
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
