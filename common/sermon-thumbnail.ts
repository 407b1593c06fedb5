/**
 * A sermon's picture for cards (issue 24), the one place that turns a video address into an image
 * address. Without zod: the archive's cards read it through the answers the server builds.
 */
import { getVideoEmbed } from "./sermon-helpers";

/** YouTube ids are 11 characters of [A-Za-z0-9_-]; a little slack, but never a path or a query. */
const VIDEO_ID = /^[\w-]{4,32}$/;

/**
 * The thumbnail of a YouTube or Vimeo recording, from the video id `getVideoEmbed` reads (watch,
 * youtu.be, embed, shorts and live addresses alike); null for any other recording or none, where the
 * card draws the church-coloured placeholder instead.
 *
 * YouTube serves its picture at a fixed address. Vimeo's needs its oEmbed API, which a church's server
 * may not be able to reach (and would then have to store); vumbnail.com serves it from the id alone.
 */
export function getSermonThumbnailUrl(videoUrl: string | null | undefined): string | null {
  if (!videoUrl) return null;
  const media = getVideoEmbed(videoUrl);
  if (media.kind === "youtube" && VIDEO_ID.test(media.id)) return `https://i.ytimg.com/vi/${media.id}/hqdefault.jpg`;
  if (media.kind === "vimeo" && /^\d+$/.test(media.id)) return `https://vumbnail.com/${media.id}.jpg`;
  return null;
}
