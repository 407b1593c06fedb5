import { useState } from "react";

/**
 * State for one dialog that both adds (`openFor(null)`) and edits (`openFor(item)`). Closing keeps
 * `editing`, so the dialog's title does not change while it animates out. `isDrawn` turns true when
 * it first opens and stays so: a lazily loaded dialog is drawn from then on.
 */
export function useEditDialog<T>() {
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState<T | null>(null);
  const [isDrawn, setIsDrawn] = useState(false);
  const openFor = (item: T | null) => {
    setEditing(item);
    setOpen(true);
    setIsDrawn(true);
  };
  return { open, setOpen, editing, openFor, isDrawn };
}
