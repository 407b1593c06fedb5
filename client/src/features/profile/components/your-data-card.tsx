import { MEMBER_EXPORT_URL } from "@common/member-data-helpers";
import { useQueryClient } from "@tanstack/react-query";
import { Download } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useOptionalCurrentUser } from "@/lib/current-user";
import { useFormat, useT } from "@/lib/i18n";
import { safeTimeZone } from "@/lib/time-zone";
import { useNow } from "@/lib/use-now";
import { MEMBER_EXPORT_STATUS_KEY, useMemberExportStatus } from "../api";
import { profileCatalog } from "../i18n";

/**
 * When the status is asked again after a click (ms): the server records the download as it starts
 * the archive, so the first ask usually sees it; the second covers a slow start.
 */
export const STATUS_REFETCH_DELAYS = [1500, 5000];

/**
 * "Your data" (issue 28): everything the app keeps about the member, downloaded as one ZIP. A plain
 * link, as the church export's: the browser streams the archive to disk instead of holding it in
 * memory. The server allows one a day (the church's day): `GET /api/user/export` says when the next
 * is allowed, and until then the button is disabled and says from when, so a second click never
 * ends as a failed download (429). While the status loads, or if it fails, the link is offered.
 */
export function YourDataCard() {
  const t = useT(profileCatalog);
  const format = useFormat();
  const user = useOptionalCurrentUser();
  const queryClient = useQueryClient();
  const status = useMemberExportStatus();
  const now = useNow();
  const againId = useId();
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const next = status.data?.nextAvailableAt ?? null;
  const isLimited = next !== null && new Date(next).getTime() > now.getTime();

  const refetchSoon = () => {
    timers.current.forEach(clearTimeout);
    timers.current = STATUS_REFETCH_DELAYS.map((ms) =>
      setTimeout(() => {
        if (queryClient.getQueryData<{ nextAvailableAt: string | null }>(MEMBER_EXPORT_STATUS_KEY)?.nextAvailableAt)
          return;
        void queryClient.invalidateQueries({ queryKey: MEMBER_EXPORT_STATUS_KEY });
      }, ms),
    );
  };

  const at = next
    ? format.date(next, {
        timeZone: safeTimeZone(user?.church.timeZone),
        weekday: "long",
        month: "long",
        day: "numeric",
        hour: "numeric",
        minute: "2-digit",
        timeZoneName: "short",
      })
    : "";

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("data.title")}</CardTitle>
        <CardDescription>{t("data.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {isLimited ? (
          <Button variant="outline" className="justify-self-start" disabled aria-describedby={againId}>
            <Download className="me-2 h-4 w-4" aria-hidden />
            {t("data.action")}
          </Button>
        ) : (
          <Button asChild variant="outline" className="justify-self-start">
            <a href={MEMBER_EXPORT_URL} download onClick={refetchSoon}>
              <Download className="me-2 h-4 w-4" aria-hidden />
              {t("data.action")}
            </a>
          </Button>
        )}
        <p id={againId} className="text-sm text-muted-foreground">
          {isLimited ? t("data.again", { at }) : t("data.limit")}
        </p>
      </CardContent>
    </Card>
  );
}
