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
import { useDocumentTitle } from "@/lib/use-document-title";
import { useLiveStatus, useStopStream } from "../api";
import { LiveNowCard } from "../components/live-now-card";
import { ModeratorsDialog } from "../components/moderators-dialog";
import { RecentStreamsCard } from "../components/recent-streams-card";
import { StartStreamForm } from "../components/start-stream-form";
import { StreamSettingsDialog } from "../components/stream-settings-dialog";
import { ModeratorsCard, StreamTipsCard, ViewersCard } from "../components/stream-side-cards";
import { liveFormatter } from "../format";
import { toastStreamError } from "../stream-admin";

function LiveBadge({ isLive }: { isLive: boolean | undefined }) {
  if (isLive === undefined) return <Skeleton className="h-7 w-20 rounded-full" />;
  return isLive ? (
    <span className="inline-flex items-center gap-1.5 rounded-full bg-red-700 px-3 py-1 text-sm font-semibold text-white">
      <span className="size-2 animate-pulse rounded-full bg-white" aria-hidden="true" />
      Live
    </span>
  ) : (
    <Badge tone="grey" className="px-3 py-1 text-sm">
      Offline
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
  return (
    <section
      className="mb-6 flex flex-col items-start gap-3 rounded-2xl border border-brand-border bg-brand-soft p-5 sm:flex-row sm:items-center"
      aria-label="Draft sermon"
    >
      <FileVideo className="size-6 shrink-0 text-brand-text" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-foreground">“{stream.title}” was saved as a draft sermon.</p>
        <p className="text-sm text-stone-700">Members will not see it until you add the details and publish it.</p>
      </div>
      <Link href="/admin/sermons" className={buttonClasses({ variant: "outline" })}>
        Open Manage Sermons
      </Link>
    </section>
  );
}

/** Spec 2 Live stream management (`/admin/live-stream`). */
export function ManageLiveStreamPage() {
  const user = useCurrentUser();
  const format = useMemo(() => liveFormatter(user.church.timeZone), [user.church.timeZone]);
  const status = useLiveStatus();
  const stop = useStopStream();
  const [toStop, setToStop] = useState<TLiveStream | null>(null);
  const [stopped, setStopped] = useState<TLiveStream | null>(null);
  const [isSettingsOpen, setSettingsOpen] = useState(false);
  const [isModeratorsOpen, setModeratorsOpen] = useState(false);
  useDocumentTitle("Live Stream Management");
  const live = status.data?.isLive ? status.data.stream : null;

  const confirmStop = () =>
    stop.mutate(undefined, {
      onSuccess: (ended) => {
        setStopped(ended);
        toast({
          title: "Stream Stopped",
          description: willHaveDraft(ended)
            ? "The recording is saved as a draft sermon in Manage Sermons."
            : "The stream has ended for everyone watching.",
        });
      },
      onError: toastStreamError,
    });

  return (
    <>
      <PageHeader
        title="Live Stream Management"
        description="Broadcast your services to members, with live chat and prayer requests."
        actions={<LiveBadge isLive={status.data?.isLive} />}
      />
      {!live && stopped && willHaveDraft(stopped) && <DraftSermonNotice stream={stopped} />}
      <div className="grid items-start gap-6 lg:grid-cols-3">
        <div className="grid gap-6 lg:col-span-2">
          {status.isLoading ? (
            <Skeleton className="h-96 w-full rounded-2xl" />
          ) : status.isError ? (
            <LoadError card what="The stream status" onRetry={() => status.refetch()} className="p-8 text-center" />
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
        title="Stop the live stream?"
        description={
          <>
            Everyone watching will see that the stream has ended, and the chat will close.
            {toStop?.recordingEnabled && toStop.streamUrl ? " The recording will be saved as a draft sermon." : ""}
          </>
        }
        confirmLabel="Stop Stream"
        onConfirm={confirmStop}
        onClose={() => setToStop(null)}
      />
    </>
  );
}
