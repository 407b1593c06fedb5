import { z } from "zod";
import { AUDIT_ACTIONS, AUDIT_RETENTION_CHOICES } from "./audit-labels";
import { ZTimeCursor } from "./list-page";

export { AUDIT_ACTIONS };

const RETENTION_MESSAGE = "Choose how long to keep the audit log: 1, 2, 5 or 7 years";

export type TAuditAction = (typeof AUDIT_ACTIONS)[number];
export const ZAuditAction = z.enum(AUDIT_ACTIONS, { error: "Choose an action from the list" });

/** What a masked secret reads as in `changes` (a key was set or changed; never its value). */
export const AUDIT_MASK = "••••••••";

/** `{field: [before, after]}`: only the fields that changed. */
export const ZAuditChanges = z.record(z.string(), z.tuple([z.unknown(), z.unknown()]));
export type TAuditChanges = z.infer<typeof ZAuditChanges>;

export const ZAuditRetentionDays = z
  .number({ error: RETENTION_MESSAGE })
  .int(RETENTION_MESSAGE)
  .refine((v) => (AUDIT_RETENTION_CHOICES as readonly number[]).includes(v), RETENTION_MESSAGE);

/** The most entries one page asks for. */
export const AUDIT_PAGE_MAX = 200;
const DATE_MESSAGE = "Enter the date as YYYY-MM-DD";
const ZAuditDate = z
  .string({ error: DATE_MESSAGE })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, DATE_MESSAGE)
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
  }, "That date does not exist")
  // The trail holds nothing older than the app; a year before 1970 is a typing slip.
  .refine((v) => v >= "1970-01-01", "Choose a date from 1970 on");
/** An empty query field (`?action=`) is no filter, as a form sends it. */
const blankless = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === "" || v === null ? undefined : v), schema.optional());

/**
 * `GET /api/admin/audit` and `/api/admin/audit.csv`: newest first. `from` and `to` are days in the
 * church's time zone (`to` included); `actorId` is a member's id, or `system` for what the app did.
 */
const auditQuery = (defaultLimit: number) =>
  z
    .object({
      limit: blankless(
        z.coerce
          .number({ error: "limit must be a number" })
          .int("limit must be a whole number")
          .min(1, "limit must be at least 1")
          .max(AUDIT_PAGE_MAX, `limit must be at most ${AUDIT_PAGE_MAX}`),
      ).transform((v) => v ?? defaultLimit),
      offset: blankless(
        z.coerce
          .number({ error: "offset must be a number" })
          .int("offset must be a whole number")
          .min(0, "offset must be 0 or more")
          .max(1_000_000, "offset is too large"),
      ).transform((v) => v ?? 0),
      /** Issue 30: the page after this cursor (the previous page's `Link: rel="next"`); needs no offset. */
      after: blankless(ZTimeCursor),
      action: blankless(ZAuditAction),
      actorId: blankless(
        z
          .string()
          .regex(
            /^(system|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i,
            "Choose a person from the list",
          )
          .transform((v) => v.toLowerCase()),
      ),
      from: blankless(ZAuditDate),
      to: blankless(ZAuditDate),
    })
    .refine((q) => !q.from || !q.to || q.from <= q.to, {
      message: "The start date must be on or before the end date",
      path: ["to"],
    });
export const ZAuditQuery = auditQuery(50);
/** The most entries one CSV holds when it is asked for no `limit` (all that match, up to this). */
export const AUDIT_CSV_MAX = 50_000;
/** `GET /api/admin/audit.csv`: the same filters; without `limit`, every matching entry. */
export const ZAuditCsvQuery = auditQuery(AUDIT_CSV_MAX);
export type TAuditQuery = z.input<typeof ZAuditQuery>;

/** One entry as the page shows it; `actor` null is the system. */
export const ZAuditEntryResponse = z.object({
  id: z.uuid(),
  action: z.string(),
  actor: z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string() }).nullable(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  changes: ZAuditChanges,
  createdAt: z.string(),
});
export type TAuditEntryResponse = z.infer<typeof ZAuditEntryResponse>;

/** `GET /api/admin/audit/actors`: the people who appear in the church's audit log, for the filter. */
export const ZAuditActor = z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string() });
export type TAuditActor = z.infer<typeof ZAuditActor>;
