import { formatTimestamp } from "@common/highlight-helpers";
import type { THighlight } from "@common/highlights";
import { Copy, Play, Share2 } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useFormat, useT } from "@/lib/i18n";
import { sermonsCatalog } from "../i18n";

export function HighlightItem({
  highlight: h,
  onSeek,
  onShare,
  onCopy,
  sharing,
}: {
  highlight: THighlight;
  onSeek?: (seconds: number) => void;
  onShare: (h: THighlight) => void;
  onCopy?: (h: THighlight) => void;
  sharing: boolean;
}) {
  const t = useT(sermonsCatalog);
  const format = useFormat();
  const time = formatTimestamp(h.timestamp);
  return (
    <li className="grid grid-cols-1 gap-2 py-4 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-center gap-2">
        {onSeek ? (
          <button
            type="button"
            onClick={() => onSeek(h.timestamp)}
            aria-label={t("highlight.playFrom", { time })}
            className="inline-flex items-center gap-1 rounded-md bg-brand-soft px-2 py-0.5 font-mono text-xs font-semibold text-brand-text hover:bg-brand-border/60"
          >
            <Play className="size-3 fill-current" aria-hidden="true" />
            {time}
          </button>
        ) : (
          <span className="rounded-md bg-brand-soft px-2 py-0.5 font-mono text-xs font-semibold text-brand-text">
            {time}
          </span>
        )}
        {!h.isMine && <span className="min-w-0 truncate text-sm font-medium text-foreground">{h.userName}</span>}
        {h.isShared && (
          <Badge tone="green">
            <Share2 className="size-3" aria-hidden="true" />
            {h.isMine ? (
              <>
                <span aria-hidden="true">{t("highlight.sharedCount", { count: format.number(h.shareCount) })}</span>
                <span className="sr-only">{t("highlight.sharedShares", { count: h.shareCount })}</span>
              </>
            ) : (
              t("highlight.shares", { count: h.shareCount })
            )}
          </Badge>
        )}
      </div>
      <blockquote className="border-s-4 border-amber-400 ps-3 text-sm leading-6 text-stone-800">{h.text}</blockquote>
      {h.note && (
        <p className="text-sm text-muted-foreground">
          <span className="font-medium text-foreground">{t("highlight.note")} </span>
          {h.note}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {(!h.isMine || !h.isShared) && (
          <Button variant="outline" size="sm" onClick={() => onShare(h)} disabled={sharing}>
            <Share2 aria-hidden="true" />
            {t("highlight.share")}
          </Button>
        )}
        {onCopy && (
          <Button variant="ghost" size="sm" onClick={() => onCopy(h)}>
            <Copy aria-hidden="true" />
            {t("highlight.copy")}
          </Button>
        )}
      </div>
    </li>
  );
}
