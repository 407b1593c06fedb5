import { PASSWORD_MIN, ZRegisterBody } from "@common/auth";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { FormAlert } from "@/components/form-alert";
import { Button } from "@/components/ui/button";
import { FormField, fieldAria } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { useRegister } from "../api";
import { getRegisterErrorMessage } from "./auth-errors";

const ZRegisterForm = ZRegisterBody.omit({ invitationToken: true });
type TValues = z.input<typeof ZRegisterForm>;

export function RegisterForm({
  lockedEmail,
  invitationToken,
  onRegistered,
}: {
  lockedEmail?: string;
  invitationToken?: string;
  onRegistered: () => Promise<void>;
}) {
  const register = useRegister();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<TValues, unknown, z.output<typeof ZRegisterForm>>({
    resolver: zodResolver(ZRegisterForm),
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
      setFormError(getRegisterErrorMessage(error));
    }
  });

  const pending = isSubmitting || register.isPending;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="register-first-name" label="First name" error={errors.firstName?.message}>
          <Input
            {...fieldAria("register-first-name", errors.firstName?.message)}
            autoComplete="given-name"
            {...form.register("firstName")}
          />
        </FormField>
        <FormField id="register-last-name" label="Last name" error={errors.lastName?.message}>
          <Input
            {...fieldAria("register-last-name", errors.lastName?.message)}
            autoComplete="family-name"
            {...form.register("lastName")}
          />
        </FormField>
      </div>
      <FormField
        id="register-email"
        label="Email"
        error={errors.email?.message}
        hint={lockedEmail ? "Your invitation was sent to this address." : undefined}
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
        label="Password"
        error={errors.password?.message}
        hint={`At least ${PASSWORD_MIN} characters.`}
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
        {pending ? "Creating Account..." : "Create Account"}
      </Button>
    </form>
  );
}
