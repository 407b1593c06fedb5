import { type TAuthUser, ZVerifyEmailBody } from "@common/auth";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { MailCheck } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useLocation, useSearch } from "wouter";
import { AuthLayout } from "@/components/auth-layout";
import { FormAlert } from "@/components/form-alert";
import { FullPageLoader } from "@/components/full-page-loader";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { toast } from "@/components/ui/use-toast";
import { ApiError, getServerMessage } from "@/lib/api-client";
import { useAuth, useSignOut } from "@/lib/current-user";
import { Rich, useT } from "@/lib/i18n";
import { AUTH_USER_KEY } from "@/lib/query-keys";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useVerifyEmail } from "../api";
import {
  EMPTY_NEW_PASSWORD,
  NewPasswordFields,
  type TNewPasswordValues,
  ZNewPasswordForm,
} from "../components/new-password-fields";
import { authCatalog } from "../i18n";

/** The field a 400 answer names first ("password" when this browser must choose one). */
function errorField(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  try {
    const path = (JSON.parse(error.body) as { errors?: Array<{ path?: unknown }> }).errors?.[0]?.path;
    return typeof path === "string" ? path : null;
  } catch {
    return null;
  }
}

/** Shows the answer's user at once (it may be another account than before) and goes home. */
function useFinish() {
  const t = useT(authCatalog);
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return (user: TAuthUser) => {
    // Whatever was loaded for a previous account is not this one's.
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== AUTH_USER_KEY[0] });
    queryClient.setQueryData(AUTH_USER_KEY, user);
    toast({ title: t("verify.doneTitle"), description: t("verify.doneDescription") });
    navigate("/", { replace: true });
  };
}

function Heading({ title, children }: { title?: string; children: string }) {
  const t = useT(authCatalog);
  return (
    <div className="mb-6 flex flex-col items-center text-center">
      <span className="mb-3 flex size-12 items-center justify-center rounded-full bg-brand-soft text-brand-text">
        <MailCheck className="size-6" aria-hidden="true" />
      </span>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title ?? t("verify.title")}</h1>
      <p className="mt-1 text-muted-foreground">{children}</p>
    </div>
  );
}

/** Signed in to the link's account: one click confirms it, keeping the password. */
function OneClickConfirm({
  token,
  user,
  onNeedsPassword,
}: {
  token: string;
  user: TAuthUser;
  onNeedsPassword: () => void;
}) {
  const t = useT(authCatalog);
  const verify = useVerifyEmail();
  const finish = useFinish();
  const [error, setError] = useState<string | null>(null);
  const onConfirm = async () => {
    setError(null);
    try {
      finish(await verify.mutateAsync({ token }));
    } catch (err) {
      // The link belongs to another account: it can still be used, with a new password for it.
      if (errorField(err) === "password") onNeedsPassword();
      else setError(getServerMessage(err) ?? t("verify.invalid"));
    }
  };
  return (
    <>
      <Heading>{t("verify.oneClickLead")}</Heading>
      <Card className="grid gap-4 p-5 sm:p-6">
        <p className="text-sm">
          <Rich
            catalog={authCatalog}
            k="verify.oneClickText"
            values={{ email: user.email }}
            components={{ 0: <span className="font-medium [overflow-wrap:anywhere]" /> }}
          />
        </p>
        <FormAlert message={error} />
        <Button size="lg" onClick={onConfirm} disabled={verify.isPending}>
          {verify.isPending ? t("verify.pending") : t("verify.oneClickSubmit")}
        </Button>
      </Card>
    </>
  );
}

/** Anywhere else the link proves the address only: a new password for the account is chosen too. */
function ConfirmWithPassword({ token, signedInAs }: { token: string; signedInAs: string | null }) {
  const t = useT(authCatalog);
  const verify = useVerifyEmail();
  const finish = useFinish();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<TNewPasswordValues>({
    resolver: zodResolver(ZNewPasswordForm),
    defaultValues: EMPTY_NEW_PASSWORD,
  });
  const onSubmit = form.handleSubmit(async ({ password }) => {
    setError(null);
    try {
      finish(await verify.mutateAsync({ token, password }));
    } catch (err) {
      if (errorField(err) === "password") form.setError("password", { message: getServerMessage(err) ?? "" });
      else setError(getServerMessage(err) ?? t("verify.invalid"));
    }
  });
  return (
    <>
      <Heading>{t("verify.passwordLead")}</Heading>
      <Card className="p-5 sm:p-6">
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <p className="text-sm text-muted-foreground">
            {signedInAs ? t("verify.passwordOtherAccount", { email: signedInAs }) : t("verify.passwordReplaces")}
          </p>
          <NewPasswordFields form={form} idPrefix="verify" />
          <FormAlert message={error} />
          <Button type="submit" size="lg" disabled={verify.isPending}>
            {verify.isPending ? t("verify.pending") : t("verify.passwordSubmit")}
          </Button>
        </form>
      </Card>
    </>
  );
}

/** Signed in to an account whose address is confirmed: most likely this link was used already. */
function AlreadyConfirmed({ user }: { user: TAuthUser }) {
  const t = useT(authCatalog);
  const signOut = useSignOut();
  return (
    <>
      <Heading title={t("verify.doneTitle")}>{t("verify.alreadyLead")}</Heading>
      <Card className="grid gap-4 p-5 text-sm sm:p-6">
        <p>
          <Rich
            catalog={authCatalog}
            k="verify.alreadyText"
            values={{ email: user.email }}
            components={{ 0: <span className="font-medium [overflow-wrap:anywhere]" /> }}
          />
        </p>
        <Link href="/" className={buttonClasses({ size: "lg" })}>
          {t("verify.alreadyContinue")}
        </Link>
        <p className="text-muted-foreground">
          <Rich
            catalog={authCatalog}
            k="verify.alreadyOtherAccount"
            components={{
              0: (
                <button
                  type="button"
                  className="font-medium text-brand-text underline-offset-4 hover:underline"
                  onClick={() => signOut(`${window.location.pathname}${window.location.search}`)}
                />
              ),
            }}
          />
        </p>
      </Card>
    </>
  );
}

/** `/verify-email?token=T`: the link e-mailed to confirm an account's address. */
export function VerifyEmailPage() {
  const t = useT(authCatalog);
  useDocumentTitle(t("verify.title"));
  const token = new URLSearchParams(useSearch()).get("token") ?? "";
  const { user, isLoading } = useAuth();
  const [needsPassword, setNeedsPassword] = useState(false);
  const hasToken = ZVerifyEmailBody.shape.token.safeParse(token).success;

  if (isLoading) return <FullPageLoader />;
  let content: ReactNode;
  if (!hasToken) {
    content = (
      <>
        <Heading>{t("verify.incompleteLead")}</Heading>
        <Card className="grid gap-4 p-5 sm:p-6">
          <FormAlert message={t("verify.incompleteText")} />
          <Link href="/" className={buttonClasses({ variant: "outline" })}>
            {t("verify.incompleteGo")}
          </Link>
        </Card>
      </>
    );
  } else if (user && user.emailVerified === false && !needsPassword) {
    content = <OneClickConfirm token={token} user={user} onNeedsPassword={() => setNeedsPassword(true)} />;
  } else if (user && !needsPassword) {
    content = <AlreadyConfirmed user={user} />;
  } else {
    content = <ConfirmWithPassword token={token} signedInAs={user?.email ?? null} />;
  }
  return <AuthLayout>{content}</AuthLayout>;
}
