import { SIGN_IN_ERRORS } from "@common/auth-helpers";
import { KeyRound } from "lucide-react";
import { useState } from "react";
import { useLocation, useSearch } from "wouter";
import { AuthLayout } from "@/components/auth-layout";
import { ChurchIdentity } from "@/components/church-identity";
import { FormAlert } from "@/components/form-alert";
import { useRoleName } from "@/components/role-name";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { toast } from "@/components/ui/use-toast";
import { getServerMessage } from "@/lib/api-client";
import { useRefreshAuthUser } from "@/lib/current-user";
import { goToPage } from "@/lib/full-page";
import { Rich, useT } from "@/lib/i18n";
import { useAcceptInvitation, usePublicInvitation } from "@/lib/public-invitation";
import { useChurchBrand } from "@/lib/use-church-brand";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useAuthProviders } from "../api";
import { RegisterForm } from "../components/register-form";
import { SignInForm } from "../components/sign-in-form";
import { VisitorLanguageSelect } from "../components/visitor-language-select";
import { authCatalog } from "../i18n";

/** Why single sign-on sent the browser back here: our words for the code, never text from the link. */
function signInErrorKey(code: string | null) {
  if (!code) return null;
  return `signInError.${Object.hasOwn(SIGN_IN_ERRORS, code) ? (code as keyof typeof SIGN_IN_ERRORS) : "failed"}` as const;
}

/**
 * `/login[?invitation=T[&tab=signin]]`: sign in or create an account with the built-in provider (or
 * OIDC). Reached from an invitation, it wears the inviting church's name, logo and colour.
 */
export function LoginPage() {
  const t = useT(authCatalog);
  const roleName = useRoleName();
  const params = new URLSearchParams(useSearch());
  const invitationToken = params.get("invitation") || undefined;
  // Why single sign-on sent the browser back here: our words for the code, never text from the link.
  const errorKey = signInErrorKey(params.get("error"));
  const signInError = errorKey ? t(errorKey) : null;
  // Issue 28: "Delete my account" lands here once the account is erased.
  const isAccountDeleted = params.get("deleted") === "1";
  const [, navigate] = useLocation();
  const providers = useAuthProviders();
  const invitation = usePublicInvitation(invitationToken);
  const accept = useAcceptInvitation();
  const refreshUser = useRefreshAuthUser();
  const [tab, setTab] = useState<"signin" | "register">(
    invitationToken && params.get("tab") !== "signin" ? "register" : "signin",
  );

  const validInvitation = invitation.data;
  const lockedEmail = validInvitation?.email;
  const church = validInvitation?.church;
  // Signed out here, so the colour goes back to the product's default on the way out.
  useChurchBrand(church?.brandColor);
  useDocumentTitle(
    church
      ? t("login.titleJoin", { church: church.name })
      : tab === "register"
        ? t("login.createYourAccount")
        : t("login.titleSignIn"),
  );

  const finish = async (acceptInvitation: boolean) => {
    if (acceptInvitation && invitationToken && validInvitation) {
      try {
        await accept.mutateAsync(invitationToken);
      } catch (error) {
        toast({
          title: t("login.joinFailedTitle"),
          description: getServerMessage(error) ?? t("login.joinFailedDescription"),
          variant: "destructive",
        });
      }
    }
    await refreshUser();
    navigate("/");
  };

  const oidc = providers.data?.oidc ?? null;
  const passwordEnabled = providers.data?.password ?? true;
  const oidcUrl = `/api/login/oidc${validInvitation && invitationToken ? `?invitation=${encodeURIComponent(invitationToken)}` : ""}`;
  const waiting = providers.isLoading || (!!invitationToken && invitation.isLoading);

  return (
    <AuthLayout>
      <div className="mb-4 flex justify-end">
        <VisitorLanguageSelect className="w-48" />
      </div>
      {validInvitation && church ? (
        <div className="mb-6 grid justify-items-center gap-3 text-center">
          <ChurchIdentity name={church.name} logoUrl={church.logoUrl} className="size-16" />
          <h1 className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">
            {t(tab === "register" ? "login.invitedRegisterHeading" : "login.invitedSignInHeading", {
              church: church.name,
            })}
          </h1>
          <p className="text-muted-foreground">
            <Rich
              catalog={authCatalog}
              k={tab === "register" ? "login.invitedRegisterText" : "login.invitedSignInText"}
              values={{ role: roleName(validInvitation.role) }}
              components={{ 0: <span className="font-semibold text-foreground" /> }}
            />
          </p>
        </div>
      ) : (
        <div className="mb-6 text-center">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
            {tab === "register" ? t("login.createYourAccount") : t("login.welcomeBack")}
          </h1>
          <p className="mt-1 text-muted-foreground">{t("login.subtitle")}</p>
        </div>
      )}
      {invitationToken && invitation.isError && (
        <div role="alert" className="mb-4 rounded-2xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
          {t("login.invitationInvalid")}
        </div>
      )}

      {signInError && (
        <div className="mb-4">
          <FormAlert message={signInError} />
        </div>
      )}
      {isAccountDeleted && (
        <div role="status" className="mb-4 rounded-lg border border-border bg-muted p-3 text-sm text-foreground">
          {t("login.accountDeleted")}
        </div>
      )}
      <Card className="p-5 sm:p-6">
        {waiting ? (
          <div className="grid gap-4" role="status" aria-label={t("login.loadingOptions")}>
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
            <Skeleton className="h-12" />
          </div>
        ) : (
          <div className="grid gap-5">
            {oidc && (
              <>
                <Button variant="outline" size="lg" onClick={() => goToPage(oidcUrl)}>
                  <KeyRound aria-hidden="true" />
                  {t("login.continueWith", { provider: oidc.name })}
                </Button>
                {passwordEnabled && (
                  <div className="flex items-center gap-3 text-xs text-muted-foreground">
                    <span className="h-px flex-1 bg-border" />
                    {t("login.or")}
                    <span className="h-px flex-1 bg-border" />
                  </div>
                )}
              </>
            )}
            {passwordEnabled && (
              <Tabs value={tab} onValueChange={(v) => setTab(v as "signin" | "register")}>
                <TabsList aria-label={t("login.tabsLabel")}>
                  <TabsTrigger value="signin">{t("login.tabSignIn")}</TabsTrigger>
                  <TabsTrigger value="register">{t("login.tabRegister")}</TabsTrigger>
                </TabsList>
                <TabsContent value="signin" className="pt-5">
                  <SignInForm lockedEmail={lockedEmail} onSignedIn={() => finish(true)} />
                </TabsContent>
                <TabsContent value="register" className="pt-5">
                  <RegisterForm
                    lockedEmail={lockedEmail}
                    invitationToken={validInvitation ? invitationToken : undefined}
                    onRegistered={() => finish(false)}
                  />
                </TabsContent>
              </Tabs>
            )}
          </div>
        )}
      </Card>
      {!validInvitation && <p className="mt-6 text-center text-sm text-muted-foreground">{t("login.membersJoin")}</p>}
    </AuthLayout>
  );
}
