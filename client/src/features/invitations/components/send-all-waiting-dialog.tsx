import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { formatNumber } from "@/lib/utils";

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
  const people = `${formatNumber(count)} ${count === 1 ? "person" : "people"}`;
  return (
    <AlertDialog open={open} onOpenChange={(next) => !next && onClose()}>
      <AlertDialogContent>
        <AlertDialogTitle>Send {count === 1 ? "this invitation" : "all waiting invitations"}?</AlertDialogTitle>
        <AlertDialogDescription>
          {people} will get an email with their invitation link, oldest first. Any over today's sending limit stay
          waiting here for tomorrow.
        </AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction
            onClick={() => {
              onConfirm();
              onClose();
            }}
          >
            Send {people}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
