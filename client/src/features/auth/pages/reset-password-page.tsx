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
import { useT } from "@/lib/i18n";
import { useResetPassword } from "../api";
import {
  EMPTY_NEW_PASSWORD,
  NewPasswordFields,
  type TNewPasswordValues,
  ZNewPasswordForm,
} from "../components/new-password-fields";
import { authCatalog } from "../i18n";

/** `/reset-password?token=T`: choose a new password, then go to `/`. */
export function ResetPasswordPage() {
  const t = useT(authCatalog);
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
      toast({ title: t("reset.doneTitle"), description: t("reset.doneDescription") });
      await refreshUser();
      navigate("/");
    } catch (error) {
      setFormError(getServerMessage(error) ?? t("reset.invalid"));
    }
  });

  return (
    <AuthLayout>
      <div className="mb-6 text-center">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("reset.title")}</h1>
        <p className="mt-1 text-muted-foreground">{t("reset.subtitle")}</p>
      </div>
      <Card className="p-5 sm:p-6">
        {!hasToken ? (
          <div className="grid gap-4">
            <FormAlert message={t("reset.incomplete")} />
            <Link href="/login" className={buttonClasses({ variant: "outline" })}>
              {t("reset.backToSignIn")}
            </Link>
          </div>
        ) : (
          <form onSubmit={onSubmit} noValidate className="grid gap-4">
            <NewPasswordFields form={form} idPrefix="reset" />
            <FormAlert message={formError} />
            <Button type="submit" size="lg" disabled={reset.isPending}>
              {reset.isPending ? t("reset.pending") : t("reset.submit")}
            </Button>
          </form>
        )}
      </Card>
    </AuthLayout>
  );
}
