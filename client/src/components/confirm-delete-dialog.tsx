import type { ReactNode } from "react";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { useT } from "@/lib/i18n";
import { commonCatalog } from "./i18n";

/**
 * Asks before deleting `item`; open while there is one. Both buttons close it through `onClose`, so
 * the page only keeps which item was asked about.
 */
export function ConfirmDeleteDialog<T>({
  item,
  title,
  description,
  confirmLabel,
  onConfirm,
  onClose,
}: {
  item: T | null;
  title: ReactNode;
  description: ReactNode;
  /** The confirm button's words; Delete when not given. */
  confirmLabel?: string;
  onConfirm: (item: T) => void;
  onClose: () => void;
}) {
  const t = useT(commonCatalog);
  return (
    <AlertDialog open={item !== null} onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent>
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogDescription>{description}</AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel>{t("action.cancel")}</AlertDialogCancel>
          <AlertDialogAction
            destructive
            onClick={() => {
              if (item !== null) onConfirm(item);
              onClose();
            }}
          >
            {confirmLabel ?? t("action.delete")}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
