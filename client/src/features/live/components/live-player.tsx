import { getStreamEmbedUrl, getStreamKind } from "@common/live-helpers";
import { ExternalLink } from "lucide-react";
import { HlsVideo } from "@/components/hls-video";
import { useT } from "@/lib/i18n";
import { liveCatalog } from "../i18n";

/*
 * Loaded apart from the page, while the page asks for the live event; hls.js loads later still
 * (HlsVideo), only for an HLS address in a browser without native HLS.
 */

function Unplayable({ url, title }: { url: string; title: string }) {
  const t = useT(liveCatalog);
  return (
    <div className="flex size-full flex-col items-center justify-center gap-3 p-6 text-center text-white">
      <p className="text-sm text-stone-200">{t("player.unplayable")}</p>
      {/^https?:\/\//i.test(url) && (
        <a
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-white underline underline-offset-4"
        >
          <ExternalLink className="size-4" aria-hidden="true" />
          {t("player.watchElsewhere", { title })}
          <span className="sr-only">{t("player.newTab")}</span>
        </a>
      )}
    </div>
  );
}

/** The stream, embedded by the kind of its address (YouTube, Vimeo, Facebook or HLS). */
export function LivePlayer({ url, title }: { url: string; title: string }) {
  const t = useT(liveCatalog);
  const kind = getStreamKind(url);
  if (kind === "hls") return <HlsVideo src={url} title={t("player.frameTitle", { title })} className="size-full" />;
  const embed = kind ? getStreamEmbedUrl(url) : null;
  if (!embed) return <Unplayable url={url} title={title} />;
  return (
    <iframe
      src={embed}
      title={t("player.frameTitle", { title })}
      className="size-full border-0"
      allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
      allowFullScreen
      referrerPolicy="strict-origin-when-cross-origin"
    />
  );
}
