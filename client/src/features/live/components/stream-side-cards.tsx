import type { TLiveStream } from "@common/live";
import { Eye, Lightbulb, Shield } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useFormat, useT } from "@/lib/i18n";
import { useModerators } from "../api";
import { liveCatalog } from "../i18n";

/** Current Viewers: the real count while live (refreshed every 5 s), a dash otherwise. */
export function ViewersCard({ stream }: { stream: TLiveStream | null }) {
  const t = useT(liveCatalog);
  const { number } = useFormat();
  return (
    <div className="rounded-2xl border border-border bg-card p-4 shadow-xs sm:p-5">
      <div className="flex items-start justify-between gap-3">
        <p className="text-sm font-medium text-muted-foreground">{t("viewers.title")}</p>
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-soft text-brand-text">
          <Eye className="size-[18px]" aria-hidden="true" />
        </span>
      </div>
      <p className="mt-1 text-3xl font-bold tracking-tight text-foreground" aria-live="polite">
        {stream ? number(stream.viewerCount) : "—"}
      </p>
      <p className="mt-1 text-xs text-muted-foreground">
        {stream
          ? t("viewers.detail", { peak: number(stream.peakViewers), messages: number(stream.messageCount) })
          : t("viewers.offline")}
      </p>
    </div>
  );
}

const nameOf = (m: { firstName: string | null; lastName: string | null; email: string }) =>
  [m.firstName, m.lastName].filter(Boolean).join(" ") || m.email;

/** Who may delete chat messages besides the admins; chosen before or during a stream. */
export function ModeratorsCard({ onManage }: { onManage: () => void }) {
  const t = useT(liveCatalog);
  const moderators = useModerators(true);
  const list = moderators.data ?? [];
  const names = list.slice(0, 4).map(nameOf).join(", ");
  return (
    <Card aria-labelledby="moderators-title">
      <CardHeader>
        <CardTitle id="moderators-title" className="flex items-center gap-2">
          <Shield className="size-4 text-brand-text" aria-hidden="true" />
          {t("moderators.title")}
        </CardTitle>
        <CardDescription>{t("moderators.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {moderators.isLoading ? (
          <Skeleton className="h-4 w-3/4" />
        ) : (
          <p className="text-sm text-stone-700">
            {list.length === 0
              ? t("moderators.none")
              : list.length > 4
                ? t("moderators.andMore", { names, count: list.length - 4 })
                : names}
          </p>
        )}
        <Button variant="outline" onClick={onManage} className="w-full">
          <Shield aria-hidden="true" />
          {t("moderators.manage")}
        </Button>
      </CardContent>
    </Card>
  );
}

const TIPS = ["tips.early", "tips.links", "tips.moderators", "tips.record", "tips.share"] as const;

/** The static guideline tips (spec 2). */
export function StreamTipsCard() {
  const t = useT(liveCatalog);
  return (
    <Card aria-labelledby="stream-tips-title">
      <CardHeader>
        <CardTitle id="stream-tips-title" className="flex items-center gap-2">
          <Lightbulb className="size-4 text-brand-text" aria-hidden="true" />
          {t("tips.title")}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid list-disc gap-2 ps-5 text-sm text-stone-700 marker:text-stone-400">
          {TIPS.map((tip) => (
            <li key={tip}>{t(tip)}</li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
