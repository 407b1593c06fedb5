import type { TAnnouncement } from "@common/announcements";
import { Link } from "wouter";
import { useFormat, useT } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { announcementsCatalog } from "../i18n";
import { AnnouncementLink } from "./announcement-link";
import { StatusBadge, UrgentBadge } from "./status-badge";

/**
 * One announcement in a member's list: its title opens its page, urgent ones are marked, unread
 * ones say New; the message in short and the link as a button.
 */
export function AnnouncementCard({ announcement: a, now }: { announcement: TAnnouncement; now: Date }) {
  const t = useT(announcementsCatalog);
  const format = useFormat();
  const when = a.sentAt ?? a.sendAt ?? a.createdAt;
  const isUnread = a.status === "sent" && !a.isRead;
  const titleId = `announcement-${a.id}`;
  return (
    <li>
      <article
        aria-labelledby={titleId}
        className={cn(
          "grid gap-3 rounded-2xl border bg-card p-5 shadow-xs",
          a.urgent ? "border-red-200 border-s-4 border-s-red-600" : "border-border",
          isUnread && !a.urgent && "border-s-4 border-s-[var(--brand)]",
        )}
      >
        <div className="flex flex-wrap items-center gap-2">
          {a.urgent && <UrgentBadge />}
          {isUnread && (
            <span className="rounded-full bg-brand-soft px-2.5 py-0.5 text-xs font-medium text-brand-text">
              {t("item.new")}
            </span>
          )}
          {a.status !== "sent" && <StatusBadge status={a.status} />}
          <time dateTime={when} className="text-xs text-muted-foreground">
            {format.relative(when, now)}
          </time>
        </div>
        <h2 id={titleId} className={cn("text-lg tracking-tight break-words", isUnread ? "font-bold" : "font-semibold")}>
          <Link
            href={`/announcements/${a.id}`}
            className="rounded-sm text-foreground hover:text-brand-text hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--brand)]"
          >
            {a.title}
          </Link>
        </h2>
        <p className="line-clamp-3 text-sm whitespace-pre-line break-words text-muted-foreground">{a.message}</p>
        <div className="flex flex-wrap items-center justify-between gap-2">
          {a.author ? (
            <p className="text-xs text-muted-foreground">{t("item.from", { name: a.author.name })}</p>
          ) : (
            <span />
          )}
          {a.link && <AnnouncementLink link={a.link} className="max-w-full" />}
        </div>
      </article>
    </li>
  );
}
