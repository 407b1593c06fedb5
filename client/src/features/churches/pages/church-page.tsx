import { ExternalLink, Info } from "lucide-react";
import { ChurchIdentity } from "@/components/church-identity";
import { EmptyState } from "@/components/empty-state";
import { LoadError } from "@/components/load-error";
import { PageHeader } from "@/components/page-header";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton, skeletonKeys } from "@/components/ui/skeleton";
import { useCurrentUser } from "@/lib/current-user";
import { useT } from "@/lib/i18n";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useChurchProfile } from "../api";
import { ChurchContact, hasContact } from "../components/church-contact";
import { churchesCatalog } from "../i18n";

/** `/church`: the member's church, with the contact details Church Settings says are shown to members. */
export function ChurchPage() {
  const t = useT(churchesCatalog);
  const user = useCurrentUser();
  const church = useChurchProfile();
  const isAdmin = user.role === "ADMIN" || user.role === "SUPER_ADMIN";
  useDocumentTitle(user.church.name);
  const data = church.data;

  return (
    <>
      <PageHeader title={t("page.title")} description={t("page.description")} />
      {church.isLoading ? (
        <Card className="grid gap-4 p-6" role="status" aria-label={t("page.loading")}>
          <Skeleton className="h-14 w-64 max-w-full" />
          {skeletonKeys(3).map((k) => (
            <Skeleton key={k} className="h-10" />
          ))}
        </Card>
      ) : data ? (
        <Card>
          <CardHeader className="flex flex-row items-center gap-4">
            <ChurchIdentity name={data.name} logoUrl={data.logoUrl} className="size-16 shrink-0 text-3xl" />
            <CardTitle className="min-w-0 text-xl break-words sm:text-2xl">{data.name}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-6">
            {hasContact(data) ? (
              <ChurchContact church={data} />
            ) : (
              <EmptyState
                icon={Info}
                title={t("page.noContact")}
                description={isAdmin ? t("page.noContact.admin") : t("page.noContact.member")}
                className="py-6"
              />
            )}
            {data.publicPagePath && (
              <p className="text-sm text-muted-foreground">
                {t("page.publicPage")}{" "}
                <a
                  href={data.publicPagePath}
                  target="_blank"
                  rel="noreferrer"
                  className="inline-flex items-center gap-1 font-medium break-all text-brand-text underline-offset-4 hover:underline"
                >
                  {window.location.host}
                  {data.publicPagePath}
                  <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
                  <span className="sr-only">{t("newTab")}</span>
                </a>
              </p>
            )}
          </CardContent>
        </Card>
      ) : (
        <LoadError card what={t("page.loadError")} onRetry={() => church.refetch()} className="p-8 text-center" />
      )}
    </>
  );
}
