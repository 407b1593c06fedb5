import { ArrowLeft } from "lucide-react";
import { Link, useParams } from "wouter";
import { LoadError } from "@/components/load-error";
import { PageHeader } from "@/components/page-header";
import { PublicFrame } from "@/components/public-frame";
import { Card } from "@/components/ui/card";
import { Skeleton, skeletonKeys } from "@/components/ui/skeleton";
import { useAuth } from "@/lib/current-user";
import { useT } from "@/lib/i18n";
import { useChurchBrand } from "@/lib/use-church-brand";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useChurchPrivacy, useInvitationPrivacy } from "../api";
import { PrivacyContent } from "../components/privacy-content";
import { privacyCatalog } from "../i18n";

function PrivacySkeleton() {
  const t = useT(privacyCatalog);
  return (
    <div className="grid gap-4 lg:grid-cols-2" role="status" aria-label={t("loading")}>
      {skeletonKeys(2).map((k) => (
        <Card key={k} className="grid gap-4 p-6">
          <Skeleton className="h-6 w-48 max-w-full" />
          {skeletonKeys(4).map((line) => (
            <Skeleton key={line} className="h-8" />
          ))}
        </Card>
      ))}
    </div>
  );
}

/** `/privacy` (issue 28): the member's church, how to reach it, what is kept and for how long. */
export function PrivacyPage() {
  const t = useT(privacyCatalog);
  const privacy = useChurchPrivacy();
  const data = privacy.data;
  useDocumentTitle(t("title"));
  return (
    <>
      <PageHeader title={t("title")} description={data && t("description", { church: data.church.name })} />
      {privacy.isLoading ? (
        <PrivacySkeleton />
      ) : data ? (
        <PrivacyContent privacy={data} isMember />
      ) : (
        <LoadError card what={t("loadError")} onRetry={() => privacy.refetch()} className="p-8 text-center" />
      )}
    </>
  );
}

/**
 * `/invite/{token}/privacy`: the privacy page of the church an invitation leads to, for the person
 * reading the invitation before they sign up (signed out; in the church's colour).
 */
export function InvitationPrivacyPage() {
  const t = useT(privacyCatalog);
  const { token = "" } = useParams<{ token: string }>();
  const { user } = useAuth();
  const privacy = useInvitationPrivacy(token);
  const data = privacy.data;
  useChurchBrand(data?.church.brandColor, user?.church?.brandColor);
  useDocumentTitle(data ? t("invitation.title", { church: data.church.name }) : t("title"));
  return (
    <PublicFrame>
      <Link
        href={`/invite/${encodeURIComponent(token)}`}
        className="mb-4 inline-flex items-center gap-1.5 text-sm font-medium text-brand-text hover:underline"
      >
        <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" />
        {t("invitation.back")}
      </Link>
      <PageHeader title={t("title")} description={data && t("description", { church: data.church.name })} />
      {privacy.isLoading ? (
        <PrivacySkeleton />
      ) : data ? (
        <PrivacyContent privacy={data} isMember={false} />
      ) : (
        <Card className="p-8 text-center text-sm text-muted-foreground">{t("invitation.invalid")}</Card>
      )}
    </PublicFrame>
  );
}

/** Both addresses from one lazily loaded module (routes.tsx): `/privacy`, or an invitation's with its token. */
export function PrivacyRoute() {
  const { token } = useParams<{ token?: string }>();
  return token ? <InvitationPrivacyPage /> : <PrivacyPage />;
}
