import { ArrowLeft, BellOff } from "lucide-react";
import { Link } from "wouter";
import { LoadError } from "@/components/load-error";
import { PageHeader } from "@/components/page-header";
import { buttonClasses } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton, skeletonKeys } from "@/components/ui/skeleton";
import { useCurrentUser } from "@/lib/current-user";
import { Rich, useT } from "@/lib/i18n";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useChannels, useUpdateChannels } from "../channels-api";
import { ChannelChoices } from "../components/channel-choices";
import { DigestSwitch, QuietHoursFields } from "../components/quiet-hours-fields";
import { useDevicePush } from "../device-push";
import { notificationsCatalog } from "../i18n";

/** When this browser receives no push: the push switches reach the member's other devices only. */
function DevicePushNote() {
  const devicePush = useDevicePush();
  if (devicePush.data !== false) return null;
  return (
    <p role="note" className="flex items-start gap-2 rounded-xl bg-muted p-3 text-sm text-foreground">
      <BellOff className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <span>
        <Rich
          catalog={notificationsCatalog}
          k="channels.devicePushOff"
          components={{ 0: <Link href="/mobile-settings" className="font-medium text-brand-text underline" /> }}
        />
      </span>
    </p>
  );
}

/**
 * Issue 29 `/notifications/settings`: how each kind of notification reaches the member (in the app
 * always, push, e-mail), their quiet hours and the weekly digest; each change is saved at once.
 */
export function NotificationChannelsPage() {
  const t = useT(notificationsCatalog);
  useDocumentTitle(t("channels.title"));
  const user = useCurrentUser();
  const channels = useChannels();
  const update = useUpdateChannels();
  const data = channels.data;
  return (
    <>
      <PageHeader
        title={t("channels.title")}
        description={t("channels.description")}
        actions={
          <Link href="/notifications" className={buttonClasses({ variant: "outline" })}>
            <ArrowLeft className="rtl:-scale-x-100" aria-hidden="true" />
            {t("channels.back")}
          </Link>
        }
      />
      {channels.isLoading ? (
        <Card className="grid gap-4 p-6" role="status" aria-label={t("channels.loading")}>
          {skeletonKeys(7).map((key) => (
            <Skeleton key={key} className="h-12 w-full" />
          ))}
        </Card>
      ) : !data ? (
        <LoadError card what={t("channels.error")} onRetry={() => channels.refetch()} className="p-8 text-center" />
      ) : (
        <div className="grid gap-6">
          <Card>
            <CardHeader>
              <CardTitle>{t("channels.kindsTitle")}</CardTitle>
              <CardDescription>{t("channels.kindsDescription")}</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-4">
              <DevicePushNote />
              <ChannelChoices channels={data} onChange={(body) => update.mutate(body)} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>{t("quiet.title")}</CardTitle>
              <CardDescription>{t("quiet.description")}</CardDescription>
            </CardHeader>
            <CardContent>
              <QuietHoursFields
                quietHours={data.quietHours}
                timeZone={user.church.timeZone}
                onChange={(body) => update.mutate(body)}
              />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>{t("digest.title")}</CardTitle>
            </CardHeader>
            <CardContent>
              <DigestSwitch digest={data.digest} onChange={(body) => update.mutate(body)} />
            </CardContent>
          </Card>
        </div>
      )}
    </>
  );
}
