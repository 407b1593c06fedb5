import type { TPublicChurchPage, TPublicEvent } from "@common/public-church";
import { BookOpen, CalendarDays, Clock, MapPin, MessageSquarePlus } from "lucide-react";
import { type ReactNode, useEffect } from "react";
import { Link } from "wouter";
import { ChurchIdentity } from "@/components/church-identity";
import { EmptyState } from "@/components/empty-state";
import { LoadError } from "@/components/load-error";
import { buttonClasses } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton, skeletonKeys } from "@/components/ui/skeleton";
import { getStatus } from "@/lib/api-client";
import { applyBrandTheme } from "@/lib/brand-theme";
import { useAuth } from "@/lib/current-user";
import { dateFormat, useT } from "@/lib/i18n";
import { safeTimeZone } from "@/lib/time-zone";
import { useDocumentTitle } from "@/lib/use-document-title";
import { usePublicChurchPage } from "../api";
import { ChurchContact, hasContact } from "../components/church-contact";
import { InvitationRequestForm } from "../components/invitation-request-form";
import { publicChurchCatalog } from "../public-i18n";

/** An event's day and time in the church's own zone, with the zone's short name ("Sun, Dec 6, 10:00 AM CST"). */
function formatEventTime(iso: string, timeZone: string): string {
  return dateFormat({
    timeZone: safeTimeZone(timeZone),
    weekday: "short",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  }).format(new Date(iso));
}

/** A sermon's calendar date (YYYY-MM-DD) in words, as it was entered (no zone shift). */
function formatSermonDate(date: string): string {
  return dateFormat({ timeZone: "UTC", month: "long", day: "numeric", year: "numeric" }).format(
    new Date(`${date}T12:00:00Z`),
  );
}

function Section({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          {icon}
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** Events, or services with `when` ("Sundays at 10:00 AM"); a repeating event's occurrences are items of their own. */
function EventList({ events, timeZone }: { events: (TPublicEvent & { when?: string })[]; timeZone: string }) {
  return (
    <ul className="grid gap-3">
      {events.map((e) => (
        <li key={`${e.id}|${e.startTime}`} className="rounded-lg border border-border p-3">
          <p className="font-medium break-words text-foreground">{e.title}</p>
          <p className="mt-1 flex items-center gap-1.5 text-sm text-muted-foreground">
            <Clock className="size-3.5 shrink-0" aria-hidden="true" />
            {e.when ? (
              <span>{e.when}</span>
            ) : (
              <time dateTime={e.startTime}>{formatEventTime(e.startTime, timeZone)}</time>
            )}
          </p>
          <p className="mt-0.5 flex items-center gap-1.5 text-sm break-words text-muted-foreground">
            <MapPin className="size-3.5 shrink-0" aria-hidden="true" />
            {e.location}
          </p>
        </li>
      ))}
    </ul>
  );
}

function PageFrame({ church, children }: { church?: TPublicChurchPage["church"]; children: ReactNode }) {
  const t = useT(publicChurchCatalog);
  const { user } = useAuth();
  return (
    <div className="min-h-dvh bg-gradient-to-b from-brand-soft via-background to-background">
      <header className="border-b border-border bg-card/90">
        <div className="mx-auto flex max-w-5xl items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <span className="flex min-w-0 items-center gap-2.5">
            {church && (
              <ChurchIdentity name={church.name} logoUrl={church.logoUrl} className="size-9! rounded-lg text-base!" />
            )}
            <span className="min-w-0 font-semibold leading-tight break-words">{church?.name}</span>
          </span>
          {user ? (
            <Link href="/" className={buttonClasses({ variant: "ghost" })}>
              {t("header.open")}
            </Link>
          ) : (
            <a href="/api/login" className={buttonClasses({ variant: "ghost" })}>
              {t("header.signIn")}
            </a>
          )}
        </div>
      </header>
      <main
        id="main-content"
        tabIndex={-1}
        className="mx-auto w-full max-w-5xl px-4 py-6 outline-none sm:px-6 lg:py-10"
      >
        {children}
      </main>
      <footer className="px-4 pb-8 text-center text-xs text-muted-foreground">{t("footer")}</footer>
    </div>
  );
}

function PageSkeleton() {
  const t = useT(publicChurchCatalog);
  return (
    <div role="status" aria-label={t("loading")} className="grid gap-6">
      <Skeleton className="h-28" />
      <div className="grid gap-6 md:grid-cols-5">
        <div className="grid gap-6 md:col-span-3">
          {skeletonKeys(2).map((k) => (
            <Skeleton key={k} className="h-48" />
          ))}
        </div>
        <Skeleton className="h-72 md:col-span-2" />
      </div>
    </div>
  );
}

/**
 * `/c/{slug}`: a church's page for visitors, signed in or not (issue 24). Only what the server's
 * public answer holds; `notFound` is drawn when the church has not published it (or does not exist).
 */
export function PublicChurchPage({ slug, notFound }: { slug: string; notFound: ReactNode }) {
  const t = useT(publicChurchCatalog);
  const page = usePublicChurchPage(slug);
  const { user } = useAuth();
  const data = page.data;
  useDocumentTitle(data?.church.name ?? t("title.fallback"));

  // The church's colour while the page is open; the visitor's own church's colour again on leaving.
  const ownColor = user?.church?.brandColor;
  useEffect(() => {
    if (!data) return;
    applyBrandTheme(data.church.brandColor);
    return () => {
      applyBrandTheme(ownColor);
    };
  }, [data, ownColor]);

  if (page.isError && getStatus(page.error) === 404) return <>{notFound}</>;
  if (page.isError) {
    return (
      <PageFrame>
        <LoadError card what={t("loadError")} onRetry={() => page.refetch()} className="p-8 text-center" />
      </PageFrame>
    );
  }
  if (!data) {
    return (
      <PageFrame>
        <PageSkeleton />
      </PageFrame>
    );
  }

  const { church, sermons, events, services } = data;
  return (
    <PageFrame church={church}>
      <section
        className="mb-6 flex flex-col items-start gap-4 sm:flex-row sm:items-center"
        aria-labelledby="church-name"
      >
        <ChurchIdentity name={church.name} logoUrl={church.logoUrl} className="size-20 text-4xl" />
        <div className="min-w-0">
          <h1 id="church-name" className="text-3xl font-bold tracking-tight break-words sm:text-4xl">
            {church.name}
          </h1>
          {church.address && <p className="mt-1 break-words text-muted-foreground">{church.address}</p>}
          <a href="#request-invitation" className={buttonClasses({ className: "mt-4" })}>
            <MessageSquarePlus aria-hidden="true" />
            {t("request.title")}
          </a>
        </div>
      </section>

      <div className="grid gap-6 md:grid-cols-5">
        <div className="grid content-start gap-6 md:col-span-3">
          {/* Regular services: repeating events marked as services, with when they happen in words. */}
          {services.length > 0 && (
            <Section icon={<Clock className="size-4 text-brand-text" aria-hidden="true" />} title={t("services")}>
              <EventList events={services} timeZone={church.timeZone} />
            </Section>
          )}
          <Section icon={<CalendarDays className="size-4 text-brand-text" aria-hidden="true" />} title={t("events")}>
            {events.length > 0 ? (
              <EventList events={events} timeZone={church.timeZone} />
            ) : (
              <EmptyState icon={CalendarDays} title={t("events.empty")} className="py-6" />
            )}
          </Section>
          <Section icon={<BookOpen className="size-4 text-brand-text" aria-hidden="true" />} title={t("sermons")}>
            {sermons.length > 0 ? (
              <ul className="grid gap-1">
                {sermons.map((s) => (
                  <li key={s.id}>
                    <Link
                      href={`/sermons/${s.id}`}
                      className="block rounded-lg p-3 transition-colors hover:bg-brand-soft focus-visible:bg-brand-soft"
                    >
                      <span className="block font-medium break-words text-brand-text">{s.title}</span>
                      <span className="block text-sm text-muted-foreground">
                        {s.speaker} · {formatSermonDate(s.date)}
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            ) : (
              <EmptyState icon={BookOpen} title={t("sermons.empty")} className="py-6" />
            )}
          </Section>
        </div>

        <div className="grid content-start gap-6 md:col-span-2">
          {hasContact(church) && (
            <Section icon={<MapPin className="size-4 text-brand-text" aria-hidden="true" />} title={t("visit")}>
              <ChurchContact church={church} />
            </Section>
          )}
          <Card id="request-invitation" className="scroll-mt-6">
            <CardHeader>
              <CardTitle>{t("request.title")}</CardTitle>
              <CardDescription>{t("request.description", { church: church.name })}</CardDescription>
            </CardHeader>
            <CardContent>
              <InvitationRequestForm slug={church.slug} churchName={church.name} />
            </CardContent>
          </Card>
        </div>
      </div>
    </PageFrame>
  );
}
