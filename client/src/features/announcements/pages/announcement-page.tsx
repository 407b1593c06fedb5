import { ArrowLeft, SearchX } from "lucide-react";
import { Link } from "wouter";
import { LoadError } from "@/components/load-error";
import { buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { getStatus } from "@/lib/api-client";
import { useCurrentUser } from "@/lib/current-user";
import { useFormat, useT } from "@/lib/i18n";
import { safeTimeZone } from "@/lib/time-zone";
import { useDocumentTitle } from "@/lib/use-document-title";
import { isAnnouncementId, useAnnouncement } from "../api";
import { AnnouncementLink } from "../components/announcement-link";
import { AnnouncementStats } from "../components/announcement-stats";
import { EditActions } from "../components/edit-actions";
import { StatusBadge, UrgentBadge } from "../components/status-badge";
import { WHEN_FORMAT } from "../format";
import { announcementsCatalog } from "../i18n";
import { useAudienceText } from "../use-audience";

function Back() {
  const t = useT(announcementsCatalog);
  return (
    <Link href="/announcements" className="mb-4 inline-flex items-center gap-1.5 text-sm font-medium text-brand-text">
      <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" />
      {t("detail.back")}
    </Link>
  );
}

function NotFound() {
  const t = useT(announcementsCatalog);
  useDocumentTitle(t("detail.notFound.title"));
  return (
    <Card className="mx-auto flex max-w-md flex-col items-center gap-3 px-6 py-12 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-brand-soft text-brand-text">
        <SearchX className="size-6" aria-hidden="true" />
      </span>
      <h1 className="text-2xl font-bold tracking-tight">{t("detail.notFound.title")}</h1>
      <p className="text-muted-foreground">{t("detail.notFound.description")}</p>
      <Link href="/announcements" className={buttonClasses({ variant: "outline", className: "mt-2" })}>
        <ArrowLeft className="rtl:-scale-x-100" aria-hidden="true" />
        {t("detail.back")}
      </Link>
    </Card>
  );
}

/**
 * Issue 29, `/announcements/:id` (where its notification in the bell leads): the announcement whole.
 * Opening it marks it read on the server. Its author and the admins also see how it went, and may
 * edit or cancel it before it is sent.
 */
export function AnnouncementPage({ id }: { id: string }) {
  const t = useT(announcementsCatalog);
  const format = useFormat();
  const user = useCurrentUser();
  const audienceText = useAudienceText();
  const query = useAnnouncement(id);
  const a = query.data;
  useDocumentTitle(a?.title ?? t("page.title"));

  if (!isAnnouncementId(id) || (query.isError && getStatus(query.error) === 404)) return <NotFound />;
  if (query.isLoading || (!a && !query.isError))
    return (
      <div className="mx-auto max-w-3xl">
        <Back />
        <div className="grid gap-4" role="status" aria-label={t("detail.loading")}>
          <Skeleton className="h-5 w-24 rounded-full" />
          <Skeleton className="h-9 w-3/4" />
          <Skeleton className="h-40 w-full rounded-2xl" />
        </div>
      </div>
    );
  if (query.isError || !a)
    return (
      <div className="mx-auto max-w-3xl">
        <Back />
        <LoadError card what={t("detail.loadError")} onRetry={() => query.refetch()} className="p-8 text-center" />
      </div>
    );

  const timeZone = safeTimeZone(user.church.timeZone);
  const when = a.sentAt ?? a.sendAt;
  return (
    <div className="mx-auto max-w-3xl">
      <Back />
      <article className="grid gap-5" aria-labelledby="announcement-title">
        <header className="grid gap-3">
          <div className="flex flex-wrap items-center gap-2">
            {a.urgent && <UrgentBadge />}
            {a.status !== "sent" && <StatusBadge status={a.status} />}
            {when && (
              <time dateTime={when} className="text-sm text-muted-foreground">
                {a.status === "sent"
                  ? t("item.sent", { when: format.date(when, { ...WHEN_FORMAT, timeZone }) })
                  : t("admin.scheduledFor", { when: format.date(when, { ...WHEN_FORMAT, timeZone }) })}
              </time>
            )}
          </div>
          <h1 id="announcement-title" className="text-2xl font-bold tracking-tight break-words sm:text-3xl">
            {a.title}
          </h1>
          <p className="text-sm text-muted-foreground">
            {a.author && `${t("item.from", { name: a.author.name })} · `}
            {t("audience.to", { audience: audienceText(a) })}
          </p>
        </header>
        <Card className="p-5 sm:p-6">
          <p className="text-base leading-relaxed whitespace-pre-line break-words text-foreground">{a.message}</p>
          {a.link && (
            <div className="mt-5">
              <AnnouncementLink link={a.link} className="max-w-full" />
            </div>
          )}
        </Card>
        {a.recipients !== null && a.status === "sent" && <AnnouncementStats announcement={a} />}
        {a.canEdit && (a.status === "draft" || a.status === "scheduled") && <EditActions announcement={a} />}
      </article>
    </div>
  );
}
