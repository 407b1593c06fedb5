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

/**
 * Asks before deleting `item`; open while there is one. Both buttons close it through `onClose`, so
 * the page only keeps which item was asked about.
 */
export function ConfirmDeleteDialog<T>({
  item,
  title,
  description,
  confirmLabel = "Delete",
  onConfirm,
  onClose,
}: {
  item: T | null;
  title: ReactNode;
  description: ReactNode;
  confirmLabel?: string;
  onConfirm: (item: T) => void;
  onClose: () => void;
}) {
  return (
    <AlertDialog open={item !== null} onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent>
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogDescription>{description}</AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction
            destructive
            onClick={() => {
              if (item !== null) onConfirm(item);
              onClose();
            }}
          >
            {confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
