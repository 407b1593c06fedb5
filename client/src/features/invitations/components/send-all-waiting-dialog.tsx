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

/** E-mailing every waiting invitation at once is asked first: it cannot be taken back. */
export function SendAllWaitingDialog({
  open,
  count,
  onConfirm,
  onClose,
}: {
  open: boolean;
  count: number;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const t = useT(invitationsCatalog);
  return (
    <AlertDialog open={open} onOpenChange={(next) => !next && onClose()}>
      <AlertDialogContent>
        <AlertDialogTitle>{t("sendAll.title", { count })}</AlertDialogTitle>
        <AlertDialogDescription>{t("sendAll.description", { count })}</AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel>{t("sendAll.cancel")}</AlertDialogCancel>
          <AlertDialogAction
            onClick={() => {
              onConfirm();
              onClose();
            }}
          >
            {t("sendAll.confirm", { count })}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
