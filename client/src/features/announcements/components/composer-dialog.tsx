import type { TAnnouncement } from "@common/announcements";
import { isAdminRole } from "@common/roles";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { useCurrentUser } from "@/lib/current-user";
import { useT } from "@/lib/i18n";
import { announcementsCatalog } from "../i18n";
import { ComposerForm } from "./composer-form";

/**
 * The composer in a dialog: an admin's New announcement, or Edit of a draft or scheduled one (a
 * group's leader edits theirs with its groups fixed). Radix keeps the focus inside, closes on Escape
 * and gives it back to the button that opened it.
 */
export function ComposerDialog({
  open,
  onOpenChange,
  announcement,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  announcement: TAnnouncement | null;
}) {
  const t = useT(announcementsCatalog);
  const user = useCurrentUser();
  const fixedGroups = isAdminRole(user.role) ? null : (announcement?.groups ?? null);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{announcement ? t("form.editTitle") : t("form.newTitle")}</DialogTitle>
          <DialogDescription>{t("form.intro")}</DialogDescription>
        </DialogHeader>
        {open && (
          <ComposerForm
            announcement={announcement}
            fixedGroups={fixedGroups}
            timeZone={user.church.timeZone ?? "UTC"}
            onDone={() => onOpenChange(false)}
            onCancel={() => onOpenChange(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
