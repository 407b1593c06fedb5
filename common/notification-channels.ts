import { z } from "zod";
import {
  CHANNEL_KINDS,
  CLOCK_TIME_PATTERN,
  DEFAULT_DIGEST_DAY,
  DEFAULT_DIGEST_TIME,
  EMAIL_FALLBACK_HOURS_CHOICES,
  EMAIL_MODES,
  type TChannelKind,
  UNSUBSCRIBE_TOPICS,
} from "./notification-channels-helpers";

export * from "./notification-channels-helpers";

/**
 * Issue 29: `GET/PUT /api/notifications/channels`, how each kind of notification reaches the member
 * (in the app always; push; e-mail never / when unseen / always), their quiet hours and the digest.
 */

const CLOCK_MESSAGE = "Times must be written as HH:MM, from 00:00 to 23:59";
export const ZClockTime = z.string({ error: CLOCK_MESSAGE }).regex(CLOCK_TIME_PATTERN, CLOCK_MESSAGE);

export const ZQuietHours = z.object(
  { from: ZClockTime, to: ZClockTime },
  { error: "quietHours must have a from and a to time (HH:MM)" },
);
export type TQuietHours = z.infer<typeof ZQuietHours>;

export const ZChannelChoice = z.object(
  {
    push: z.boolean({ error: "push must be true or false" }),
    email: z.enum(EMAIL_MODES, { error: 'email must be "never", "unseen" or "always"' }),
  },
  { error: "Each kind must have push and email" },
);

const kindShape = <T extends z.ZodType>(each: T) =>
  Object.fromEntries(CHANNEL_KINDS.map((k) => [k, each])) as Record<TChannelKind, T>;

/** `GET /api/notifications/channels` (and PUT's answer): every kind, the quiet hours, the digest. */
export const ZChannels = z.object({
  ...kindShape(ZChannelChoice),
  quietHours: ZQuietHours,
  /** Whether the member gets the weekly e-mail digest. */
  digest: z.boolean(),
});
export type TChannels = z.infer<typeof ZChannels>;

/**
 * `PUT /api/notifications/channels`: any of the kinds (each whole or partly), the quiet hours, the
 * digest; what is absent stays as it is. Unknown keys are refused, so a misspelt kind is not lost.
 */
export const ZChannelsBody = z
  .strictObject(
    {
      ...kindShape(ZChannelChoice.partial().optional()),
      quietHours: ZQuietHours.nullish(),
      digest: z.boolean({ error: "digest must be true or false" }).optional(),
    },
    { error: "Send the notification channels as an object" },
  )
  .refine((b) => Object.values(b).some((v) => v !== undefined), "Nothing to change: send at least one kind");
export type TChannelsBody = z.input<typeof ZChannelsBody>;

/** Church Settings (issue 29): the e-mail fallback delay, and the weekly digest's day and time. */
export const ZEmailFallbackHours = z
  .number({ error: "Choose after how many hours an unread notification goes by e-mail: 1, 3, 6, 12 or 24" })
  .int()
  .refine(
    (v) => (EMAIL_FALLBACK_HOURS_CHOICES as readonly number[]).includes(v),
    "Choose after how many hours an unread notification goes by e-mail: 1, 3, 6, 12 or 24",
  );
export const ZDigestDay = z
  .number({ error: "The digest day must be 0 (Sunday) to 6 (Saturday)" })
  .int("The digest day must be 0 (Sunday) to 6 (Saturday)")
  .min(0, "The digest day must be 0 (Sunday) to 6 (Saturday)")
  .max(6, "The digest day must be 0 (Sunday) to 6 (Saturday)");
export const ZDigestTime = ZClockTime;
export { DEFAULT_DIGEST_DAY, DEFAULT_DIGEST_TIME };

/** The unsubscribe link's query (`/api/unsubscribe?u=&t=&s=`): the member, the topic, the signature. */
export const ZUnsubscribeQuery = z.object({
  u: z.uuid("The unsubscribe link is incomplete"),
  t: z.enum(UNSUBSCRIBE_TOPICS, { error: "The unsubscribe link is incomplete" }),
  s: z
    .string({ error: "The unsubscribe link is incomplete" })
    .regex(/^[A-Za-z0-9_-]{20,100}$/, "The unsubscribe link is incomplete"),
});
export type TUnsubscribeQuery = z.infer<typeof ZUnsubscribeQuery>;

/** `GET /api/unsubscribe`'s answer (the page shows it) and POST's: what is now off. */
export const ZUnsubscribeResult = z.object({
  topic: z.enum(UNSUBSCRIBE_TOPICS),
  churchName: z.string().nullable(),
  off: z.boolean(),
});
export type TUnsubscribeResult = z.infer<typeof ZUnsubscribeResult>;
