import { getStreamEmbedUrl, getStreamKind } from "@common/live-helpers";
import { ExternalLink } from "lucide-react";
import { useEffect, useRef, useState } from "react";

/*
 * Loaded apart from the page (it brings common/live.ts, and so zod, with it), while the page asks
 * for the live event; hls.js loads later still, only for an HLS address in a browser without
 * native HLS.
 */

const HLS_TYPE = "application/vnd.apple.mpegurl";

function Unplayable({ url, title }: { url: string; title: string }) {
  return (
    <div className="flex size-full flex-col items-center justify-center gap-3 p-6 text-center text-white">
      <p className="text-sm text-stone-200">This stream cannot be played here.</p>
      {/^https?:\/\//i.test(url) && (
        <a
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-white underline underline-offset-4"
        >
          <ExternalLink className="size-4" aria-hidden="true" />
          Watch “{title}” on its own site
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      )}
    </div>
  );
}

/** An HLS (`.m3u8`) stream: the browser's own player where it has one (Safari), else hls.js. */
function HlsPlayer({ url, title }: { url: string; title: string }) {
  const video = useRef<HTMLVideoElement>(null);
  const [isFailed, setFailed] = useState(false);

  useEffect(() => {
    const el = video.current;
    if (!el) return;
    setFailed(false);
    if (el.canPlayType(HLS_TYPE)) {
      el.src = url;
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
        // The page's content policy allows workers from this site only, not hls.js's blob worker.
        const hls = new Hls({ lowLatencyMode: true, enableWorker: false });
        hls.on(Hls.Events.ERROR, (_event, data) => {
          if (data.fatal) setFailed(true);
        });
        hls.loadSource(url);
        hls.attachMedia(el);
        destroy = () => hls.destroy();
      })
      .catch(() => !isCancelled && setFailed(true));
    return () => {
      isCancelled = true;
      destroy?.();
    };
  }, [url]);

  if (isFailed) return <Unplayable url={url} title={title} />;
  return (
    // biome-ignore lint/a11y/useMediaCaption: a live stream has no caption track to offer
    <video ref={video} controls playsInline title={title} className="size-full bg-black" data-testid="hls-video" />
  );
}

/** The stream, embedded by the kind of its address (YouTube, Vimeo, Facebook or HLS). */
export function LivePlayer({ url, title }: { url: string; title: string }) {
  const kind = getStreamKind(url);
  if (kind === "hls") return <HlsPlayer url={url} title={title} />;
  const embed = kind ? getStreamEmbedUrl(url) : null;
  if (!embed) return <Unplayable url={url} title={title} />;
  return (
    <iframe
      src={embed}
      title={`${title} (live stream)`}
      className="size-full border-0"
      allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
      allowFullScreen
      referrerPolicy="strict-origin-when-cross-origin"
    />
  );
}
