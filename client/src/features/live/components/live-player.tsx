import { getStreamEmbedUrl, getStreamKind } from "@common/live-helpers";
import { ExternalLink } from "lucide-react";
import { HlsVideo } from "@/components/hls-video";

/*
 * Loaded apart from the page, while the page asks for the live event; hls.js loads later still
 * (HlsVideo), only for an HLS address in a browser without native HLS.
 */

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

/** The stream, embedded by the kind of its address (YouTube, Vimeo, Facebook or HLS). */
export function LivePlayer({ url, title }: { url: string; title: string }) {
  const kind = getStreamKind(url);
  if (kind === "hls") return <HlsVideo src={url} title={`${title} (live stream)`} className="size-full" />;
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
