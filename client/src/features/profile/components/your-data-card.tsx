import { MEMBER_EXPORT_URL } from "@common/member-data";
import { Download } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useT } from "@/lib/i18n";
import { profileCatalog } from "../i18n";

/**
 * "Your data" (issue 28): everything the app keeps about the member, downloaded as one ZIP. A plain
 * link, as the church export's: the browser streams the archive to disk instead of holding it in
 * memory. The server allows one a day; the card says so before the member asks.
 */
export function YourDataCard() {
  const t = useT(profileCatalog);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("data.title")}</CardTitle>
        <CardDescription>{t("data.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <Button asChild variant="outline" className="justify-self-start">
          <a href={MEMBER_EXPORT_URL} download>
            <Download className="me-2 h-4 w-4" aria-hidden />
            {t("data.action")}
          </a>
        </Button>
        <p className="text-sm text-muted-foreground">{t("data.limit")}</p>
      </CardContent>
    </Card>
  );
}
