import type { TPublicSermon, TSermon, TSermonDetail } from "@common/sermons";
import {
  ArrowLeft,
  BookOpen,
  CalendarDays,
  Clock,
  ExternalLink,
  Eye,
  FilePen,
  FileText,
  LogIn,
  PlayCircle,
  SearchX,
  User,
} from "lucide-react";
import { type ReactNode, Suspense, useRef, useState } from "react";
import { Link } from "wouter";
import { ChurchIdentity } from "@/components/church-identity";
import { LoadError } from "@/components/load-error";
import { PublicFrame } from "@/components/public-frame";
import { Badge } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { getStatus } from "@/lib/api-client";
import { Rich, useT } from "@/lib/i18n";
import { lazyComponent, usePreload } from "@/lib/lazy";
import { useChurchBrand } from "@/lib/use-church-brand";
import { useDocumentTitle } from "@/lib/use-document-title";
import { usePublicSermon, useSermon } from "../api";
import type { THighlightDraft } from "../components/create-highlight-dialog";
import { HighlightableText } from "../components/highlightable-text";
import { MarkWatchedButton } from "../components/mark-watched-button";
import { RelatedSermons } from "../components/related-sermons";
import { SermonHighlights } from "../components/sermon-highlights";
import { SermonPlayer, type TPlayerHandle } from "../components/sermon-player";
import { useSermonFormat } from "../format";
import { sermonsCatalog } from "../i18n";
import { seriesHref } from "../series-link";

// Saving a highlight starts from a selection: the dialog's code follows the page.
const CreateHighlightDialog = lazyComponent(() =>
  import("../components/create-highlight-dialog").then((m) => m.CreateHighlightDialog),
);

function SermonNotFound({ signedIn = true }: { signedIn?: boolean }) {
  const t = useT(sermonsCatalog);
  useDocumentTitle(t("detail.notFound.title"));
  return (
    <Card className="mx-auto flex max-w-md flex-col items-center gap-3 px-6 py-12 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-brand-soft text-brand-text">
        <SearchX className="size-6" aria-hidden="true" />
      </span>
      <h1 className="text-2xl font-bold tracking-tight">{t("detail.notFound.title")}</h1>
      <p className="text-muted-foreground">{t("detail.notFound.description")}</p>
      {signedIn && (
        <Link href="/sermons" className={buttonClasses({ variant: "outline", className: "mt-2" })}>
          <ArrowLeft className="rtl:-scale-x-100" aria-hidden="true" />
          {t("detail.notFound.back")}
        </Link>
      )}
    </Card>
  );
}

function SermonSkeleton() {
  const t = useT(sermonsCatalog);
  return (
    <div className="grid gap-4" role="status" aria-label={t("detail.loading")}>
      <Skeleton className="h-5 w-24 rounded-full" />
      <Skeleton className="h-9 w-3/4" />
      <Skeleton className="h-4 w-1/2" />
      <Skeleton className="mt-4 aspect-video w-full max-w-3xl rounded-2xl" />
    </div>
  );
}

function SignInCallToAction() {
  const t = useT(sermonsCatalog);
  return (
    <section className="flex flex-col items-start gap-4 rounded-2xl border border-brand-border bg-brand-soft p-6 sm:flex-row sm:items-center">
      <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-card text-brand-text">
        <PlayCircle className="size-6" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-foreground">{t("public.cta.title")}</p>
        <p className="text-sm text-stone-700">{t("public.cta.description")}</p>
      </div>
      <a href="/api/login" className={buttonClasses({ className: "w-full sm:w-auto" })}>
        <LogIn aria-hidden="true" />
        {t("public.cta.signIn")}
      </a>
    </section>
  );
}

function MetaItem({ icon: Icon, children }: { icon: typeof User; children: ReactNode }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <Icon className="size-4 text-stone-500" aria-hidden="true" />
      {children}
    </span>
  );
}

/**
 * Series, title and the facts line shared by the member's and the visitor's view. A member's series
 * links to its page, and the scripture to the church's Bible reader when the server could read it
 * (issue 24); a visitor sees both as text.
 */
function SermonHeading({
  sermon,
  isMember = false,
  children,
}: {
  sermon: Pick<TSermon, "title" | "speaker" | "date" | "series" | "scripture"> & { scriptureUrl?: string | null };
  isMember?: boolean;
  children?: ReactNode;
}) {
  const t = useT(sermonsCatalog);
  const format = useSermonFormat();
  const seriesBadge = sermon.series && (
    <Badge tone="soft" className="max-w-full truncate">
      {sermon.series}
    </Badge>
  );
  return (
    <>
      {seriesBadge &&
        (isMember && sermon.series ? (
          <Link
            href={seriesHref(sermon.series)}
            className="mb-3 inline-flex max-w-full rounded-full hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-text"
          >
            <span className="sr-only">{t("card.series")} </span>
            {seriesBadge}
          </Link>
        ) : (
          <div className="mb-3">{seriesBadge}</div>
        ))}
      <h1 className="text-2xl font-bold tracking-tight text-balance text-foreground sm:text-3xl">{sermon.title}</h1>
      <div className="mt-3 flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-stone-700">
        <MetaItem icon={User}>{sermon.speaker}</MetaItem>
        <MetaItem icon={CalendarDays}>{format.date(sermon.date)}</MetaItem>
        {sermon.scripture && (
          <MetaItem icon={BookOpen}>
            {isMember && sermon.scriptureUrl ? (
              <a
                href={sermon.scriptureUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 rounded-sm font-medium text-brand-text underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-text"
              >
                {sermon.scripture}
                <ExternalLink className="size-3.5" aria-hidden="true" />
                <span className="sr-only"> {t("detail.readInBible")}</span>
              </a>
            ) : (
              sermon.scripture
            )}
          </MetaItem>
        )}
        {children}
      </div>
    </>
  );
}

/** An admin opening a draft (a live stream's recording) to check it before publishing. */
function DraftNotice() {
  return (
    <p
      role="status"
      className="mb-4 flex items-start gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950"
    >
      <FilePen className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>
        <Rich
          catalog={sermonsCatalog}
          k="detail.draft"
          components={{ 0: <Link href="/admin/sermons" className="font-medium underline" /> }}
        />
      </span>
    </p>
  );
}

function SermonView({ sermon }: { sermon: TSermonDetail }) {
  const t = useT(sermonsCatalog);
  const format = useSermonFormat();
  const player = useRef<TPlayerHandle>(null);
  const playerBox = useRef<HTMLDivElement>(null);
  const [draft, setDraft] = useState<THighlightDraft | null>(null);
  const [isDialogDrawn, setIsDialogDrawn] = useState(false);
  if (draft && !isDialogDrawn) setIsDialogDrawn(true);
  useDocumentTitle(sermon.title);

  const duration = format.duration(sermon.duration);
  const hasMedia = !!(sermon.videoUrl || sermon.audioUrl);
  const notesText = sermon.notes?.trim() || null;
  const description = sermon.description?.trim() || null;
  // The panel members highlight from: the notes, or the description when there are no notes.
  // A draft is not highlighted: it is not yet a sermon of the church.
  const highlightSource = sermon.isDraft ? null : notesText ? "notes" : description ? "description" : null;
  usePreload([CreateHighlightDialog.preload], !!highlightSource);

  const startHighlight = (text: string) =>
    setDraft({ text, timestamp: Math.max(0, Math.floor(player.current?.getCurrentTime() ?? 0)) });

  const seek = (seconds: number) => {
    if (player.current?.seekTo(seconds)) {
      playerBox.current?.scrollIntoView({ behavior: "smooth", block: "nearest" });
    } else {
      toast({
        title: t("detail.recordingUnavailable.title"),
        description: t("detail.recordingUnavailable.description"),
      });
    }
  };

  return (
    <>
      <Link
        href="/sermons"
        className="mb-4 inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-brand-text hover:underline"
      >
        <ArrowLeft className="rtl:-scale-x-100 size-4" aria-hidden="true" />
        {t("list.allSermons")}
      </Link>
      {sermon.isDraft && <DraftNotice />}
      <header className="mb-6">
        <SermonHeading sermon={sermon} isMember>
          {duration && <MetaItem icon={Clock}>{duration}</MetaItem>}
          <MetaItem icon={Eye}>{format.views(sermon.viewCount)}</MetaItem>
        </SermonHeading>
        {/* Empty on a draft without notes: nothing to watch yet. */}
        <div className="mt-4 flex flex-wrap gap-2 empty:hidden">
          {!sermon.isDraft && <MarkWatchedButton sermon={sermon} size="md" />}
          {sermon.notesUrl && (
            <a
              href={sermon.notesUrl}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClasses({ variant: "outline" })}
            >
              <FileText aria-hidden="true" />
              {t("detail.notesLink")}
              <span className="sr-only"> {t("detail.opensInNewTab")}</span>
            </a>
          )}
        </div>
      </header>

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="grid min-w-0 content-start gap-6 lg:col-span-2">
          {hasMedia ? (
            <div ref={playerBox} className="scroll-mt-20">
              <SermonPlayer ref={player} title={sermon.title} videoUrl={sermon.videoUrl} audioUrl={sermon.audioUrl} />
            </div>
          ) : (
            <Card className="p-6 text-sm text-muted-foreground">{t("detail.noRecording")}</Card>
          )}

          <Card>
            <CardHeader>
              <CardTitle>{t("detail.about")}</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-6">
              {highlightSource === "description" && description ? (
                <HighlightableText
                  text={description}
                  onHighlight={startHighlight}
                  label={t("detail.descriptionRegion")}
                />
              ) : (
                <p className="leading-7 break-words whitespace-pre-line text-stone-800">
                  {description ?? t("detail.noDescription")}
                </p>
              )}
              {sermon.tags.length > 0 && (
                <div>
                  <h3 className="mb-2 text-sm font-semibold text-foreground">{t("detail.topics")}</h3>
                  <ul className="flex flex-wrap gap-2">
                    {sermon.tags.map((tag) => (
                      <li key={tag}>
                        <Badge tone="grey">{tag}</Badge>
                      </li>
                    ))}
                  </ul>
                </div>
              )}
            </CardContent>
          </Card>

          {notesText && (
            <Card>
              <CardHeader>
                <CardTitle>{t("detail.notes.title")}</CardTitle>
                <CardDescription>
                  {highlightSource === "notes" ? t("detail.notes.highlightHint") : t("detail.notes.followAlong")}
                </CardDescription>
              </CardHeader>
              <CardContent>
                {highlightSource === "notes" ? (
                  <HighlightableText text={notesText} onHighlight={startHighlight} label={t("detail.notes.region")} />
                ) : (
                  <p className="leading-7 break-words whitespace-pre-line text-stone-800">{notesText}</p>
                )}
              </CardContent>
            </Card>
          )}
        </div>

        {/* Highlights and points are for published sermons: the server answers 404 on a draft. */}
        {!sermon.isDraft && (
          <aside className="grid min-w-0 content-start gap-6" aria-label={t("detail.aside")}>
            <SermonHighlights sermonId={sermon.id} sermonTitle={sermon.title} onSeek={hasMedia ? seek : undefined} />
            <RelatedSermons sermonId={sermon.id} />
          </aside>
        )}
      </div>

      {isDialogDrawn && (
        <Suspense fallback={null}>
          <CreateHighlightDialog sermonId={sermon.id} draft={draft} onOpenChange={() => setDraft(null)} />
        </Suspense>
      )}
    </>
  );
}

/** Spec 1 screen 7: a sermon (`/sermons/{id}`) for a member of its church: player, notes, highlights. */
export function SermonDetailPage({ id }: { id: string }) {
  const t = useT(sermonsCatalog);
  const sermon = useSermon(id);
  if (sermon.isLoading) return <SermonSkeleton />;
  if (sermon.data) return <SermonView key={sermon.data.id} sermon={sermon.data} />;
  const status = getStatus(sermon.error);
  if (status === 404 || status === 400) return <SermonNotFound />;
  return (
    <LoadError card what={t("detail.loadErrorWhat")} onRetry={() => sermon.refetch()} className="p-8 text-center" />
  );
}

/** What a shared link shows a visitor: the church (its logo, name and colour), the sermon's flyer facts and a way in. */
function PublicSermonView({ sermon }: { sermon: TPublicSermon }) {
  const t = useT(sermonsCatalog);
  useDocumentTitle(`${sermon.title} · ${sermon.church.name}`);
  useChurchBrand(sermon.church.brandColor);
  return (
    <div className="grid gap-6">
      <div className="flex items-center gap-3 rounded-2xl border border-brand-border bg-brand-soft p-4">
        <ChurchIdentity name={sermon.church.name} logoUrl={sermon.church.logoUrl} className="size-12 shrink-0" />
        <p className="grid min-w-0">
          <span className="text-xs font-semibold tracking-wide text-brand-text uppercase">{t("public.from")}</span>
          <span className="text-lg font-semibold break-words text-foreground">{sermon.church.name}</span>
        </p>
      </div>
      <header>
        <SermonHeading sermon={sermon} />
      </header>
      <SignInCallToAction />
    </div>
  );
}

function PublicSermon({ id }: { id: string }) {
  const t = useT(sermonsCatalog);
  const sermon = usePublicSermon(id);
  if (sermon.isLoading) return <SermonSkeleton />;
  if (sermon.data) return <PublicSermonView sermon={sermon.data} />;
  const status = getStatus(sermon.error);
  if (status === 404 || status === 400) return <SermonNotFound signedIn={false} />;
  return (
    <LoadError card what={t("detail.loadErrorWhat")} onRetry={() => sermon.refetch()} className="p-8 text-center" />
  );
}

/** A shared sermon for a signed-out visitor. */
export function PublicSermonPage({ id }: { id: string }) {
  return (
    <PublicFrame>
      <PublicSermon id={id} />
    </PublicFrame>
  );
}
