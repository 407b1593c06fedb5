import type { TLiveStream } from "@common/live";
import { FileVideo } from "lucide-react";
import { useMemo, useState } from "react";
import { Link } from "wouter";
import { ConfirmDeleteDialog } from "@/components/confirm-delete-dialog";
import { LoadError } from "@/components/load-error";
import { PageHeader } from "@/components/page-header";
import { Badge } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { useCurrentUser } from "@/lib/current-user";
import { useT } from "@/lib/i18n";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useLiveStatus, useStopStream } from "../api";
import { LiveNowCard } from "../components/live-now-card";
import { ModeratorsDialog } from "../components/moderators-dialog";
import { RecentStreamsCard } from "../components/recent-streams-card";
import { StartStreamForm } from "../components/start-stream-form";
import { StreamSettingsDialog } from "../components/stream-settings-dialog";
import { ModeratorsCard, StreamTipsCard, ViewersCard } from "../components/stream-side-cards";
import { liveFormatter } from "../format";
import { liveCatalog } from "../i18n";
import { toastStreamError } from "../stream-admin";

function LiveBadge({ isLive }: { isLive: boolean | undefined }) {
  const t = useT(liveCatalog);
  if (isLive === undefined) return <Skeleton className="h-7 w-20 rounded-full" />;
  return isLive ? (
    <span className="inline-flex items-center gap-1.5 rounded-full bg-red-700 px-3 py-1 text-sm font-semibold text-white">
      <span className="size-2 animate-pulse rounded-full bg-white" aria-hidden="true" />
      {t("admin.live")}
    </span>
  ) : (
    <Badge tone="grey" className="px-3 py-1 text-sm">
      {t("admin.offline")}
    </Badge>
  );
}

/** After a stop with Record Stream on: where the recording went. */
/**
 * A stopped stream with Record Stream on and an address becomes a draft sermon: the server makes it
 * moments after the stop answers (the `live.ended` event), so the answer may not name it yet.
 */
const willHaveDraft = (s: TLiveStream) => Boolean(s.sermonId || (s.recordingEnabled && s.streamUrl));

function DraftSermonNotice({ stream }: { stream: TLiveStream }) {
  const t = useT(liveCatalog);
  return (
    <section
      className="mb-6 flex flex-col items-start gap-3 rounded-2xl border border-brand-border bg-brand-soft p-5 sm:flex-row sm:items-center"
      aria-label={t("admin.draft.label")}
    >
      <FileVideo className="size-6 shrink-0 text-brand-text" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-foreground">{t("admin.draft.saved", { title: stream.title })}</p>
        <p className="text-sm text-stone-700">{t("admin.draft.hidden")}</p>
      </div>
      <Link href="/admin/sermons" className={buttonClasses({ variant: "outline" })}>
        {t("admin.draft.open")}
      </Link>
    </section>
  );
}

/** Spec 2 Live stream management (`/admin/live-stream`). */
export function ManageLiveStreamPage() {
  const t = useT(liveCatalog);
  const user = useCurrentUser();
  const format = useMemo(() => liveFormatter(user.church.timeZone), [user.church.timeZone]);
  const status = useLiveStatus();
  const stop = useStopStream();
  const [toStop, setToStop] = useState<TLiveStream | null>(null);
  const [stopped, setStopped] = useState<TLiveStream | null>(null);
  const [isSettingsOpen, setSettingsOpen] = useState(false);
  const [isModeratorsOpen, setModeratorsOpen] = useState(false);
  useDocumentTitle(t("admin.title"));
  const live = status.data?.isLive ? status.data.stream : null;

  const confirmStop = () =>
    stop.mutate(undefined, {
      onSuccess: (ended) => {
        setStopped(ended);
        toast({
          title: t("admin.stopped.title"),
          description: willHaveDraft(ended) ? t("admin.stopped.draft") : t("admin.stopped.ended"),
        });
      },
      onError: toastStreamError,
    });

  return (
    <>
      <PageHeader
        title={t("admin.title")}
        description={t("admin.description")}
        actions={<LiveBadge isLive={status.data?.isLive} />}
      />
      {!live && stopped && willHaveDraft(stopped) && <DraftSermonNotice stream={stopped} />}
      <div className="grid items-start gap-6 lg:grid-cols-3">
        <div className="grid gap-6 lg:col-span-2">
          {status.isLoading ? (
            <Skeleton className="h-96 w-full rounded-2xl" />
          ) : status.isError ? (
            <LoadError card what={t("admin.loadWhat")} onRetry={() => status.refetch()} className="p-8 text-center" />
          ) : live ? (
            <LiveNowCard
              stream={live}
              format={format}
              onStop={() => setToStop(live)}
              onSettings={() => setSettingsOpen(true)}
              isStopping={stop.isPending}
            />
          ) : (
            <StartStreamForm />
          )}
        </div>
        <div className="grid gap-6">
          <ViewersCard stream={live} />
          <ModeratorsCard onManage={() => setModeratorsOpen(true)} />
          <StreamTipsCard />
        </div>
        <div className="lg:col-span-3">
          <RecentStreamsCard format={format} />
        </div>
      </div>
      {live && <StreamSettingsDialog stream={live} open={isSettingsOpen} onOpenChange={setSettingsOpen} />}
      <ModeratorsDialog open={isModeratorsOpen} onOpenChange={setModeratorsOpen} selfId={user.id} />
      <ConfirmDeleteDialog
        item={toStop}
        title={t("admin.stop.title")}
        description={
          toStop?.recordingEnabled && toStop.streamUrl ? t("admin.stop.descriptionDraft") : t("admin.stop.description")
        }
        confirmLabel={t("admin.stop.action")}
        onConfirm={confirmStop}
        onClose={() => setToStop(null)}
      />
    </>
  );
}
