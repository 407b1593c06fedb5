import { LoadError } from "@/components/load-error";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton, skeletonKeys } from "@/components/ui/skeleton";
import { useT } from "@/lib/i18n";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useChurchSettings } from "../api";
import { ChurchSettingsForm } from "../components/church-settings-form";
import { settingsCatalog } from "../i18n";

/** Spec 2 Church settings (`/admin/settings`). */
export function ChurchSettingsPage() {
  const t = useT(settingsCatalog);
  const settings = useChurchSettings();
  useDocumentTitle(t("page.title"));

  return (
    <>
      <PageHeader title={t("page.title")} description={t("page.description")} />
      {settings.isLoading ? (
        <Card className="grid gap-6 p-6" role="status" aria-label={t("page.loading")}>
          {skeletonKeys(5).map((key) => (
            <div key={key} className="grid gap-2">
              <Skeleton className="h-4 w-28" />
              <Skeleton className="h-10" />
            </div>
          ))}
        </Card>
      ) : settings.data ? (
        <>
          <ChurchSettingsForm church={settings.data} />
          <Card className="mt-6">
            <CardHeader>
              <CardTitle>{t("export.title")}</CardTitle>
              <CardDescription>{t("export.description")}</CardDescription>
            </CardHeader>
            <CardContent>
              <Button asChild variant="outline">
                <a href="/api/admin/church-export.zip" download>
                  {t("export.action")}
                </a>
              </Button>
            </CardContent>
          </Card>
        </>
      ) : (
        <LoadError card what={t("page.error")} onRetry={() => settings.refetch()} className="p-8 text-center" />
      )}
    </>
  );
}
