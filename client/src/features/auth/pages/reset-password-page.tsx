import { ZPassword, ZResetPasswordBody } from "@common/auth";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useLocation, useSearch } from "wouter";
import { z } from "zod";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { FormField, fieldAria } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { getServerMessage } from "@/lib/api-client";
import { useRefreshAuthUser, useResetPassword } from "../api";
import { AuthLayout } from "../components/auth-layout";
import { FormAlert } from "../components/form-alert";

const ZResetForm = z
  .object({ password: ZPassword, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords do not match", path: ["confirmPassword"] });
type TValues = z.input<typeof ZResetForm>;

/** `/reset-password?token=T`: choose a new password, then go to `/`. */
export function ResetPasswordPage() {
  const token = new URLSearchParams(useSearch()).get("token") ?? "";
  const [, navigate] = useLocation();
  const reset = useResetPassword();
  const refreshUser = useRefreshAuthUser();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<TValues>({
    resolver: zodResolver(ZResetForm),
    defaultValues: { password: "", confirmPassword: "" },
  });
  const { errors } = form.formState;
  const hasToken = ZResetPasswordBody.shape.token.safeParse(token).success;

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setFormError(null);
    try {
      await reset.mutateAsync({ token, password });
      toast({ title: "Password Updated", description: "Your new password is ready to use." });
      await refreshUser();
      navigate("/");
    } catch (error) {
      setFormError(getServerMessage(error) ?? "This reset link is invalid or has expired.");
    }
  });

  return (
    <AuthLayout>
      <div className="mb-6 text-center">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Choose a new password</h1>
        <p className="mt-1 text-muted-foreground">Pick something you don't use anywhere else.</p>
      </div>
      <Card className="p-5 sm:p-6">
        {!hasToken ? (
          <div className="grid gap-4">
            <FormAlert message="The reset link is incomplete. Please use the link from your email, or ask for a new one." />
            <Link href="/login" className={buttonClasses({ variant: "outline" })}>
              Back to Sign In
            </Link>
          </div>
        ) : (
          <form onSubmit={onSubmit} noValidate className="grid gap-4">
            <FormField id="reset-password" label="New password" error={errors.password?.message}>
              <Input
                {...fieldAria("reset-password", errors.password?.message)}
                type="password"
                autoComplete="new-password"
                {...form.register("password")}
              />
            </FormField>
            <FormField id="reset-confirm" label="Confirm new password" error={errors.confirmPassword?.message}>
              <Input
                {...fieldAria("reset-confirm", errors.confirmPassword?.message)}
                type="password"
                autoComplete="new-password"
                {...form.register("confirmPassword")}
              />
            </FormField>
            <FormAlert message={formError} />
            <Button type="submit" size="lg" disabled={reset.isPending}>
              {reset.isPending ? "Saving..." : "Reset Password"}
            </Button>
          </form>
        )}
      </Card>
    </AuthLayout>
  );
}
