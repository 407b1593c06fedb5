import { z } from "zod";
import { optionalText, requiredText } from "./text";

/*
 * Small groups (issue 27): the contract of /api/groups, shared by server and client. The values
 * (kinds, policies, visibilities, memberships) are API words and never change; screens word them
 * through the `groups` catalogue.
 */

export const GROUP_KINDS = ["bible_study", "youth", "prayer", "serving", "other"] as const;
export type TGroupKind = (typeof GROUP_KINDS)[number];
/** open: anyone joins at once; request: a leader approves; invite: only a leader or admin adds. */
export const GROUP_JOIN_POLICIES = ["open", "request", "invite"] as const;
export type TGroupJoinPolicy = (typeof GROUP_JOIN_POLICIES)[number];
/** listed: on /groups for every member; unlisted: only its members, leaders and admins see it. */
export const GROUP_VISIBILITIES = ["listed", "unlisted"] as const;
export type TGroupVisibility = (typeof GROUP_VISIBILITIES)[number];
/** The caller's place in a group: null (none), member, leader, or a request waiting. */
export const GROUP_MEMBERSHIPS = ["member", "leader", "requested"] as const;
export type TGroupMembership = (typeof GROUP_MEMBERSHIPS)[number];

export const GROUP_NAME_MAX = 80;
export const GROUP_DESCRIPTION_MAX = 2000;
export const GROUP_LOCATION_MAX = 300;
export const GROUP_CAPACITY_MAX = 1000;
export const GROUP_LEADERS_MAX = 10;
export const GROUP_POST_MAX = 2000;
/** `GET /api/groups` answers a page by name; the /groups page asks for the next with `after`. */
export const GROUPS_PAGE_SIZE = 50;
export const GROUPS_PAGE_MAX = 100;
export const GROUP_POSTS_PAGE_SIZE = 30;
export const GROUP_POSTS_PAGE_MAX = 100;
/** A group's page of upcoming meetings from its pattern. */
export const GROUP_UPCOMING_MEETINGS = 4;
/** At most one push per group per hour for new posts and prayers (the rest wait in the batch). */
export const GROUP_PUSH_BATCH_MINUTES = 60;

const ZMeetingDay = z
  .number({ error: "meetingDay must be a day of the week from 0 (Sunday) to 6 (Saturday)" })
  .int("meetingDay must be a day of the week from 0 (Sunday) to 6 (Saturday)")
  .min(0, "meetingDay must be a day of the week from 0 (Sunday) to 6 (Saturday)")
  .max(6, "meetingDay must be a day of the week from 0 (Sunday) to 6 (Saturday)");
const ZMeetingTime = z
  .string({ error: "meetingTime must be a time such as 19:30" })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "meetingTime must be a time such as 19:30");
const ZCapacity = z
  .number({ error: "capacity must be a number" })
  .int("capacity must be a whole number")
  .min(1, "capacity must be at least 1")
  .max(GROUP_CAPACITY_MAX, `capacity must be at most ${GROUP_CAPACITY_MAX}`);

const groupFields = {
  name: requiredText(GROUP_NAME_MAX, "Name"),
  description: optionalText(GROUP_DESCRIPTION_MAX, "Description"),
  kind: z.enum(GROUP_KINDS, { error: "kind must be bible_study, youth, prayer, serving or other" }),
  meetingDay: ZMeetingDay.nullish().transform((v) => v ?? null),
  meetingTime: ZMeetingTime.nullish().transform((v) => v ?? null),
  location: optionalText(GROUP_LOCATION_MAX, "Location"),
  capacity: ZCapacity.nullish().transform((v) => v ?? null),
  joinPolicy: z.enum(GROUP_JOIN_POLICIES, { error: "joinPolicy must be open, request or invite" }),
  visibility: z.enum(GROUP_VISIBILITIES, { error: "visibility must be listed or unlisted" }),
  leaderIds: z
    .array(z.uuid("leaderIds must be the ids of members of this church"), {
      error: "leaderIds must be a list of member ids",
    })
    .max(GROUP_LEADERS_MAX, `A group has at most ${GROUP_LEADERS_MAX} leaders`),
};

/** `POST /api/groups` (admins). */
export const ZCreateGroupBody = z.object({ ...groupFields, leaderIds: groupFields.leaderIds.default([]) }).strict();
export type TCreateGroupBody = z.input<typeof ZCreateGroupBody>;

/**
 * The group form's contract in the browser: the form's values mapped to a body by `toBody`, then
 * checked by ZCreateGroupBody. Here rather than in the page, so the page imports no zod namespace
 * (`import("zod")` as a whole would bring every zod locale into the download).
 */
export const groupFormContract = <T>(toBody: (values: T) => unknown) =>
  z.preprocess((v) => toBody(v as T), ZCreateGroupBody);

/**
 * `PATCH /api/groups/{id}` (admins, or a leader of that group): any of the fields. A leader may not
 * change the leaders (admins give and take that role).
 */
export const ZUpdateGroupBody = z
  .object(groupFields)
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, "Send at least one field to change");
export type TUpdateGroupBody = z.input<typeof ZUpdateGroupBody>;

/** `GET /api/groups?q=&kind=&day=&hasSpace=`: filters of the /groups page. */
export const ZGroupListQuery = z.object({
  q: z.string().trim().max(100, "q must be at most 100 characters").optional(),
  kind: z.enum(GROUP_KINDS, { error: "kind must be bible_study, youth, prayer, serving or other" }).optional(),
  day: z.coerce
    .number({ error: "day must be a day of the week from 0 (Sunday) to 6 (Saturday)" })
    .int("day must be a day of the week from 0 (Sunday) to 6 (Saturday)")
    .min(0, "day must be a day of the week from 0 (Sunday) to 6 (Saturday)")
    .max(6, "day must be a day of the week from 0 (Sunday) to 6 (Saturday)")
    .optional(),
  hasSpace: z
    .enum(["true", "false"], { error: "hasSpace must be true or false" })
    .transform((v) => v === "true")
    .optional(),
  /** A page by name: at most `limit` groups, those after the group `after` (the last one seen). */
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(GROUPS_PAGE_MAX, `limit must be at most ${GROUPS_PAGE_MAX}`)
    .default(GROUPS_PAGE_SIZE),
  after: z.uuid("after must be the id of a group").optional(),
});
export type TGroupListQuery = z.input<typeof ZGroupListQuery>;

export const ZGroupPerson = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
});
export type TGroupPerson = z.infer<typeof ZGroupPerson>;

/** A group as `GET /api/groups` and `GET /api/groups/{id}` answer it (the contract). */
export const ZGroup = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  kind: z.enum(GROUP_KINDS),
  meetingDay: z.number().int().nullable(),
  meetingTime: z.string().nullable(),
  location: z.string().nullable(),
  capacity: z.number().int().nullable(),
  memberCount: z.number().int(),
  joinPolicy: z.enum(GROUP_JOIN_POLICIES),
  visibility: z.enum(GROUP_VISIBILITIES),
  leaders: z.array(ZGroupPerson),
  membership: z.enum(GROUP_MEMBERSHIPS).nullable(),
});
export type TGroup = z.infer<typeof ZGroup>;

/** `POST /api/groups/{id}/join`: the caller's new place (a leader joining again keeps "leader"). */
export const ZJoinGroupResult = z.object({ membership: z.enum(GROUP_MEMBERSHIPS) });
export type TJoinGroupResult = z.infer<typeof ZJoinGroupResult>;

/** `GET /api/groups/{id}/requests` (the group's leaders and admins). */
export const ZGroupJoinRequest = z.object({
  userId: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  requestedAt: z.string(),
});
export type TGroupJoinRequest = z.infer<typeof ZGroupJoinRequest>;

/** `POST /api/groups/{id}/requests/{userId}/approve|decline`: an optional word to the member. */
export const ZGroupRequestDecisionBody = z
  .object({ message: optionalText(500, "Message") })
  .nullish()
  .transform((v) => ({ message: v?.message ?? null }));
export type TGroupRequestDecisionBody = z.input<typeof ZGroupRequestDecisionBody>;

/**
 * `POST /api/groups/{id}/members` (its leaders and admins): a member of the church added to the group,
 * whatever its join policy (the way into an invitation-only group); a seat is taken as a join takes one.
 */
export const ZAddGroupMemberBody = z
  .object({ userId: z.uuid("userId must be the id of a member of this church") })
  .strict();
export type TAddGroupMemberBody = z.input<typeof ZAddGroupMemberBody>;

/** `GET /api/groups/{id}/members`: a person of the group, with the fields they let the caller see. */
export const ZGroupMember = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  /** Their place in the group. */
  role: z.enum(["member", "leader"]),
  email: z.string().optional(),
  phone: z.string().optional(),
  birthday: z.string().optional(),
  address: z.string().optional(),
  bio: z.string().optional(),
});
export type TGroupMember = z.infer<typeof ZGroupMember>;

/** `POST /api/groups/{id}/posts`: a post, or a reply to one (`parentId`). */
export const ZGroupPostBody = z
  .object({
    message: requiredText(GROUP_POST_MAX, "Message"),
    parentId: z.uuid("parentId must be the id of a post in this group").nullish(),
  })
  .strict();
export type TGroupPostBody = z.input<typeof ZGroupPostBody>;

/** `GET /api/groups/{id}/posts?limit=&before=`: newest first; `before` is the id of the last post seen. */
export const ZGroupPostListQuery = z.object({
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(GROUP_POSTS_PAGE_MAX, `limit must be at most ${GROUP_POSTS_PAGE_MAX}`)
    .default(GROUP_POSTS_PAGE_SIZE),
  before: z.uuid("before must be the id of a post").optional(),
});
export type TGroupPostListQuery = z.input<typeof ZGroupPostListQuery>;

/** A post as the API and the `group_post` socket frame carry it. */
export const ZGroupPost = z.object({
  id: z.string(),
  message: z.string(),
  parentId: z.string().nullable(),
  author: ZGroupPerson.nullable(),
  createdAt: z.string(),
});
export type TGroupPost = z.infer<typeof ZGroupPost>;
