import { BellOff, BellRing, Send } from "lucide-react";
import { Link } from "wouter";
import { LoadError } from "@/components/load-error";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton, skeletonKeys } from "@/components/ui/skeleton";
import { Rich, useT } from "@/lib/i18n";
import { useDisablePush, useEnablePush, usePushPanel, useSendTestPush } from "../api";
import { mobileCatalog } from "../i18n";

/**
 * Issue 29: what reaches the member by push (and by e-mail) is chosen per kind on the channels page;
 * this panel only turns push on or off for this device.
 */
function ChannelsLink() {
  return (
    <p className="text-sm text-muted-foreground">
      <Rich
        catalog={mobileCatalog}
        k="push.channels"
        components={{ 0: <Link href="/notifications/settings" className="font-medium text-brand-text underline" /> }}
      />
    </p>
  );
}

function Unsupported() {
  const t = useT(mobileCatalog);
  return (
    <div className="grid gap-2 rounded-xl bg-muted p-4 text-sm">
      <p className="font-medium text-foreground">{t("push.unsupported.title")}</p>
      <p className="text-muted-foreground">{t("push.unsupported.text")}</p>
    </div>
  );
}

/**
 * Spec 2 Mobile app settings, §4 and §8: the push panel. Unsupported, not enabled (Enable asks
 * permission, subscribes and tells the server) or enabled (Disable, Send Test). Spec 2 §7's five
 * switches are gone (issue 29): the member's channels decide each kind's push, on their own page.
 */
export function PushPanel() {
  const t = useT(mobileCatalog);
  const { state, server, isBlocked } = usePushPanel();
  const enable = useEnablePush();
  const disable = useDisablePush();
  const sendTest = useSendTestPush();
  const isEnabled = state === "enabled";
  const isBusy = enable.isPending || disable.isPending;

  return (
    <Card>
      <CardHeader className="sm:flex-row sm:items-start sm:justify-between sm:gap-4">
        <div className="grid gap-1">
          <CardTitle>{t("push.title")}</CardTitle>
          <CardDescription>{t("push.description")}</CardDescription>
        </div>
        {state === "enabled" && (
          <Badge tone="green" className="self-start">
            {t("push.enabled")}
          </Badge>
        )}
        {state === "not-enabled" && (
          <Badge tone="grey" className="self-start">
            {t("push.notEnabled")}
          </Badge>
        )}
      </CardHeader>
      <CardContent className="grid gap-5">
        {state === "unsupported" ? (
          <Unsupported />
        ) : state === "loading" ? (
          <div className="grid gap-3" role="status" aria-label={t("push.loading")}>
            {skeletonKeys(4).map((key) => (
              <Skeleton key={key} className="h-8 w-full" />
            ))}
          </div>
        ) : server.isError || !server.data ? (
          <LoadError what={t("push.loadWhat")} onRetry={() => server.refetch()} />
        ) : (
          <>
            {isBlocked && !isEnabled && (
              <p role="note" className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900">
                {t("push.blocked")}
              </p>
            )}
            <div className="flex flex-wrap gap-2">
              {isEnabled ? (
                <>
                  <Button variant="outline" onClick={() => disable.mutate()} disabled={isBusy}>
                    <BellOff aria-hidden="true" />
                    {disable.isPending ? t("push.disabling") : t("push.disable")}
                  </Button>
                  <Button variant="secondary" onClick={() => sendTest.mutate()} disabled={sendTest.isPending}>
                    <Send aria-hidden="true" />
                    {sendTest.isPending ? t("push.sending") : t("push.sendTest")}
                  </Button>
                </>
              ) : (
                <Button onClick={() => enable.mutate({ publicKey: server.data.publicKey })} disabled={isBusy}>
                  <BellRing aria-hidden="true" />
                  {enable.isPending ? t("push.enabling") : t("push.enable")}
                </Button>
              )}
            </div>
            <ChannelsLink />
          </>
        )}
      </CardContent>
    </Card>
  );
}
