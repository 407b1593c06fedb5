import { Download, Smartphone } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { acceptInstallOffer, isStandalone, useInstallOffer } from "../install-offer";

/** Install from the page: the browser's own dialog when it offers one, otherwise how to add the app by hand. */
export function InstallCard() {
  const { offer, hasInstalled } = useInstallOffer();
  if (isStandalone() || hasInstalled) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Install the App</CardTitle>
        <CardDescription>Keep your church one tap away on your home screen.</CardDescription>
      </CardHeader>
      <CardContent>
        {offer ? (
          <Button onClick={() => void acceptInstallOffer()}>
            <Download aria-hidden="true" />
            Install
          </Button>
        ) : (
          <p className="flex gap-3 text-sm text-muted-foreground">
            <Smartphone className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>
              On iPhone and iPad, tap Share, then Add to Home Screen. On Android and desktop, use Install app in your
              browser's menu.
            </span>
          </p>
        )}
      </CardContent>
    </Card>
  );
}
