import { getStreamKind } from "@common/live-helpers";
import { getVideoEmbed } from "@common/sermon-helpers";
import { ExternalLink, Headphones, Video } from "lucide-react";
import { type Ref, type RefObject, useEffect, useImperativeHandle, useRef, useState } from "react";
import { HlsVideo } from "@/components/hls-video";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useT } from "@/lib/i18n";
import { sermonsCatalog } from "../i18n";

/** What the page needs from whichever player is showing: the time for a highlight, and seeking. */
export type TPlayerHandle = {
  /** Whole seconds into the recording (0 when the player cannot tell). */
  getCurrentTime: () => number;
  /** Jumps to `seconds` and plays; false when this player cannot seek. */
  seekTo: (seconds: number) => boolean;
  pause: () => void;
};

type TInnerProps = { url: string; title: string; handle: RefObject<TPlayerHandle | null> };

const YOUTUBE_ORIGIN = "https://www.youtube-nocookie.com";
const VIMEO_ORIGIN = "https://player.vimeo.com";

function parseMessage(data: unknown): Record<string, unknown> | null {
  if (typeof data === "string") {
    try {
      const parsed = JSON.parse(data) as unknown;
      return parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  }
  return data && typeof data === "object" ? (data as Record<string, unknown>) : null;
}

/**
 * Listens to an embedded player's postMessage events from `origin`, and says hello until it answers
 * (players ignore messages sent before they are ready).
 */
function useEmbedMessages(
  frame: RefObject<HTMLIFrameElement | null>,
  origins: string[],
  hello: () => unknown[],
  onMessage: (msg: Record<string, unknown>) => void,
) {
  const heard = useRef(false);
  const onMessageRef = useRef(onMessage);
  const helloRef = useRef(hello);
  useEffect(() => {
    onMessageRef.current = onMessage;
    helloRef.current = hello;
  });

  useEffect(() => {
    const listener = (event: MessageEvent) => {
      if (!origins.includes(event.origin) || event.source !== frame.current?.contentWindow) return;
      const msg = parseMessage(event.data);
      if (!msg) return;
      heard.current = true;
      onMessageRef.current(msg);
    };
    window.addEventListener("message", listener);
    let tries = 0;
    const timer = setInterval(() => {
      const win = frame.current?.contentWindow;
      if (!win) return;
      if (heard.current || tries++ > 20) {
        clearInterval(timer);
        return;
      }
      for (const m of helloRef.current()) win.postMessage(JSON.stringify(m), origins[0]);
    }, 750);
    return () => {
      window.removeEventListener("message", listener);
      clearInterval(timer);
    };
  }, [frame, origins]);
}

const YOUTUBE_ORIGINS = [YOUTUBE_ORIGIN, "https://www.youtube.com"];
const VIMEO_ORIGINS = [VIMEO_ORIGIN];

function YouTubePlayer({ id, title, handle }: { id: string } & Omit<TInnerProps, "url">) {
  const t = useT(sermonsCatalog);
  const frame = useRef<HTMLIFrameElement>(null);
  const time = useRef(0);
  const send = (func: string, args: unknown[] = []) =>
    frame.current?.contentWindow?.postMessage(
      JSON.stringify({ event: "command", func, args, id: 1, channel: "widget" }),
      YOUTUBE_ORIGIN,
    );
  useEmbedMessages(
    frame,
    YOUTUBE_ORIGINS,
    () => [{ event: "listening", id: 1, channel: "widget" }],
    (msg) => {
      const info = msg.info as { currentTime?: unknown } | undefined;
      if (typeof info?.currentTime === "number") time.current = info.currentTime;
    },
  );
  useImperativeHandle(handle, () => ({
    getCurrentTime: () => Math.floor(time.current),
    seekTo: (seconds) => {
      if (!frame.current?.contentWindow) return false;
      send("seekTo", [seconds, true]);
      send("playVideo");
      time.current = seconds;
      return true;
    },
    pause: () => send("pauseVideo"),
  }));
  const origin = typeof window === "undefined" ? "" : window.location.origin;
  return (
    <iframe
      ref={frame}
      src={`${YOUTUBE_ORIGIN}/embed/${encodeURIComponent(id)}?enablejsapi=1&rel=0&origin=${encodeURIComponent(origin)}`}
      title={t("player.videoTitle", { title })}
      className="aspect-video w-full rounded-xl bg-stone-900"
      allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share"
      referrerPolicy="strict-origin-when-cross-origin"
      allowFullScreen
    />
  );
}

function VimeoPlayer({ id, title, handle }: { id: string } & Omit<TInnerProps, "url">) {
  const t = useT(sermonsCatalog);
  const frame = useRef<HTMLIFrameElement>(null);
  const time = useRef(0);
  const send = (method: string, value?: unknown) =>
    frame.current?.contentWindow?.postMessage(JSON.stringify({ method, value }), VIMEO_ORIGIN);
  useEmbedMessages(
    frame,
    VIMEO_ORIGINS,
    () => [{ method: "addEventListener", value: "timeupdate" }],
    (msg) => {
      if (msg.event === "ready") send("addEventListener", "timeupdate");
      const data = msg.data as { seconds?: unknown } | undefined;
      if (msg.event === "timeupdate" && typeof data?.seconds === "number") time.current = data.seconds;
    },
  );
  useImperativeHandle(handle, () => ({
    getCurrentTime: () => Math.floor(time.current),
    seekTo: (seconds) => {
      if (!frame.current?.contentWindow) return false;
      send("setCurrentTime", seconds);
      send("play");
      time.current = seconds;
      return true;
    },
    pause: () => send("pause"),
  }));
  return (
    <iframe
      ref={frame}
      src={`${VIMEO_ORIGIN}/video/${encodeURIComponent(id)}`}
      title={t("player.videoTitle", { title })}
      className="aspect-video w-full rounded-xl bg-stone-900"
      allow="autoplay; fullscreen; picture-in-picture; clipboard-write"
      allowFullScreen
    />
  );
}

/** Facebook's embed tells the page nothing, so a highlight there starts at 0 and cannot seek. */
function FacebookPlayer({ url, title, handle }: TInnerProps) {
  const t = useT(sermonsCatalog);
  useImperativeHandle(handle, () => ({ getCurrentTime: () => 0, seekTo: () => false, pause: () => undefined }));
  return (
    <iframe
      src={`https://www.facebook.com/plugins/video.php?href=${encodeURIComponent(url)}&show_text=false`}
      title={t("player.videoTitle", { title })}
      className="aspect-video w-full rounded-xl bg-stone-900"
      allow="autoplay; clipboard-write; encrypted-media; picture-in-picture; web-share"
      allowFullScreen
    />
  );
}

/** The handle over an `<audio>` or `<video>` element of this page's own. */
function useMediaHandle(handle: TInnerProps["handle"]) {
  const media = useRef<HTMLMediaElement | null>(null);
  useImperativeHandle(handle, () => ({
    getCurrentTime: () => Math.floor(media.current?.currentTime ?? 0),
    seekTo: (seconds) => {
      const el = media.current;
      if (!el) return false;
      el.currentTime = seconds;
      void el.play()?.catch(() => undefined);
      return true;
    },
    pause: () => media.current?.pause(),
  }));
  return media;
}

/** A recorded live stream (`.m3u8`): HlsVideo brings hls.js where the browser has no HLS of its own. */
function HlsPlayer({ url, title, handle }: TInnerProps) {
  const t = useT(sermonsCatalog);
  const media = useMediaHandle(handle);
  return (
    <HlsVideo
      ref={(el) => {
        media.current = el;
      }}
      src={url}
      title={t("player.videoTitle", { title })}
      className="aspect-video w-full rounded-xl"
    />
  );
}

function FilePlayer({ url, title, handle, kind }: TInnerProps & { kind: "audio" | "video" }) {
  const t = useT(sermonsCatalog);
  const media = useMediaHandle(handle);
  const [failed, setFailed] = useState(false);
  const fallback = failed && (
    <p className="mt-2 text-sm text-muted-foreground" role="status">
      {t("player.failed")}{" "}
      <a href={url} target="_blank" rel="noopener noreferrer" className="font-medium text-brand-text underline">
        {t("player.openDirectly")}
        <ExternalLink className="ms-1 inline size-3.5" aria-hidden="true" />
        <span className="sr-only"> {t("detail.opensInNewTab")}</span>
      </a>
    </p>
  );
  if (kind === "audio") {
    return (
      <div className="rounded-xl bg-muted p-4">
        <p className="mb-3 flex items-center gap-2 text-sm font-medium">
          <Headphones className="size-4 text-brand-text" aria-hidden="true" />
          {t("player.listen")}
        </p>
        {/* biome-ignore lint/a11y/useMediaCaption: sermon recordings come without caption files */}
        <audio
          ref={(el) => {
            media.current = el;
          }}
          src={url}
          controls
          preload="metadata"
          aria-label={t("player.audioTitle", { title })}
          className="w-full"
          onError={() => setFailed(true)}
        />
        {fallback}
      </div>
    );
  }
  return (
    <div>
      {/* biome-ignore lint/a11y/useMediaCaption: sermon recordings come without caption files */}
      <video
        ref={(el) => {
          media.current = el;
        }}
        src={url}
        controls
        preload="metadata"
        playsInline
        aria-label={t("player.videoTitle", { title })}
        className="aspect-video w-full rounded-xl bg-stone-900"
        onError={() => setFailed(true)}
      />
      {fallback}
    </div>
  );
}

function VideoPlayer({ url, title, handle }: TInnerProps) {
  if (getStreamKind(url) === "hls") return <HlsPlayer url={url} title={title} handle={handle} />;
  const embed = getVideoEmbed(url);
  if (embed.kind === "youtube") return <YouTubePlayer id={embed.id} title={title} handle={handle} />;
  if (embed.kind === "vimeo") return <VimeoPlayer id={embed.id} title={title} handle={handle} />;
  if (embed.kind === "facebook") return <FacebookPlayer url={url} title={title} handle={handle} />;
  return <FilePlayer url={url} title={title} handle={handle} kind="video" />;
}

/**
 * Spec 1 screen 7: the sermon's player. YouTube, Vimeo and Facebook links play in their embeds, HLS
 * recordings of live streams (`.m3u8`) in HlsVideo, other links in the browser's own player; with both a video and an audio link, tabs choose between them.
 */
export function SermonPlayer({
  title,
  videoUrl,
  audioUrl,
  ref,
}: {
  title: string;
  videoUrl: string | null;
  audioUrl: string | null;
  ref?: Ref<TPlayerHandle>;
}) {
  const t = useT(sermonsCatalog);
  const videoHandle = useRef<TPlayerHandle | null>(null);
  const audioHandle = useRef<TPlayerHandle | null>(null);
  const [tab, setTab] = useState<"video" | "audio">(videoUrl ? "video" : "audio");
  useImperativeHandle(ref, () => ({
    getCurrentTime: () => (tab === "video" ? videoHandle : audioHandle).current?.getCurrentTime() ?? 0,
    seekTo: (seconds) => (tab === "video" ? videoHandle : audioHandle).current?.seekTo(seconds) ?? false,
    pause: () => (tab === "video" ? videoHandle : audioHandle).current?.pause(),
  }));
  const switchTo = (next: "video" | "audio") => {
    // The hidden player stops, so two recordings never play at once.
    (tab === "video" ? videoHandle : audioHandle).current?.pause();
    setTab(next);
  };

  if (videoUrl && audioUrl) {
    return (
      <Tabs value={tab} onValueChange={(v) => switchTo(v as "video" | "audio")}>
        <TabsList className="mb-3 w-full sm:w-64">
          <TabsTrigger value="video" className="inline-flex items-center justify-center gap-1.5">
            <Video className="size-4" aria-hidden="true" />
            {t("player.video")}
          </TabsTrigger>
          <TabsTrigger value="audio" className="inline-flex items-center justify-center gap-1.5">
            <Headphones className="size-4" aria-hidden="true" />
            {t("player.audio")}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="video" forceMount hidden={tab !== "video"}>
          <VideoPlayer url={videoUrl} title={title} handle={videoHandle} />
        </TabsContent>
        <TabsContent value="audio" forceMount hidden={tab !== "audio"}>
          <FilePlayer url={audioUrl} title={title} handle={audioHandle} kind="audio" />
        </TabsContent>
      </Tabs>
    );
  }
  if (videoUrl) return <VideoPlayer url={videoUrl} title={title} handle={videoHandle} />;
  if (audioUrl) return <FilePlayer url={audioUrl} title={title} handle={audioHandle} kind="audio" />;
  return null;
}
