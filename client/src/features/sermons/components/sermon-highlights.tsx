import { formatTimestamp } from "@common/highlight-helpers";
import type { THighlight } from "@common/highlights";
import { Highlighter, Users } from "lucide-react";
import { LoadError } from "@/components/load-error";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { toastApiError } from "@/lib/auth-redirect";
import { translator, useT } from "@/lib/i18n";
import { useHighlights, useShareHighlight } from "../api";
import { sermonsCatalog } from "../i18n";
import { HighlightItem } from "./highlight-list";

async function copyHighlight(h: THighlight, sermonTitle: string) {
  const text = `“${h.text}” (${sermonTitle}, ${formatTimestamp(h.timestamp)})${h.note && h.isMine ? `\n${h.note}` : ""}`;
  const t = translator(sermonsCatalog);
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: t("highlights.copied.title"), description: t("highlights.copied.description") });
  } catch {
    toast({
      title: t("highlights.copyFailed.title"),
      description: t("highlights.copyFailed.description"),
      variant: "destructive",
    });
  }
}

/** The member's own highlights and the community's shared ones for one sermon. */
export function SermonHighlights({
  sermonId,
  sermonTitle,
  onSeek,
}: {
  sermonId: string;
  sermonTitle: string;
  onSeek?: (seconds: number) => void;
}) {
  const t = useT(sermonsCatalog);
  const highlights = useHighlights(sermonId);
  const share = useShareHighlight();
  const all = highlights.data ?? [];
  const mine = all.filter((h) => h.isMine).sort((a, b) => a.timestamp - b.timestamp);
  const community = all
    .filter((h) => !h.isMine && h.isShared)
    .sort((a, b) => b.shareCount - a.shareCount || a.timestamp - b.timestamp);

  const onShare = (h: THighlight) =>
    share.mutate(h.id, {
      onSuccess: () => toast({ title: t("highlights.shared.title"), description: t("highlights.shared.description") }),
      onError: (error) => toastApiError(error, { description: t("highlights.shareFailed") }),
    });
  const sharing = (h: THighlight) => share.isPending && share.variables === h.id;

  const loading = (
    <div className="grid gap-3" role="status" aria-label={t("highlights.loading")}>
      <Skeleton className="h-4 w-16" />
      <Skeleton className="h-12" />
    </div>
  );
  const failed = <LoadError what={t("highlights.loadErrorWhat")} onRetry={() => highlights.refetch()} />;
  // Both cards list their highlights the same way.
  const list = (items: THighlight[]) => (
    <ul className="divide-y divide-border">
      {items.map((h) => (
        <HighlightItem
          key={h.id}
          highlight={h}
          onSeek={onSeek}
          onShare={onShare}
          onCopy={(x) => copyHighlight(x, sermonTitle)}
          sharing={sharing(h)}
        />
      ))}
    </ul>
  );

  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Highlighter className="size-4 text-brand-text" aria-hidden="true" />
            {t("highlights.mine.title")}
          </CardTitle>
        </CardHeader>
        <CardContent>
          {highlights.isLoading ? (
            loading
          ) : highlights.isError ? (
            failed
          ) : mine.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("highlights.mine.empty")}</p>
          ) : (
            list(mine)
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Users className="size-4 text-brand-text" aria-hidden="true" />
            {t("highlights.community.title")}
          </CardTitle>
          <CardDescription>{t("highlights.community.description")}</CardDescription>
        </CardHeader>
        <CardContent>
          {highlights.isLoading ? (
            loading
          ) : highlights.isError ? null : community.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("highlights.community.empty")}</p>
          ) : (
            list(community)
          )}
        </CardContent>
      </Card>
    </>
  );
}
