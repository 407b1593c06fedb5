import { CalendarDays, Copy, Podcast } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { type TTranslate, useT } from "@/lib/i18n";
import { useFeeds } from "../api";
import { shareFeedsCatalog } from "../i18n";

/** Each feed's words are the keys `<kind>.label`, `<kind>.description`, `<kind>.copied`, `<kind>.copyLabel`. */
const FEEDS = {
  podcast: { icon: Podcast },
  calendar: { icon: CalendarDays },
} as const;

async function copyFeed(url: string, copied: string, t: TTranslate<typeof shareFeedsCatalog.en>) {
  try {
    await navigator.clipboard.writeText(url);
    toast({ title: t("toast.copiedTitle"), description: copied });
  } catch {
    toast({
      title: t("toast.failedTitle"),
      description: t("toast.failedDescription"),
      variant: "destructive",
    });
  }
}

/** The church's public feed address (podcast on Manage Sermons, calendar on Manage Events). */
export function ShareFeedsCard({ kind }: { kind: keyof typeof FEEDS }) {
  const t = useT(shareFeedsCatalog);
  const feeds = useFeeds();
  const { icon: Icon } = FEEDS[kind];
  const label = t(`${kind}.label`);
  const description = t(`${kind}.description`);
  const copied = t(`${kind}.copied`);
  const url = kind === "podcast" ? feeds.data?.podcastUrl : feeds.data?.calendarUrl;
  const id = `feed-${kind}`;
  if (feeds.isError) return null;
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Icon className="size-4 text-brand-text" aria-hidden="true" />
          {t("title")}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-1.5">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        {url ? (
          <div className="flex gap-2">
            <Input id={id} readOnly value={url} onFocus={(e) => e.currentTarget.select()} className="font-mono" />
            <Button variant="outline" onClick={() => copyFeed(url, copied, t)} aria-label={t(`${kind}.copyLabel`)}>
              <Copy aria-hidden="true" />
              <span className="hidden sm:inline">{t("copy")}</span>
            </Button>
          </div>
        ) : (
          <Skeleton className="h-10" />
        )}
      </CardContent>
    </Card>
  );
}
