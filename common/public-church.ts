import { z } from "zod";
import { INVITATION_REQUEST_MESSAGE_MAX } from "./public-church-helpers";
import { optionalText } from "./text";

/**
 * The public page /c/{slug} (issue 24): only what a church shows to anyone. Built by one function on
 * the server (public-church.service.ts) that picks these fields and nothing else.
 */
export const ZPublicChurch = z.object({
  name: z.string(),
  slug: z.string(),
  logoUrl: z.string().nullable(),
  brandColor: z.string(),
  /** Event times on the page are shown in this zone. */
  timeZone: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  /** The church's contact address from Church Settings (never a member's). */
  email: z.string().nullable(),
  website: z.string().nullable(),
});
export type TPublicChurch = z.infer<typeof ZPublicChurch>;

export const ZPublicSermon = z.object({ id: z.string(), title: z.string(), speaker: z.string(), date: z.string() });
export type TPublicSermon = z.infer<typeof ZPublicSermon>;

export const ZPublicEvent = z.object({
  id: z.string(),
  title: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  location: z.string(),
});
export type TPublicEvent = z.infer<typeof ZPublicEvent>;

/** A regular service: a repeating event marked as one, with when it happens in words ("Sundays at 10:00 AM"). */
export const ZPublicService = ZPublicEvent.extend({ when: z.string() });
export type TPublicService = z.infer<typeof ZPublicService>;

/** `GET /api/public/churches/{slug}`. */
export const ZPublicChurchPage = z.object({
  church: ZPublicChurch,
  /**
   * Regular services: repeating events marked as services, with their next occurrence's times and
   * when they happen in words, in the church's zone.
   */
  services: z.array(ZPublicService),
  sermons: z.array(ZPublicSermon),
  events: z.array(ZPublicEvent),
});
export type TPublicChurchPage = z.infer<typeof ZPublicChurchPage>;

/** `POST /api/public/churches/{slug}/invitation-requests`: no account needed. */
export const ZInvitationRequestBody = z.object({
  name: z
    .string({ error: "Please enter your name." })
    .trim()
    .min(1, "Please enter your name.")
    .max(100, "Name must be at most 100 characters"),
  email: z
    .string({ error: "Please enter an email address." })
    .trim()
    .min(1, "Please enter an email address.")
    .max(254, "Email is too long")
    .pipe(z.email("Enter a valid email address"))
    .transform((e) => e.toLowerCase()),
  message: optionalText(INVITATION_REQUEST_MESSAGE_MAX, "Message"),
});
export type TInvitationRequestBody = z.input<typeof ZInvitationRequestBody>;

export const ZInvitationRequestSent = z.object({ message: z.string() });

/** `GET /api/admin/invitation-requests`: the open requests, newest first. */
export const ZInvitationRequest = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  message: z.string().nullable(),
  createdAt: z.string(),
});
export type TInvitationRequest = z.infer<typeof ZInvitationRequest>;
