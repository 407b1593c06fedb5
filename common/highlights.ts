import { z } from "zod";

/** `POST /api/sermon-highlights` (spec 1 section 7). */
export const ZHighlightBody = z.object({
  sermonId: z.uuid("Choose a sermon"),
  timestamp: z.number({ error: "Timestamp must be a number of seconds" }).int().min(0).max(86_400),
  text: z
    .string({ error: "Select some text to highlight" })
    .trim()
    .min(1, "Select some text to highlight")
    .max(2000, "A highlight must be at most 2000 characters"),
  note: z
    .string()
    .trim()
    .max(2000, "A note must be at most 2000 characters")
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type THighlightBody = z.input<typeof ZHighlightBody>;

export const ZHighlight = z.object({
  id: z.string(),
  sermonId: z.string(),
  timestamp: z.number().int(),
  text: z.string(),
  note: z.string().nullable(),
  createdAt: z.string(),
  isShared: z.boolean(),
  shareCount: z.number().int(),
  isMine: z.boolean(),
  userName: z.string(),
});
export type THighlight = z.infer<typeof ZHighlight>;
