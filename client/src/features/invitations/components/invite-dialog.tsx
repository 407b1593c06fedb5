import { INVITATION_TTL_DAYS } from "@common/invitation-helpers";
import { ZCreateInvitationBody } from "@common/invitations";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { DialogFormFooter } from "@/components/dialog-form-footer";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormField, fieldAria } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { RadioCards } from "@/components/ui/radio-cards";
import { toast } from "@/components/ui/use-toast";
import { getServerMessage, getStatus } from "@/lib/api-client";
import { toastApiError } from "@/lib/auth-redirect";
import { INVITATION_ROLE_LABELS } from "@/lib/public-invitation";
import { useCreateInvitation } from "../api";

export type TInvitableRole = "CONGREGANT" | "GROUP_LEADER" | "ADMIN";
type TValues = z.input<typeof ZCreateInvitationBody>;

const LEADER_TEXT = "Church leaders can manage content, events, and congregation members.";
const MEMBER_TEXT = "Members can access sermons, events, and community features.";

const ROLE_OPTIONS = [
  { value: "CONGREGANT" as const, label: INVITATION_ROLE_LABELS.CONGREGANT, description: MEMBER_TEXT },
  {
    value: "GROUP_LEADER" as const,
    label: INVITATION_ROLE_LABELS.GROUP_LEADER,
    description: "Group leaders can access sermons, events, and community features.",
  },
  { value: "ADMIN" as const, label: INVITATION_ROLE_LABELS.ADMIN, description: LEADER_TEXT },
];

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
  const create = useCreateInvitation();
  const form = useForm<TValues, unknown, z.output<typeof ZCreateInvitationBody>>({
    resolver: zodResolver(ZCreateInvitationBody),
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
            toast({ title: "Invitation Waiting for Review", description: invitation.notice });
            onHeld?.(invitation.notice);
          } else {
            toast({ title: "Invitation Sent", description: `We emailed an invitation to ${values.email}.` });
          }
          onOpenChange(false);
        },
        onError: (error) => {
          const status = getStatus(error);
          const detail =
            status === 400 || status === 403 || status === 409 || status === 429 ? getServerMessage(error) : null;
          toastApiError(error, {
            title: "Failed to Send Invitation",
            description: `There was an error sending the invitation. Please try again.${detail ? ` ${detail}` : ""}`,
          });
        },
      });
    },
    (formErrors) => {
      if (!form.getValues("email")?.trim()) {
        form.clearErrors("email");
        toast({ title: "Email Required", description: "Please enter an email address.", variant: "destructive" });
      } else if (formErrors.email) {
        form.setFocus("email");
      }
    },
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Send an Invitation</DialogTitle>
          <DialogDescription>
            We'll email a link to join {churchName}. The link works for {INVITATION_TTL_DAYS} days.
          </DialogDescription>
        </DialogHeader>
        <form id="invite-form" onSubmit={onSubmit} noValidate className="grid gap-5">
          <FormField id="invite-email" label="Email address" error={errors.email?.message}>
            <Input
              {...fieldAria("invite-email", errors.email?.message)}
              type="email"
              autoComplete="off"
              placeholder="name@example.com"
              {...form.register("email")}
            />
          </FormField>
          <div className="grid gap-2">
            <span id="invite-role-label" className="text-sm font-medium">
              Role
            </span>
            <Controller
              control={form.control}
              name="role"
              render={({ field }) => (
                <RadioCards
                  aria-labelledby="invite-role-label"
                  value={(field.value ?? "CONGREGANT") as TInvitableRole}
                  onValueChange={field.onChange}
                  options={ROLE_OPTIONS}
                />
              )}
            />
          </div>
        </form>
        <DialogFormFooter
          formId="invite-form"
          submitLabel="Send Invitation"
          pendingLabel="Sending..."
          pending={create.isPending}
          onCancel={() => onOpenChange(false)}
        />
      </DialogContent>
    </Dialog>
  );
}
