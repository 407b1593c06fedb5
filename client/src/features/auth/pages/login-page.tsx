import { getSignInErrorMessage } from "@common/auth-helpers";
import { KeyRound } from "lucide-react";
import { useState } from "react";
import { useLocation, useSearch } from "wouter";
import { AuthLayout } from "@/components/auth-layout";
import { ChurchIdentity } from "@/components/church-identity";
import { FormAlert } from "@/components/form-alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { toast } from "@/components/ui/use-toast";
import { getServerMessage } from "@/lib/api-client";
import { useRefreshAuthUser } from "@/lib/current-user";
import { goToPage } from "@/lib/full-page";
import { INVITATION_ROLE_LABELS, useAcceptInvitation, usePublicInvitation } from "@/lib/public-invitation";
import { useChurchBrand } from "@/lib/use-church-brand";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useAuthProviders } from "../api";
import { RegisterForm } from "../components/register-form";
import { SignInForm } from "../components/sign-in-form";

/**
 * `/login[?invitation=T[&tab=signin]]`: sign in or create an account with the built-in provider (or
 * OIDC). Reached from an invitation, it wears the inviting church's name, logo and colour.
 */
export function LoginPage() {
  const params = new URLSearchParams(useSearch());
  const invitationToken = params.get("invitation") || undefined;
  // Why single sign-on sent the browser back here: our words for the code, never text from the link.
  const signInError = getSignInErrorMessage(params.get("error"));
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
  useDocumentTitle(church ? `Join ${church.name}` : tab === "register" ? "Create your account" : "Sign in");

  const finish = async (acceptInvitation: boolean) => {
    if (acceptInvitation && invitationToken && validInvitation) {
      try {
        await accept.mutateAsync(invitationToken);
      } catch (error) {
        toast({
          title: "Could not join the church",
          description: getServerMessage(error) ?? "The invitation could not be accepted. Please try again.",
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
      {validInvitation && church ? (
        <div className="mb-6 grid justify-items-center gap-3 text-center">
          <ChurchIdentity name={church.name} logoUrl={church.logoUrl} className="size-16" />
          <h1 className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">
            {tab === "register" ? `Create an account to join ${church.name}` : `Sign in to join ${church.name}`}
          </h1>
          <p className="text-muted-foreground">
            You're invited as{" "}
            <span className="font-semibold text-foreground">{INVITATION_ROLE_LABELS[validInvitation.role]}</span>.{" "}
            {tab === "register" ? "New to Fellowship? Create your account." : "Already on Fellowship? Sign in."}
          </p>
        </div>
      ) : (
        <div className="mb-6 text-center">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
            {tab === "register" ? "Create your account" : "Welcome back"}
          </h1>
          <p className="mt-1 text-muted-foreground">Sign in to your church community</p>
        </div>
      )}
      {invitationToken && invitation.isError && (
        <div role="alert" className="mb-4 rounded-2xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
          This invitation link is invalid, expired, or has already been used. You can still sign in to your account.
        </div>
      )}

      {signInError && (
        <div className="mb-4">
          <FormAlert message={signInError} />
        </div>
      )}
      <Card className="p-5 sm:p-6">
        {waiting ? (
          <div className="grid gap-4" role="status" aria-label="Loading sign-in options">
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
                  Continue with {oidc.name}
                </Button>
                {passwordEnabled && (
                  <div className="flex items-center gap-3 text-xs text-muted-foreground">
                    <span className="h-px flex-1 bg-border" />
                    or
                    <span className="h-px flex-1 bg-border" />
                  </div>
                )}
              </>
            )}
            {passwordEnabled && (
              <Tabs value={tab} onValueChange={(v) => setTab(v as "signin" | "register")}>
                <TabsList aria-label="Sign in or create an account">
                  <TabsTrigger value="signin">Sign In</TabsTrigger>
                  <TabsTrigger value="register">Create Account</TabsTrigger>
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
      {!validInvitation && (
        <p className="mt-6 text-center text-sm text-muted-foreground">
          Members join through an invitation link from their church. Church leaders can create an account and set up
          their church.
        </p>
      )}
    </AuthLayout>
  );
}
