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
import { invitationsCatalog } from "../i18n";

/**
 * E-mailing every waiting invitation at once is asked first: it cannot be taken back. `count` is
 * null while pages of the list are still to load (issue 30): the server sends them all, so the
 * question names no number it does not know.
 */
export function SendAllWaitingDialog({
  open,
  count,
  onConfirm,
  onClose,
}: {
  open: boolean;
  count: number | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const t = useT(invitationsCatalog);
  return (
    <AlertDialog open={open} onOpenChange={(next) => !next && onClose()}>
      <AlertDialogContent>
        <AlertDialogTitle>{count === null ? t("sendAll.titleEvery") : t("sendAll.title", { count })}</AlertDialogTitle>
        <AlertDialogDescription>
          {count === null ? t("sendAll.descriptionEvery") : t("sendAll.description", { count })}
        </AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel>{t("sendAll.cancel")}</AlertDialogCancel>
          <AlertDialogAction
            onClick={() => {
              onConfirm();
              onClose();
            }}
          >
            {count === null ? t("sendAll.confirmEvery") : t("sendAll.confirm", { count })}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
