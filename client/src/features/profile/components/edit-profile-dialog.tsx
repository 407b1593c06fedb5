import type { TAuthUser } from "@common/auth";
import { ZProfileBody } from "@common/profile";
import { PROFILE_BIO_MAX } from "@common/profile-helpers";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { DialogFormFooter } from "@/components/dialog-form-footer";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormField, fieldAria } from "@/components/ui/form-field";
import { Input, Textarea } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { getServerMessage } from "@/lib/api-client";
import { toastApiError } from "@/lib/auth-redirect";
import { applyServerFieldErrors } from "@/lib/form-errors";
import { useT } from "@/lib/i18n";
import { useUpdateProfile } from "../api";
import { profileCatalog } from "../i18n";

type TValues = z.input<typeof ZProfileBody>;
type TOutput = z.output<typeof ZProfileBody>;

const toValues = (user: Pick<TAuthUser, "firstName" | "lastName" | "bio">): TValues => ({
  firstName: user.firstName ?? "",
  lastName: user.lastName ?? "",
  bio: user.bio ?? "",
});

/** Spec 2 Profile: the Edit Profile dialog (first name, last name, bio). */
export function EditProfileDialog({
  open,
  user,
  onOpenChange,
}: {
  open: boolean;
  user: Pick<TAuthUser, "firstName" | "lastName" | "bio">;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useT(profileCatalog);
  const update = useUpdateProfile();
  const form = useForm<TValues, unknown, TOutput>({
    resolver: zodResolver(ZProfileBody),
    defaultValues: toValues(user),
  });
  const { errors } = form.formState;
  const bioLength = (form.watch("bio") ?? "").length;

  // Each opening starts from the saved profile.
  useEffect(() => {
    if (open) form.reset(toValues(user));
  }, [open, user, form]);

  const onSubmit = form.handleSubmit((values) => {
    update.mutate(values, {
      onSuccess: () => {
        toast({ title: t("toast.profileUpdated"), description: t("edit.saved") });
        onOpenChange(false);
      },
      onError: (error) => {
        if (applyServerFieldErrors(form, error)) return;
        toastApiError(error, {
          title: t("toast.updateFailed"),
          description: getServerMessage(error) ?? t("toast.profileFailed"),
        });
      },
    });
  });

  const err = (k: keyof TValues) => errors[k]?.message;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{t("edit.title")}</DialogTitle>
          <DialogDescription>{t("edit.description")}</DialogDescription>
        </DialogHeader>
        <form id="profile-form" onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
          <FormField id="profile-first-name" label={t("edit.firstName")} error={err("firstName")}>
            <Input
              {...fieldAria("profile-first-name", err("firstName"))}
              autoComplete="given-name"
              {...form.register("firstName")}
            />
          </FormField>
          <FormField id="profile-last-name" label={t("edit.lastName")} error={err("lastName")}>
            <Input
              {...fieldAria("profile-last-name", err("lastName"))}
              autoComplete="family-name"
              {...form.register("lastName")}
            />
          </FormField>
          <FormField
            id="profile-bio"
            label={t("edit.bio")}
            hint={t("edit.bioHint", { length: bioLength, max: PROFILE_BIO_MAX })}
            error={err("bio")}
            className="sm:col-span-2"
          >
            <Textarea {...fieldAria("profile-bio", err("bio"), true)} rows={4} {...form.register("bio")} />
          </FormField>
        </form>
        <DialogFormFooter
          formId="profile-form"
          submitLabel={t("edit.save")}
          pendingLabel={t("edit.saving")}
          pending={update.isPending}
          onCancel={() => onOpenChange(false)}
        />
      </DialogContent>
    </Dialog>
  );
}
