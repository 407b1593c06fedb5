import { LOGO_TYPES } from "@common/brand";
import { AVATAR_MAX_BYTES } from "@common/profile-helpers";
import { Camera, Trash2 } from "lucide-react";
import { useRef } from "react";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { getServerMessage } from "@/lib/api-client";
import { toastApiError } from "@/lib/auth-redirect";
import { readFileAsDataUrl } from "@/lib/read-file";
import { useRemoveAvatar, useUploadAvatar } from "../api";

const invalidFile = () =>
  toast({ title: "Invalid File", description: "Please select an image file (PNG, JPG, etc.)", variant: "destructive" });

/** The member's picture with Change and Remove; initials stand in when there is none. */
export function AvatarEditor({ name, src }: { name: string; src: string | null }) {
  const fileRef = useRef<HTMLInputElement>(null);
  const upload = useUploadAvatar();
  const remove = useRemoveAvatar();
  const busy = upload.isPending || remove.isPending;

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return invalidFile();
    if (file.size > AVATAR_MAX_BYTES) {
      toast({
        title: "File Too Large",
        description: "Please select an image smaller than 2MB",
        variant: "destructive",
      });
      return;
    }
    let dataUrl: string;
    try {
      dataUrl = await readFileAsDataUrl(file);
    } catch {
      return invalidFile();
    }
    upload.mutate(dataUrl, {
      onSuccess: () => toast({ title: "Profile Updated", description: "Your profile photo has been updated." }),
      onError: (error) =>
        toastApiError(error, {
          title: "Update Failed",
          description: getServerMessage(error) ?? "Failed to update profile. Please try again.",
        }),
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
          {upload.isPending ? "Uploading..." : src ? "Change Photo" : "Upload Photo"}
        </Button>
        {src && (
          <Button
            variant="ghost"
            size="sm"
            disabled={busy}
            className="text-red-700 hover:bg-red-50"
            aria-label="Remove photo"
            onClick={() =>
              remove.mutate(undefined, {
                onSuccess: () =>
                  toast({ title: "Profile Updated", description: "Your profile photo has been removed." }),
                onError: (error) =>
                  toastApiError(error, {
                    title: "Update Failed",
                    description: getServerMessage(error) ?? "Failed to update profile. Please try again.",
                  }),
              })
            }
          >
            <Trash2 aria-hidden="true" />
            Remove
          </Button>
        )}
      </div>
    </div>
  );
}
