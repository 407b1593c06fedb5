import { z } from "zod";
import { optionalText, requiredText } from "./text";

/** Spec 2 §9: the link members open to watch. */
export const STREAM_LINK_PATH = "/live";
/** Spec 1 §9: the chat's poll interval, used only while the socket is down (issue 10). */
export const LIVE_CHAT_POLL_MS = 5000;
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

/** An optional stream address: empty is none; otherwise one of the players' kinds. */
export const ZStreamUrl = z
  .string()
  .trim()
  .max(2000, "Stream URL must be at most 2000 characters")
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || getStreamKind(v) !== null, {
    message: "Stream URL must be a YouTube, Vimeo or Facebook link, or an HLS (.m3u8) address",
  });

/** `POST /api/live-stream/start` (spec 2 §3): title required after trimming; chat and recording default on. */
export const ZLiveStartBody = z.object({
  title: requiredText(120, "Title"),
  description: optionalText(2000, "Description"),
  streamUrl: ZStreamUrl,
  chatEnabled: z.boolean({ error: "chatEnabled must be true or false" }).default(true),
  recordingEnabled: z.boolean({ error: "recordingEnabled must be true or false" }).default(true),
});
export type TLiveStartBody = z.input<typeof ZLiveStartBody>;

/** `PATCH /api/live-stream` (Stream Settings while live): only the fields sent change. */
export const ZLiveSettingsBody = z
  .object({
    title: requiredText(120, "Title").optional(),
    description: optionalText(2000, "Description"),
    streamUrl: ZStreamUrl,
    chatEnabled: z.boolean({ error: "chatEnabled must be true or false" }).optional(),
  })
  .partial();
export type TLiveSettingsBody = z.input<typeof ZLiveSettingsBody>;

/** `PUT /api/live-stream/moderators`: the whole list of members who may delete chat messages. */
export const ZLiveModeratorsBody = z.object({
  userIds: z
    .array(z.uuid("Each moderator must be a member's id"))
    .max(LIVE_MODERATORS_MAX, `At most ${LIVE_MODERATORS_MAX} moderators`),
});
export type TLiveModeratorsBody = z.input<typeof ZLiveModeratorsBody>;

export const LIVE_MESSAGE_TYPES = ["chat", "prayer_request"] as const;
export type TLiveMessageType = (typeof LIVE_MESSAGE_TYPES)[number];

/** `POST /api/live-stream/{eventId}/message` (spec 1 §5: trimmed, not empty). */
export const ZLiveMessageBody = z.object({
  message: requiredText(LIVE_MESSAGE_MAX, "Message"),
  messageType: z.enum(LIVE_MESSAGE_TYPES, { error: "messageType must be chat or prayer_request" }).default("chat"),
});
export type TLiveMessageBody = z.input<typeof ZLiveMessageBody>;

/** A chat message as everyone sees it (one serialisation for every viewer: nothing per caller). */
export const ZLiveMessage = z.object({
  id: z.string(),
  eventId: z.string(),
  userId: z.string().nullable(),
  /** The sender's name; "Anonymous" once the sender's account is gone (spec 1 §3). */
  userName: z.string(),
  userImageUrl: z.string().nullable(),
  message: z.string(),
  messageType: z.enum(LIVE_MESSAGE_TYPES),
  createdAt: z.string(),
});
export type TLiveMessage = z.infer<typeof ZLiveMessage>;

/** `GET /api/events/live`: the church's live event and its stream, or null when nothing is live. */
export const ZLiveEvent = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  location: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  streamUrl: z.string().nullable(),
  chatEnabled: z.boolean(),
  /** When the stream started (the event may have started earlier). */
  startedAt: z.string(),
  viewerCount: z.number().int(),
  /** The caller may delete chat messages (an admin or a chosen moderator). */
  canModerate: z.boolean(),
});
export type TLiveEvent = z.infer<typeof ZLiveEvent>;

/** A stream as the admin's page shows it: the live one, or one in Recent Streams. */
export const ZLiveStream = z.object({
  id: z.string(),
  eventId: z.string().nullable(),
  title: z.string(),
  description: z.string().nullable(),
  streamUrl: z.string().nullable(),
  chatEnabled: z.boolean(),
  recordingEnabled: z.boolean(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  /** Whole minutes from start to stop (to now while live). */
  durationMinutes: z.number().int(),
  viewerCount: z.number().int(),
  peakViewers: z.number().int(),
  messageCount: z.number().int(),
  /** The sermon draft made from its recording, if any. */
  sermonId: z.string().nullable(),
});
export type TLiveStream = z.infer<typeof ZLiveStream>;

/** `GET /api/live-stream/status` (admins). */
export const ZLiveStatus = z.object({ isLive: z.boolean(), stream: ZLiveStream.nullable() });
export type TLiveStatus = z.infer<typeof ZLiveStatus>;

/** A member who may moderate, as `GET /api/live-stream/moderators` lists them. */
export const ZLiveModerator = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  profileImageUrl: z.string().nullable(),
});
export type TLiveModerator = z.infer<typeof ZLiveModerator>;

/** What a client may send over `/ws` (spec 1 §7). */
export const ZClientFrame = z.discriminatedUnion("type", [
  z.object({ type: z.literal("join_live_stream"), eventId: z.string().max(100) }),
  z.object({ type: z.literal("leave_live_stream") }),
]);
export type TClientFrame = z.infer<typeof ZClientFrame>;

/** What the server sends over `/ws`. */
export type TServerFrame =
  | { type: "joined"; eventId: string; count: number }
  | { type: "new_message"; message: TLiveMessage }
  | { type: "message_deleted"; eventId: string; messageId: string }
  | { type: "viewer_count"; eventId: string; count: number }
  /** Title, description, URL or chat changed while live: the new values (without the caller's own fields). */
  | { type: "stream_updated"; event: Omit<TLiveEvent, "canModerate" | "viewerCount"> }
  | { type: "stream_ended"; eventId: string }
  /** The server may have missed frames (its bus reconnected): fetch the history again. */
  | { type: "resync"; eventId: string }
  | { type: "error"; message: string };
