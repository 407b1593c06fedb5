import type { TAnnouncement } from "@common/announcements";
import { useFormat, useT } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { announcementsCatalog } from "../i18n";

/** How a sent announcement went: recipients, opened in the app, e-mails sent, e-mails opened. */
export function AnnouncementStats({ announcement: a, compact }: { announcement: TAnnouncement; compact?: boolean }) {
  const t = useT(announcementsCatalog);
  const format = useFormat();
  const figures: Array<[string, number | null]> = [
    [t("admin.stats.recipients"), a.recipients],
    [t("admin.stats.opened"), a.opened],
    [t("admin.stats.emailed"), a.emailed],
    [t("admin.stats.emailOpened"), a.emailOpened],
  ];
  return (
    <dl
      aria-label={t("admin.stats")}
      className={cn("grid grid-cols-2 gap-2 sm:grid-cols-4", compact ? "text-xs" : "text-sm")}
    >
      {figures.map(([label, value]) => (
        <div key={label} className="rounded-lg border border-border bg-muted/40 px-3 py-2">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className={cn("font-semibold text-foreground tabular-nums", compact ? "text-base" : "text-xl")}>
            {format.number(value ?? 0)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
