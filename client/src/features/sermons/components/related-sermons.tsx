import { ChevronRight } from "lucide-react";
import { Link } from "wouter";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { useT } from "@/lib/i18n";
import { useRelatedSermons } from "../api";
import { useSermonFormat } from "../format";
import { sermonsCatalog } from "../i18n";
import { SermonThumbnail } from "./sermon-thumbnail";

/** Up to 4 related sermons (same series, then same speaker or topics); hidden when there are none. */
export function RelatedSermons({ sermonId }: { sermonId: string }) {
  const t = useT(sermonsCatalog);
  const format = useSermonFormat();
  const related = useRelatedSermons(sermonId);
  const list = related.data ?? [];
  if (list.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("related.title")}</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2">
          {list.map((s) => (
            <li key={s.id}>
              <Link
                href={`/sermons/${encodeURIComponent(s.id)}`}
                className="flex items-center gap-3 rounded-xl border border-border p-3 transition-colors hover:border-brand-border hover:bg-brand-soft"
              >
                <SermonThumbnail sermon={s} compact className="w-20 shrink-0 rounded-lg" />
                <span className="grid min-w-0 flex-1 grid-cols-1 gap-0.5">
                  <span className="line-clamp-2 text-sm font-medium text-foreground">{s.title}</span>
                  <span className="text-xs text-muted-foreground">
                    {[s.speaker, format.shortDate(s.date), format.duration(s.duration)].filter(Boolean).join(" · ")}
                  </span>
                  {s.series && <span className="truncate text-xs text-brand-text">{s.series}</span>}
                </span>
                <ChevronRight className="rtl:-scale-x-100 size-4 shrink-0 text-stone-400" aria-hidden="true" />
              </Link>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
