import { z } from "zod";
import { SEARCH_MAX_LENGTH, SEARCH_TYPES, type TSearchResult } from "./search-helpers";

/** The contract of `GET /api/search?q=` (issue 24); what it finds is in search-helpers.ts. */
export const ZSearchQuery = z.object({
  q: z
    .string({ error: "q must be text" })
    .max(SEARCH_MAX_LENGTH, `A search can be at most ${SEARCH_MAX_LENGTH} characters long.`)
    .default(""),
});
export type TSearchQuery = z.input<typeof ZSearchQuery>;

/**
 * One thing found. `snippet` is plain text (never HTML): the client marks the words searched for
 * itself, so nothing a member wrote is ever drawn as markup.
 */
export const ZSearchResult = z.object({
  type: z.enum(SEARCH_TYPES),
  id: z.string(),
  title: z.string(),
  snippet: z.string(),
  url: z.string(),
});
export type { TSearchResult };

export const ZSearchAnswer = z.object({ results: z.array(ZSearchResult) });
export type TSearchAnswer = z.infer<typeof ZSearchAnswer>;
