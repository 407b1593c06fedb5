import type { TLiveStream } from "@common/live";
import { formatDuration } from "@common/sermon-helpers";
import { Copy, Link2, MessageCircle, Settings, Share2, Square, Video } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useT } from "@/lib/i18n";
import type { TLiveFormatter } from "../format";
import { liveCatalog } from "../i18n";
import { copyStreamLink, shareStream } from "../stream-admin";

/** Spec 2, live: what is streaming and the actions on it. */
export function LiveNowCard({
  stream,
  format,
  onStop,
  onSettings,
  isStopping,
}: {
  stream: TLiveStream;
  format: TLiveFormatter;
  onStop: () => void;
  onSettings: () => void;
  isStopping: boolean;
}) {
  const t = useT(liveCatalog);
  return (
    <Card aria-labelledby="live-now-title" className="border-red-200">
      <CardHeader>
        <p className="text-xs font-semibold tracking-wide text-red-800 uppercase">{t("nowCard.label")}</p>
        <CardTitle id="live-now-title" className="text-lg break-words">
          {stream.title}
        </CardTitle>
        <CardDescription>
          {t("nowCard.started", {
            time: format.time(stream.startedAt),
            duration: formatDuration(stream.durationMinutes) || "0m",
          })}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {stream.description && <p className="text-sm whitespace-pre-wrap text-stone-800">{stream.description}</p>}
        <div className="flex flex-wrap gap-2">
          <Badge tone={stream.chatEnabled ? "green" : "grey"}>
            <MessageCircle className="size-3" aria-hidden="true" />
            {stream.chatEnabled ? t("nowCard.chatOn") : t("nowCard.chatOff")}
          </Badge>
          <Badge tone={stream.recordingEnabled ? "blue" : "grey"}>
            <Video className="size-3" aria-hidden="true" />
            {stream.recordingEnabled ? t("nowCard.recording") : t("nowCard.notRecording")}
          </Badge>
        </div>
        <p className="flex min-w-0 items-center gap-2 text-sm text-stone-700">
          <Link2 className="size-4 shrink-0 text-stone-500" aria-hidden="true" />
          {stream.streamUrl ? (
            <span className="truncate" title={stream.streamUrl}>
              {stream.streamUrl}
            </span>
          ) : (
            <span>{t("nowCard.noUrl")}</span>
          )}
        </p>
        <div className="grid gap-2 sm:grid-cols-2">
          <Button variant="outline" onClick={() => copyStreamLink()}>
            <Copy aria-hidden="true" />
            {t("nowCard.copy")}
          </Button>
          <Button variant="outline" onClick={() => shareStream(stream.title)}>
            <Share2 aria-hidden="true" />
            {t("nowCard.share")}
          </Button>
          <Button variant="outline" onClick={onSettings}>
            <Settings aria-hidden="true" />
            {t("nowCard.settings")}
          </Button>
          <Button variant="destructive" onClick={onStop} disabled={isStopping}>
            <Square aria-hidden="true" />
            {isStopping ? t("admin.stop.pending") : t("admin.stop.action")}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
