import { LOGO_TYPES } from "@common/brand";
import { AVATAR_MAX_BYTES } from "@common/profile-helpers";
import { Camera, Trash2 } from "lucide-react";
import { useRef } from "react";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { getServerMessage } from "@/lib/api-client";
import { toastApiError } from "@/lib/auth-redirect";
import { useT } from "@/lib/i18n";
import { readFileAsDataUrl } from "@/lib/read-file";
import { useRemoveAvatar, useUploadAvatar } from "../api";
import { profileCatalog } from "../i18n";

/** The member's picture with Change and Remove; initials stand in when there is none. */
export function AvatarEditor({ name, src }: { name: string; src: string | null }) {
  const t = useT(profileCatalog);
  const fileRef = useRef<HTMLInputElement>(null);
  const upload = useUploadAvatar();
  const remove = useRemoveAvatar();
  const busy = upload.isPending || remove.isPending;
  const invalidFile = () =>
    toast({ title: t("file.invalidTitle"), description: t("file.invalid"), variant: "destructive" });
  const updateFailed = (error: unknown) =>
    toastApiError(error, {
      title: t("toast.updateFailed"),
      description: getServerMessage(error) ?? t("toast.profileFailed"),
    });

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return invalidFile();
    if (file.size > AVATAR_MAX_BYTES) {
      toast({ title: t("file.tooLargeTitle"), description: t("file.tooLarge"), variant: "destructive" });
      return;
    }
    let dataUrl: string;
    try {
      dataUrl = await readFileAsDataUrl(file);
    } catch {
      return invalidFile();
    }
    upload.mutate(dataUrl, {
      onSuccess: () => toast({ title: t("toast.profileUpdated"), description: t("avatar.updated") }),
      onError: updateFailed,
    });
  };

  return (
    <div className="flex flex-col items-center gap-3">
      <Avatar name={name} src={src} className="size-24 text-2xl ring-4 ring-brand-soft sm:size-28 [&_span]:text-2xl" />
      <input
        ref={fileRef}
        type="file"
        accept={LOGO_TYPES.join(",")}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(e) => {
          onFile(e.target.files?.[0]);
          e.target.value = "";
        }}
      />
      <div className="flex flex-wrap justify-center gap-1">
        <Button variant="outline" size="sm" disabled={busy} onClick={() => fileRef.current?.click()}>
          <Camera aria-hidden="true" />
          {upload.isPending ? t("avatar.uploading") : src ? t("avatar.change") : t("avatar.upload")}
        </Button>
        {src && (
          <Button
            variant="ghost"
            size="sm"
            disabled={busy}
            className="text-red-700 hover:bg-red-50"
            aria-label={t("avatar.removeLabel")}
            onClick={() =>
              remove.mutate(undefined, {
                onSuccess: () => toast({ title: t("toast.profileUpdated"), description: t("avatar.removed") }),
                onError: updateFailed,
              })
            }
          >
            <Trash2 aria-hidden="true" />
            {t("avatar.remove")}
          </Button>
        )}
      </div>
    </div>
  );
}
