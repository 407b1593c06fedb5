import { AlertTriangle, CheckCircle2, Mail, UserRound } from "lucide-react";
import { useState } from "react";
import { Link, useLocation, useParams } from "wouter";
import { AuthLayout } from "@/components/auth-layout";
import { ChurchIdentity } from "@/components/church-identity";
import { FormAlert } from "@/components/form-alert";
import { LanguageSelect } from "@/components/language-select";
import { useRoleName } from "@/components/role-name";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { getServerMessage, isUnauthorizedError } from "@/lib/api-client";
import { handleUnauthorized } from "@/lib/auth-redirect";
import { useAuth, useRefreshAuthUser, useSignOut } from "@/lib/current-user";
import { goToPage } from "@/lib/full-page";
import { activateLanguage, currentLanguage, Rich, useT, writeLocalChoice } from "@/lib/i18n";
import { useAcceptInvitation, usePublicInvitation } from "@/lib/public-invitation";
import { useChurchBrand } from "@/lib/use-church-brand";
import { useDocumentTitle } from "@/lib/use-document-title";
import { formatDate } from "@/lib/utils";
import { acceptInvitationCatalog } from "../accept-i18n";

/** The invited visitor's language switch: kept on this device, the screen follows at once. */
function InviteLanguageSelect() {
  return (
    <div className="mb-4 flex justify-end">
      <LanguageSelect
        className="w-48"
        value={currentLanguage()}
        onChange={(language) => {
          if (!language) return;
          writeLocalChoice(language);
          void activateLanguage(language);
        }}
      />
    </div>
  );
}

/** Spec 2 Invitation acceptance (`/invite/{token}`, public). */
export function AcceptInvitationPage() {
  const t = useT(acceptInvitationCatalog);
  const roleName = useRoleName();
  const { token = "" } = useParams<{ token: string }>();
  const invitation = usePublicInvitation(token);
  const { user, isLoading: userLoading } = useAuth();
  const accept = useAcceptInvitation();
  const refreshUser = useRefreshAuthUser();
  const signOut = useSignOut();
  const [, navigate] = useLocation();
  const [acceptError, setAcceptError] = useState<string | null>(null);
  const inv = invitation.data;
  useDocumentTitle(inv ? t("titleJoin", { church: inv.church.name }) : t("title"));

  // Show the inviting church's colour; restore the signed-in user's own on the way out.
  useChurchBrand(inv?.church.brandColor, user?.church?.brandColor);

  const onAccept = () => {
    if (!user) {
      goToPage(`/api/login?invitation=${encodeURIComponent(token)}`);
      return;
    }
    setAcceptError(null);
    accept.mutate(token, {
      onSuccess: async () => {
        toast({
          // The invitation was read before the button showed, so its church is known here.
          title: t("joined.title", { church: inv?.church.name ?? "" }),
          description: t("joined.description"),
        });
        await refreshUser();
        navigate("/");
      },
      onError: (error) => {
        if (isUnauthorizedError(error)) handleUnauthorized();
        else setAcceptError(getServerMessage(error) ?? t("failed"));
      },
    });
  };

  if (invitation.isLoading || userLoading) {
    return (
      <AuthLayout>
        <Card className="grid justify-items-center gap-4 p-8" role="status" aria-label={t("loading")}>
          <Skeleton className="size-16 rounded-2xl" />
          <Skeleton className="h-7 w-56" />
          <Skeleton className="h-4 w-40" />
          <Skeleton className="mt-4 h-12 w-full" />
        </Card>
      </AuthLayout>
    );
  }

  if (invitation.isError || !inv) {
    return (
      <AuthLayout>
        {!user && <InviteLanguageSelect />}
        <Card className="grid justify-items-center gap-3 p-8 text-center">
          <span className="flex size-14 items-center justify-center rounded-full bg-amber-50 text-amber-700">
            <AlertTriangle className="size-7" aria-hidden="true" />
          </span>
          <h1 className="text-2xl font-bold tracking-tight">{t("invalid.title")}</h1>
          <p className="text-muted-foreground">{t("invalid.text")}</p>
          <Link href="/" className={buttonClasses({ className: "mt-3" })}>
            {t("invalid.home")}
          </Link>
        </Card>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout>
      {!user && <InviteLanguageSelect />}
      <Card className="grid justify-items-center gap-3 p-6 text-center sm:p-8">
        <ChurchIdentity name={inv.church.name} logoUrl={inv.church.logoUrl} className="size-16" />
        <p className="text-sm font-medium text-muted-foreground">{t("invitedToJoin")}</p>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{inv.church.name}</h1>
        <dl className="mt-2 grid w-full gap-2 rounded-xl bg-muted p-4 text-start text-sm">
          <div className="flex items-center gap-2">
            <UserRound className="size-4 shrink-0 text-brand-text" aria-hidden="true" />
            <dt className="text-muted-foreground">{t("role")}</dt>
            <dd className="font-medium">{roleName(inv.role)}</dd>
          </div>
          <div className="flex min-w-0 items-center gap-2">
            <Mail className="size-4 shrink-0 text-brand-text" aria-hidden="true" />
            <dt className="text-muted-foreground">{t("invited")}</dt>
            <dd className="min-w-0 break-all font-medium">{inv.email}</dd>
          </div>
          <div className="flex items-center gap-2">
            <CheckCircle2 className="size-4 shrink-0 text-brand-text" aria-hidden="true" />
            <dt className="text-muted-foreground">{t("validUntil")}</dt>
            <dd className="font-medium">{formatDate(inv.expiresAt)}</dd>
          </div>
        </dl>
        {user && (
          <p className="text-sm text-muted-foreground">
            <Rich
              catalog={acceptInvitationCatalog}
              k="signedInAs"
              values={{ email: user.email }}
              components={{ 0: <span className="font-medium text-foreground" /> }}
            />
          </p>
        )}
        <div className="w-full">
          <FormAlert message={acceptError} />
        </div>
        <Button size="lg" className="mt-2 w-full" onClick={onAccept} disabled={accept.isPending}>
          {accept.isPending ? t("joining") : t("accept")}
        </Button>
        {!user && (
          <p className="text-sm text-muted-foreground">
            <Rich
              catalog={acceptInvitationCatalog}
              k="alreadyOnFellowship"
              components={{
                0: (
                  <Link
                    href={`/login?invitation=${encodeURIComponent(token)}&tab=signin`}
                    className="font-medium text-brand-text hover:underline"
                  />
                ),
              }}
            />
          </p>
        )}
        <p className="text-sm text-muted-foreground">
          <Rich
            catalog={acceptInvitationCatalog}
            k="privacy"
            values={{ church: inv.church.name }}
            components={{
              0: (
                <Link
                  href={`/invite/${encodeURIComponent(token)}/privacy`}
                  className="font-medium text-brand-text hover:underline"
                />
              ),
            }}
          />
        </p>
        {user && (
          <a
            href="/api/logout"
            onClick={(e) => {
              e.preventDefault();
              // Stay on the invitation, to sign in with the invited address.
              signOut(window.location.pathname);
            }}
            className="text-sm font-medium text-brand-text hover:underline"
          >
            {t("notYou")}
          </a>
        )}
      </Card>
    </AuthLayout>
  );
}
