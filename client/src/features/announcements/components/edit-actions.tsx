import type { TAnnouncement } from "@common/announcements";
import { Pencil, XCircle } from "lucide-react";
import { Suspense, useState } from "react";
import { useLocation } from "wouter";
import { ConfirmDeleteDialog } from "@/components/confirm-delete-dialog";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { getServerMessage } from "@/lib/api-client";
import { toastApiError } from "@/lib/auth-redirect";
import { useT } from "@/lib/i18n";
import { lazyComponent } from "@/lib/lazy";
import { useCancelAnnouncement } from "../api";
import { announcementsCatalog } from "../i18n";

// The composer (its form library and contract) downloads when Edit is near or pressed.
const ComposerDialog = lazyComponent(() => import("./composer-dialog").then((m) => m.ComposerDialog));

/** Cancel a draft or scheduled announcement, after asking; `onDone` runs once it is gone. */
export function CancelDialog({
  announcement,
  onClose,
  onDone,
}: {
  announcement: TAnnouncement | null;
  onClose: () => void;
  onDone?: () => void;
}) {
  const t = useT(announcementsCatalog);
  const cancel = useCancelAnnouncement();
  return (
    <ConfirmDeleteDialog
      item={announcement}
      title={t("cancel.title", { title: announcement?.title ?? "" })}
      description={t("cancel.description")}
      confirmLabel={t("cancel.confirm")}
      onClose={onClose}
      onConfirm={(a) =>
        cancel.mutate(a.id, {
          onSuccess: () => {
            toast({ title: t("cancel.done") });
            onDone?.();
          },
          // 409: it went meanwhile; the server's sentence says so in the member's language.
          onError: (error) => toastApiError(error, { description: getServerMessage(error) ?? t("cancel.failed") }),
        })
      }
    />
  );
}

/** Edit and Cancel under an announcement that has not gone yet (its author or an admin). */
export function EditActions({ announcement }: { announcement: TAnnouncement }) {
  const t = useT(announcementsCatalog);
  const [, navigate] = useLocation();
  const [isEditing, setEditing] = useState(false);
  const [isEditUsed, setEditUsed] = useState(false);
  const [asked, setAsked] = useState<TAnnouncement | null>(null);
  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      <Button
        variant="outline"
        onPointerEnter={ComposerDialog.preload}
        onFocus={ComposerDialog.preload}
        onClick={() => {
          setEditUsed(true);
          setEditing(true);
        }}
      >
        <Pencil aria-hidden="true" />
        {t("admin.edit")}
      </Button>
      <Button variant="outline" onClick={() => setAsked(announcement)}>
        <XCircle aria-hidden="true" />
        {t("cancel.confirm")}
      </Button>
      <CancelDialog announcement={asked} onClose={() => setAsked(null)} onDone={() => navigate("/announcements")} />
      {isEditUsed && (
        <Suspense fallback={null}>
          <ComposerDialog open={isEditing} onOpenChange={setEditing} announcement={announcement} />
        </Suspense>
      )}
    </div>
  );
}
