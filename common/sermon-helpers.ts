/** Plain helpers and constants of sermons.ts, without zod (the first screens read them). */

export const DASHBOARD_SERMON_COUNT = 3;

export const RELATED_SERMON_COUNT = 4;

export const SERMON_PAGE_SIZE = 24;

/** "1h 5m", "45m": spec 1 screen 7 shows the duration as hours and minutes. */
export function formatDuration(minutes: number | null | undefined): string {
  if (!minutes) return "";
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m}m`;
  return m === 0 ? `${h}h` : `${h}h ${m}m`;
}

/**
 * Which player a sermon link needs. Facebook videos (a live stream's recording, issue 10) play in
 * Facebook's own embed; anything else, an HLS `.m3u8` address included, in the browser's player.
 */
export type TMediaKind =
  | { kind: "youtube"; id: string }
  | { kind: "vimeo"; id: string }
  | { kind: "facebook" }
  | { kind: "file" };

export function getVideoEmbed(url: string): TMediaKind {
  try {
    const u = new URL(url);
    const host = u.hostname.replace(/^www\.|^m\./, "");
    if (host === "youtu.be") return { kind: "youtube", id: u.pathname.slice(1).split("/")[0] };
    if (host === "youtube.com" || host === "youtube-nocookie.com") {
      const v = u.searchParams.get("v");
      if (v) return { kind: "youtube", id: v };
      const m = /^\/(embed|shorts|live)\/([\w-]+)/.exec(u.pathname);
      if (m) return { kind: "youtube", id: m[2] };
    }
    if (host === "vimeo.com" || host === "player.vimeo.com") {
      const m = /\/(?:video\/)?(\d+)/.exec(u.pathname);
      if (m) return { kind: "vimeo", id: m[1] };
    }
    if (host === "facebook.com" || host === "fb.watch") return { kind: "facebook" };
  } catch {
    // Not a URL: treat as a file link; the player shows its own error.
  }
  return { kind: "file" };
}
