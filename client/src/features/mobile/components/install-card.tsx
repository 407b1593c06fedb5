import { Download, Smartphone } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useT } from "@/lib/i18n";
import { mobileCatalog } from "../i18n";
import { acceptInstallOffer, isStandalone, useInstallOffer } from "../install-offer";

/** Install from the page: the browser's own dialog when it offers one, otherwise how to add the app by hand. */
export function InstallCard() {
  const t = useT(mobileCatalog);
  const { offer, hasInstalled } = useInstallOffer();
  if (isStandalone() || hasInstalled) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("install.title")}</CardTitle>
        <CardDescription>{t("install.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        {offer ? (
          <Button onClick={() => void acceptInstallOffer()}>
            <Download aria-hidden="true" />
            {t("install.action")}
          </Button>
        ) : (
          <p className="flex gap-3 text-sm text-muted-foreground">
            <Smartphone className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>{t("install.manual")}</span>
          </p>
        )}
      </CardContent>
    </Card>
  );
}
