import { INVITATION_TTL_DAYS } from "@common/invitation-helpers";
import { ZCreateInvitationBody } from "@common/invitations";
import { useEffect, useMemo } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { DialogFormFooter } from "@/components/dialog-form-footer";
import { useRoleName } from "@/components/role-name";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormField, fieldAria } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { RadioCards } from "@/components/ui/radio-cards";
import { toast } from "@/components/ui/use-toast";
import { getServerMessage, getStatus } from "@/lib/api-client";
import { toastApiError } from "@/lib/auth-redirect";
import { useT } from "@/lib/i18n";
import { lazyZodResolver } from "@/lib/lazy-zod-resolver";
import { useCreateInvitation } from "../api";
import { heldNotice } from "../held-notice";
import { invitationsCatalog } from "../i18n";

export type TInvitableRole = "CONGREGANT" | "GROUP_LEADER" | "ADMIN";
type TValues = z.input<typeof ZCreateInvitationBody>;

const ROLES: TInvitableRole[] = ["CONGREGANT", "GROUP_LEADER", "ADMIN"];

// The dialog comes with the contract already (it is downloaded on its own); its messages follow the language on screen.
const invitationContract = lazyZodResolver(async () => ZCreateInvitationBody);

/** Spec 2 Invitation management: the invite dialog (email and role). */
export function InviteDialog({
  open,
  initialRole,
  churchName,
  onOpenChange,
  onHeld,
}: {
  open: boolean;
  initialRole: TInvitableRole;
  churchName: string;
  onOpenChange: (open: boolean) => void;
  /** The invitation was made but waits for review; `notice` says why (the admin's address is not confirmed). */
  onHeld?: (notice: string) => void;
}) {
  const t = useT(invitationsCatalog);
  const roleName = useRoleName();
  const held = heldNotice(t);
  const roleOptions = useMemo(
    () => ROLES.map((value) => ({ value, label: roleName(value), description: t(`dialog.role.${value}`) })),
    [roleName, t],
  );
  const create = useCreateInvitation();
  const form = useForm<TValues, unknown, z.output<typeof ZCreateInvitationBody>>({
    resolver: invitationContract.resolver,
    defaultValues: { email: "", role: initialRole },
  });
  const { errors } = form.formState;

  // A closed dialog resets its form; opening it applies the preselected role.
  useEffect(() => {
    if (open) form.reset({ email: "", role: initialRole });
  }, [open, initialRole, form]);

  const onSubmit = form.handleSubmit(
    (values) => {
      create.mutate(values, {
        onSuccess: (invitation) => {
          if (invitation.notice) {
            toast({ title: t("toast.waiting"), description: held.describe(invitation.notice) });
            onHeld?.(invitation.notice);
          } else {
            toast({ title: t("toast.sent"), description: t("toast.sent.description", { email: values.email }) });
          }
          onOpenChange(false);
        },
        onError: (error) => {
          const status = getStatus(error);
          const detail =
            status === 400 || status === 403 || status === 409 || status === 429 ? getServerMessage(error) : null;
          toastApiError(error, {
            title: t("toast.sendFailed"),
            description: `${t("toast.sendFailed.description")}${detail ? ` ${detail}` : ""}`,
          });
        },
      });
    },
    (formErrors) => {
      if (!form.getValues("email")?.trim()) {
        form.clearErrors("email");
        toast({
          title: t("toast.emailRequired"),
          description: t("toast.emailRequired.description"),
          variant: "destructive",
        });
      } else if (formErrors.email) {
        form.setFocus("email");
      }
    },
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("dialog.title")}</DialogTitle>
          <DialogDescription>
            {t("dialog.description", { church: churchName, days: INVITATION_TTL_DAYS })}
          </DialogDescription>
        </DialogHeader>
        <form id="invite-form" onSubmit={onSubmit} noValidate className="grid gap-5">
          <FormField id="invite-email" label={t("dialog.email")} error={errors.email?.message}>
            <Input
              {...fieldAria("invite-email", errors.email?.message)}
              type="email"
              autoComplete="off"
              placeholder={t("dialog.email.placeholder")}
              {...form.register("email")}
            />
          </FormField>
          <div className="grid gap-2">
            <span id="invite-role-label" className="text-sm font-medium">
              {t("dialog.role")}
            </span>
            <Controller
              control={form.control}
              name="role"
              render={({ field }) => (
                <RadioCards
                  aria-labelledby="invite-role-label"
                  value={(field.value ?? "CONGREGANT") as TInvitableRole}
                  onValueChange={field.onChange}
                  options={roleOptions}
                />
              )}
            />
          </div>
        </form>
        <DialogFormFooter
          formId="invite-form"
          submitLabel={t("dialog.submit")}
          pendingLabel={t("dialog.sending")}
          pending={create.isPending}
          onCancel={() => onOpenChange(false)}
        />
      </DialogContent>
    </Dialog>
  );
}
