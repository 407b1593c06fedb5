import { ZResetPasswordBody } from "@common/auth";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useLocation, useSearch } from "wouter";
import { AuthLayout } from "@/components/auth-layout";
import { FormAlert } from "@/components/form-alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { toast } from "@/components/ui/use-toast";
import { getServerMessage } from "@/lib/api-client";
import { useRefreshAuthUser } from "@/lib/current-user";
import { useResetPassword } from "../api";
import {
  EMPTY_NEW_PASSWORD,
  NewPasswordFields,
  type TNewPasswordValues,
  ZNewPasswordForm,
} from "../components/new-password-fields";

/** `/reset-password?token=T`: choose a new password, then go to `/`. */
export function ResetPasswordPage() {
  const token = new URLSearchParams(useSearch()).get("token") ?? "";
  const [, navigate] = useLocation();
  const reset = useResetPassword();
  const refreshUser = useRefreshAuthUser();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<TNewPasswordValues>({
    resolver: zodResolver(ZNewPasswordForm),
    defaultValues: EMPTY_NEW_PASSWORD,
  });
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
            <NewPasswordFields form={form} idPrefix="reset" />
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
