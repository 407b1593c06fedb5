import { z } from "zod";
import { ZTimeCursor } from "./list-page";
import { optionalText, requiredText } from "./text";

/** Spec 2 §3 "Kudos": the enumerations, checked by the server. */
export const KUDOS_TYPES = [
  "volunteer_appreciation",
  "prayer_warrior",
  "community_builder",
  "servant_heart",
  "encourager",
] as const;
export const KUDOS_CATEGORIES = ["service", "prayer", "community", "leadership", "encouragement"] as const;
export const KUDOS_REACTIONS = ["heart", "thumbs_up", "celebrate", "star"] as const;
export const KUDOS_STATUSES = ["pending", "approved", "rejected"] as const;

export const ZKudosType = z.enum(KUDOS_TYPES, { error: "Choose a recognition type" });
export const ZKudosCategory = z.enum(KUDOS_CATEGORIES, { error: "Choose a category" });
export const ZKudosReaction = z.enum(KUDOS_REACTIONS, {
  error: `reaction must be one of ${KUDOS_REACTIONS.join(", ")}`,
});
export type TKudosType = z.infer<typeof ZKudosType>;
export type TKudosCategory = z.infer<typeof ZKudosCategory>;
export type TKudosReaction = z.infer<typeof ZKudosReaction>;
export type TKudosStatus = (typeof KUDOS_STATUSES)[number];

export const KUDOS_TITLE_MAX = 100;
export const KUDOS_MESSAGE_MAX = 1000;
/** The list is newest first and bounded (no page size in the spec). */
export const KUDOS_LIST_LIMIT = 100;
/** Issue 23: each kudos tells every admin, so a member gives at most this many an hour. */
export const KUDOS_PER_HOUR = 10;
export const KUDOS_RATE_LIMITED = `You can give ${KUDOS_PER_HOUR} kudos an hour. Please try again later.`;

/** `POST /api/kudos`: the recipient is a member of the caller's church and not the caller. */
export const ZKudosBody = z.object({
  toUserId: z.uuid("Choose a member to recognize"),
  type: ZKudosType,
  category: ZKudosCategory,
  title: requiredText(KUDOS_TITLE_MAX, "Title"),
  message: requiredText(KUDOS_MESSAGE_MAX, "Message"),
});
export type TKudosBody = z.input<typeof ZKudosBody>;

/** `POST /api/kudos/{kudosId}/reaction`: toggles the caller's reaction of that kind. */
export const ZKudosReactionBody = z.object({ reaction: ZKudosReaction });
export type TKudosReactionBody = z.input<typeof ZKudosReactionBody>;

/** `POST /api/admin/kudos/{id}/reject`: the reason is optional and told to the sender. */
export const ZKudosRejectBody = z
  .object({ reason: optionalText(500, "Reason") })
  .nullish()
  .transform((v) => ({ reason: v?.reason ?? null }));
export type TKudosRejectBody = z.input<typeof ZKudosRejectBody>;

export const ZKudosPerson = z.object({
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
});

export const ZKudosReactionCounts = z.object({
  heart: z.number().int(),
  thumbs_up: z.number().int(),
  celebrate: z.number().int(),
  star: z.number().int(),
});

/** A kudos as a member sees it (spec 2 §3), with its status, reaction counts and the caller's reactions. */
export const ZKudos = z.object({
  id: z.string(),
  toUserId: z.string(),
  type: ZKudosType,
  title: z.string(),
  message: z.string(),
  category: ZKudosCategory,
  createdAt: z.string(),
  /** Null when the sender's account was deleted. */
  fromUser: ZKudosPerson.nullable(),
  toUser: ZKudosPerson,
  status: z.enum(KUDOS_STATUSES),
  /** The caller sent it. */
  isMine: z.boolean(),
  /** The admin's reason for not approving it, told only to its sender (null otherwise). */
  rejectionReason: z.string().nullable(),
  reactions: ZKudosReactionCounts,
  myReactions: z.array(ZKudosReaction),
});
export type TKudos = z.infer<typeof ZKudos>;

/**
 * `GET /api/kudos/recipients`: the members a member may recognize (their church, not themselves), by
 * name, for the Give Kudos dialog. No e-mail addresses: members do not see each other's.
 */
export const ZKudosRecipient = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
});
export type TKudosRecipient = z.infer<typeof ZKudosRecipient>;

/** The answer to a reaction toggle: whether the caller's reaction is now on, and the new counts. */
export const ZKudosReactionResult = z.object({
  reaction: ZKudosReaction,
  reacted: z.boolean(),
  reactions: ZKudosReactionCounts,
  myReactions: z.array(ZKudosReaction),
});
export type TKudosReactionResult = z.infer<typeof ZKudosReactionResult>;

/** A pending kudos in the admin approval queue. */
export const ZPendingKudos = ZKudos.omit({ isMine: true, rejectionReason: true, reactions: true, myReactions: true });
export type TPendingKudos = z.infer<typeof ZPendingKudos>;

/** `GET /api/kudos?after=`: the page after the cursor of the previous page's `Link: rel="next"` (issue 30). */
export const ZKudosListQuery = z.object({ after: ZTimeCursor.optional() });
