import type { TAuthUser } from "@common/auth";
import { ZProfileBody } from "@common/profile";
import { PROFILE_ADDRESS_MAX, PROFILE_BIO_MAX, PROFILE_PHONE_MAX } from "@common/profile-helpers";
import { useEffect, useState } from "react";
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
import { lazyZodResolver } from "@/lib/lazy-zod-resolver";
import { useUpdateProfile } from "../api";
import { profileCatalog } from "../i18n";
import { type TBirthdayParts, toBirthday, toBirthdayParts } from "./birthday";
import { BirthdayFieldset } from "./birthday-fieldset";

type TValues = z.input<typeof ZProfileBody>;
type TOutput = z.output<typeof ZProfileBody>;
type TProfileUser = Pick<TAuthUser, "firstName" | "lastName" | "bio" | "phone" | "birthday" | "address">;

// The contract's messages in the language on screen (the dialog itself is downloaded when first opened).
const profileContract = lazyZodResolver(async () => ZProfileBody);

const toValues = (user: TProfileUser): TValues => ({
  firstName: user.firstName ?? "",
  lastName: user.lastName ?? "",
  bio: user.bio ?? "",
  phone: user.phone ?? "",
  birthday: user.birthday ?? "",
  address: user.address ?? "",
});

/**
 * Spec 2 Profile: the Edit Profile dialog (first name, last name, bio), and issue 27's phone,
 * birthday (month and day, the year optional) and address; who sees them is the Privacy card's.
 */
export function EditProfileDialog({
  open,
  user,
  onOpenChange,
}: {
  open: boolean;
  user: TProfileUser;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useT(profileCatalog);
  const update = useUpdateProfile();
  const form = useForm<TValues, unknown, TOutput>({
    resolver: profileContract.resolver,
    defaultValues: toValues(user),
  });
  const { errors } = form.formState;
  const bioLength = (form.watch("bio") ?? "").length;
  const [birthday, setBirthday] = useState<TBirthdayParts>(() => toBirthdayParts(user.birthday));

  // Each opening starts from the saved profile.
  useEffect(() => {
    if (open) {
      form.reset(toValues(user));
      setBirthday(toBirthdayParts(user.birthday));
    }
  }, [open, user, form]);

  // The three controls make one value for the contract ("MM-DD", "YYYY-MM-DD", or "" for none).
  const changeBirthday = (parts: Partial<TBirthdayParts>) => {
    const next = { ...birthday, ...parts };
    setBirthday(next);
    form.setValue("birthday", toBirthday(next), { shouldValidate: form.formState.isSubmitted });
  };

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
  // The contract's birthday message names the format; the person chose from lists: say it in their words.
  const birthdayError = errors.birthday ? t("edit.birthdayInvalid") : undefined;
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
          <p className="text-xs text-muted-foreground sm:col-span-2">{t("edit.contactHint")}</p>
          <FormField id="profile-phone" label={t("edit.phone")} error={err("phone")}>
            <Input
              {...fieldAria("profile-phone", err("phone"))}
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              dir="ltr"
              maxLength={PROFILE_PHONE_MAX}
              {...form.register("phone")}
            />
          </FormField>
          <BirthdayFieldset value={birthday} error={birthdayError} onChange={changeBirthday} />
          <FormField id="profile-address" label={t("edit.address")} error={err("address")} className="sm:col-span-2">
            <Textarea
              {...fieldAria("profile-address", err("address"))}
              rows={2}
              autoComplete="street-address"
              maxLength={PROFILE_ADDRESS_MAX}
              {...form.register("address")}
            />
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
