import { RotateCw, VideoOff } from "lucide-react";
import { type Ref, useEffect, useRef, useState } from "react";
import { useT } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { commonCatalog } from "./i18n";

const HLS_TYPE = "application/vnd.apple.mpegurl";

/**
 * An HLS (`.m3u8`) video, for the live page and for recorded streams on a sermon's page. Safari
 * plays HLS itself; other browsers get hls.js, imported only then so that it never weighs on a
 * page's first load. If the stream cannot be loaded (offline, ended, refused), the video gives way
 * to a message with Try again. `className` sizes the box (the video fills it).
 */
export function HlsVideo({
  src,
  title,
  autoPlay = false,
  controls = true,
  className,
  ref,
}: {
  src: string;
  /** The video's accessible name. */
  title: string;
  autoPlay?: boolean;
  controls?: boolean;
  className?: string;
  /** The `<video>` element, for a caller that reads its time or seeks. */
  ref?: Ref<HTMLVideoElement>;
}) {
  const t = useT(commonCatalog);
  const video = useRef<HTMLVideoElement | null>(null);
  const [isFailed, setFailed] = useState(false);
  // Bumped by Try again: the effect below starts over with a fresh hls.js instance.
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: Try again (`attempt`) starts the stream over
  useEffect(() => {
    const el = video.current;
    if (!el) return;
    setFailed(false);
    if (el.canPlayType(HLS_TYPE)) {
      el.src = src;
      return () => {
        el.removeAttribute("src");
        el.load();
      };
    }
    let isCancelled = false;
    let destroy: (() => void) | undefined;
    import("hls.js")
      .then(({ default: Hls }) => {
        if (isCancelled) return;
        if (!Hls.isSupported()) {
          setFailed(true);
          return;
        }
        // The content policy allows workers from this site only, not hls.js's blob worker.
        const hls = new Hls({ lowLatencyMode: true, enableWorker: false });
        destroy = () => hls.destroy();
        hls.on(Hls.Events.ERROR, (_event, data) => {
          if (data.fatal && !isCancelled) setFailed(true);
        });
        hls.loadSource(src);
        hls.attachMedia(el);
      })
      .catch(() => !isCancelled && setFailed(true));
    return () => {
      isCancelled = true;
      destroy?.();
    };
  }, [src, attempt]);

  return (
    <div className={cn("overflow-hidden bg-stone-900", className)}>
      {/* biome-ignore lint/a11y/useMediaCaption: streams and their recordings come without caption tracks */}
      <video
        ref={(el) => {
          video.current = el;
          if (typeof ref === "function") ref(el);
          else if (ref) ref.current = el;
        }}
        controls={controls}
        autoPlay={autoPlay}
        playsInline
        preload="metadata"
        aria-label={title}
        hidden={isFailed}
        className="size-full bg-black"
        data-testid="hls-video"
        onError={() => setFailed(true)}
      />
      {isFailed && (
        <div
          role="status"
          className="flex size-full flex-col items-center justify-center gap-2 p-6 text-center text-stone-100"
        >
          <VideoOff className="size-8 text-stone-400" aria-hidden="true" />
          <p className="text-base font-medium">{t("video.failed")}</p>
          <p className="max-w-xs text-sm text-stone-300">{t("video.checkConnection")}</p>
          <button
            type="button"
            onClick={() => setAttempt((n) => n + 1)}
            className="mt-1 inline-flex min-h-10 items-center gap-1.5 rounded-md border border-stone-500 px-4 text-sm font-medium text-white hover:bg-stone-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            <RotateCw className="size-4" aria-hidden="true" />
            {t("action.tryAgain")}
          </button>
        </div>
      )}
    </div>
  );
}
