import { LoadError } from "@/components/load-error";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton, skeletonKeys } from "@/components/ui/skeleton";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useChurchSettings } from "../api";
import { ChurchSettingsForm } from "../components/church-settings-form";

const TITLE = "Church Settings";
const DESCRIPTION = "Your church's identity, contact details and branding.";

/** Spec 2 Church settings (`/admin/settings`). */
export function ChurchSettingsPage() {
  const settings = useChurchSettings();
  useDocumentTitle(TITLE);

  return (
    <>
      <PageHeader title={TITLE} description={DESCRIPTION} />
      {settings.isLoading ? (
        <Card className="grid gap-6 p-6" role="status" aria-label="Loading church settings">
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
              <CardTitle>Your church's data</CardTitle>
              <CardDescription>
                Members, sermons, events, points, prayer and every other record as CSV files in one ZIP, without
                passwords or keys.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <Button asChild variant="outline">
                <a href="/api/admin/church-export.zip" download>
                  Export church data
                </a>
              </Button>
            </CardContent>
          </Card>
        </>
      ) : (
        <LoadError card what="Church settings" onRetry={() => settings.refetch()} className="p-8 text-center" />
      )}
    </>
  );
}
