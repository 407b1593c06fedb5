import type { ZRegisterBody } from "@common/auth";
import { PASSWORD_MIN } from "@common/auth-helpers";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { FormAlert } from "@/components/form-alert";
import { Button } from "@/components/ui/button";
import { FormField, fieldAria } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { useT } from "@/lib/i18n";
import { lazyZodResolver } from "@/lib/lazy-zod-resolver";
import { useRegister } from "../api";
import { authCatalog } from "../i18n";
import { getRegisterErrorMessage } from "./auth-errors";

type TValues = Omit<z.input<typeof ZRegisterBody>, "invitationToken">;
type TOutput = Omit<z.output<typeof ZRegisterBody>, "invitationToken">;
// The contract (and zod) arrive when the form is first focused or submitted; the token is not a field.
const registerContract = lazyZodResolver(() =>
  import("@common/auth").then((m) => m.ZRegisterBody.omit({ invitationToken: true })),
);

export function RegisterForm({
  lockedEmail,
  invitationToken,
  onRegistered,
}: {
  lockedEmail?: string;
  invitationToken?: string;
  onRegistered: () => Promise<void>;
}) {
  const t = useT(authCatalog);
  const register = useRegister();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<TValues, unknown, TOutput>({
    resolver: registerContract.resolver,
    defaultValues: { email: lockedEmail ?? "", password: "", firstName: "", lastName: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await register.mutateAsync({
        email: values.email,
        password: values.password,
        firstName: values.firstName || undefined,
        lastName: values.lastName || undefined,
        invitationToken,
      });
      await onRegistered();
    } catch (error) {
      setFormError(getRegisterErrorMessage(error, t));
    }
  });

  const pending = isSubmitting || register.isPending;
  return (
    <form onSubmit={onSubmit} onFocus={registerContract.preload} noValidate className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="register-first-name" label={t("register.firstName")} error={errors.firstName?.message}>
          <Input
            {...fieldAria("register-first-name", errors.firstName?.message)}
            autoComplete="given-name"
            {...form.register("firstName")}
          />
        </FormField>
        <FormField id="register-last-name" label={t("register.lastName")} error={errors.lastName?.message}>
          <Input
            {...fieldAria("register-last-name", errors.lastName?.message)}
            autoComplete="family-name"
            {...form.register("lastName")}
          />
        </FormField>
      </div>
      <FormField
        id="register-email"
        label={t("field.email")}
        error={errors.email?.message}
        hint={lockedEmail ? t("register.emailLocked") : undefined}
      >
        <Input
          {...fieldAria("register-email", errors.email?.message, !!lockedEmail)}
          type="email"
          autoComplete="email"
          readOnly={!!lockedEmail}
          {...form.register("email")}
        />
      </FormField>
      <FormField
        id="register-password"
        label={t("field.password")}
        error={errors.password?.message}
        hint={t("register.passwordHint", { min: PASSWORD_MIN })}
      >
        <Input
          {...fieldAria("register-password", errors.password?.message, true)}
          type="password"
          autoComplete="new-password"
          {...form.register("password")}
        />
      </FormField>
      <FormAlert message={formError} />
      <Button type="submit" size="lg" disabled={pending}>
        {pending ? t("register.pending") : t("register.submit")}
      </Button>
    </form>
  );
}
