import { z } from "zod";
import type { TGroupPost } from "./groups";
import {
  getStreamKind,
  LIVE_DESCRIPTION_MAX,
  LIVE_MESSAGE_MAX,
  LIVE_MODERATORS_MAX,
  LIVE_TITLE_MAX,
} from "./live-helpers";
import { optionalText, requiredText } from "./text";

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
  title: requiredText(LIVE_TITLE_MAX, "Title"),
  description: optionalText(LIVE_DESCRIPTION_MAX, "Description"),
  streamUrl: ZStreamUrl,
  chatEnabled: z.boolean({ error: "chatEnabled must be true or false" }).default(true),
  recordingEnabled: z.boolean({ error: "recordingEnabled must be true or false" }).default(true),
});
export type TLiveStartBody = z.input<typeof ZLiveStartBody>;

/** `PATCH /api/live-stream` (Stream Settings while live): only the fields sent change. */
export const ZLiveSettingsBody = z
  .object({
    title: requiredText(LIVE_TITLE_MAX, "Title").optional(),
    description: optionalText(LIVE_DESCRIPTION_MAX, "Description"),
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
  /** Issue 27: a group thread's room, for the group's members, leaders and admins. */
  z.object({ type: z.literal("join_group"), groupId: z.string().max(100) }),
  z.object({ type: z.literal("leave_group"), groupId: z.string().max(100) }),
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
  /** The admin changed who may moderate: each page asks again whether its member may (`canModerate`). */
  | { type: "moderators_changed"; eventId: string }
  /** The server may have missed frames (its bus reconnected): fetch the history again. */
  | { type: "resync"; eventId: string }
  /** A notification arrived for this member (issue 11): fetch `GET /api/notifications` again. */
  | { type: "notification" }
  /** Issue 27: the socket is in the group thread's room. */
  | { type: "group_joined"; groupId: string }
  /** A new post in a group thread the socket joined. */
  | { type: "group_post"; groupId: string; post: TGroupPost }
  /** A post hidden by its author, a leader or an admin: take it off the page. */
  | { type: "group_post_hidden"; groupId: string; id: string }
  /** The member left the group (or was removed): the room sends nothing more. */
  | { type: "group_left"; groupId: string }
  /** Frames may have been missed: fetch the thread again. */
  | { type: "group_resync"; groupId: string }
  | { type: "error"; message: string };
