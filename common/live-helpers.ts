/**
 * The live stream's figures and stream kinds, without zod: the client's pages import these and
 * stay small (common/live.ts holds the contracts).
 */

/** Spec 2 §9: the link members open to watch. */
export const STREAM_LINK_PATH = "/live";
/** Spec 1 §9: the chat's poll interval, used only while the socket is down (issue 10). */
export const LIVE_CHAT_POLL_MS = 5000;
/** The longest stream title and description (Start Live Stream, Stream Settings). */
export const LIVE_TITLE_MAX = 120;
export const LIVE_DESCRIPTION_MAX = 2000;
/** The longest chat message. */
export const LIVE_MESSAGE_MAX = 500;
/** A member may send at most this many messages in any window of this many seconds. */
export const LIVE_MESSAGE_RATE = { count: 5, seconds: 10 } as const;
/** How many of the newest messages the chat history gives. */
export const LIVE_HISTORY_SIZE = 100;
/** The most moderators a church may choose. */
export const LIVE_MODERATORS_MAX = 50;
/** The largest frame a client may send over the socket, in bytes. */
export const LIVE_FRAME_MAX_BYTES = 4096;

export type TStreamKind = "youtube" | "vimeo" | "facebook" | "hls";

/** What kind of player a stream address needs, or null for an address none of them plays. */
export function getStreamKind(url: string): TStreamKind | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  if (u.protocol !== "https:" && u.protocol !== "http:") return null;
  const host = u.hostname.toLowerCase().replace(/^(www|m)\./, "");
  if (u.pathname.toLowerCase().endsWith(".m3u8")) return "hls";
  if (host === "youtube.com" || host === "youtu.be" || host === "youtube-nocookie.com") return "youtube";
  if (host === "vimeo.com" || host === "player.vimeo.com") return "vimeo";
  if (host === "facebook.com" || host === "fb.watch") return "facebook";
  return null;
}

/**
 * The address to put in an iframe for a YouTube, Vimeo or Facebook link (HLS plays in a video element,
 * anything else not at all).
 */
export function getStreamEmbedUrl(url: string): string | null {
  const kind = getStreamKind(url);
  if (!kind || kind === "hls") return null;
  const u = new URL(url);
  if (kind === "youtube") {
    const host = u.hostname.replace(/^(www|m)\./, "");
    const id =
      host === "youtu.be"
        ? u.pathname.slice(1).split("/")[0]
        : u.searchParams.get("v") || u.pathname.match(/^\/(?:live|embed|shorts)\/([\w-]+)/)?.[1];
    return id && /^[\w-]{6,20}$/.test(id)
      ? `https://www.youtube-nocookie.com/embed/${id}?autoplay=1&playsinline=1`
      : null;
  }
  if (kind === "vimeo") {
    const id = u.pathname.match(/(?:^|\/)(?:event\/)?(\d+)/)?.[1];
    if (!id) return null;
    return u.pathname.includes("/event/")
      ? `https://vimeo.com/event/${id}/embed`
      : `https://player.vimeo.com/video/${id}?autoplay=1`;
  }
  return `https://www.facebook.com/plugins/video.php?href=${encodeURIComponent(url)}&show_text=false`;
}
