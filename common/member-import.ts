import { z } from "zod";
import { ZInvitableRole } from "./members";

const header = (what: string) =>
  z
    .string({ error: `The ${what} column must be a column name.` })
    .trim()
    .min(1, `The ${what} column must be a column name.`)
    .max(200, `The ${what} column name is too long.`);

/** Which column (by its header) holds each field; e-mail is required, the others optional. */
export const ZImportMapping = z.object(
  {
    email: header("email"),
    firstName: header("first name").nullish(),
    lastName: header("last name").nullish(),
    role: header("role").nullish(),
  },
  { error: "The column mapping must name at least the email column." },
);
export type TImportMapping = z.input<typeof ZImportMapping>;

/** `POST /api/admin/members/import/preview`: the file's text, and the mapping (guessed from the headers when left out). */
export const ZMemberImportPreviewBody = z.object({
  csv: z.string({ error: "Paste or upload a CSV file." }).min(1, "The file is empty."),
  mapping: ZImportMapping.optional(),
});
export type TMemberImportPreviewBody = z.input<typeof ZMemberImportPreviewBody>;

/** `POST /api/admin/members/import`: "now" e-mails the invitations (within the daily limits), "later" keeps them waiting for review. */
export const ZMemberImportBody = ZMemberImportPreviewBody.extend({
  send: z.enum(["now", "later"], { error: 'Choose to send the invitations "now" or "later".' }),
});
export type TMemberImportBody = z.input<typeof ZMemberImportBody>;

export const ZImportRow = z.object({
  /** The row as a spreadsheet numbers it: the header is row 1, the first person row 2. */
  row: z.number().int(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  /** The role the invitation would grant; null when the cell names no invitable role. */
  role: ZInvitableRole.nullable(),
  problems: z.array(z.string()),
});
export type TImportRow = z.infer<typeof ZImportRow>;

export const ZMemberImportPreview = z.object({
  headers: z.array(z.string()),
  mapping: z.object({
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    role: z.string().nullable(),
  }),
  rows: z.array(ZImportRow),
  counts: z.object({ total: z.number().int(), ok: z.number().int(), withProblems: z.number().int() }),
});
export type TMemberImportPreview = z.infer<typeof ZMemberImportPreview>;

export const ZMemberImportResult = z.object({
  created: z.number().int(),
  sent: z.number().int(),
  /** Created but not e-mailed: "later", or over a daily sending limit. */
  waiting: z.number().int(),
  skipped: z.number().int(),
  /** Why some wait although "now" was asked (a sending limit, an unconfirmed address), in words. */
  notice: z.string().optional(),
});
export type TMemberImportResult = z.infer<typeof ZMemberImportResult>;

/** `POST /api/admin/invitations/send-waiting`. */
export const ZSendWaitingResult = z.object({
  sent: z.number().int(),
  waiting: z.number().int(),
  /** Why some still wait (a sending limit, an unconfirmed address), in words. */
  notice: z.string().optional(),
});
export type TSendWaitingResult = z.infer<typeof ZSendWaitingResult>;
