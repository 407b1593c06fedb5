import { eq } from "drizzle-orm";
import { highlightShares, sermonHighlights } from "../../db/schema/highlights";
import { inChurch } from "../../lib/church-scope";
import type { TDataKind } from "../../lib/data-kinds";

/** Highlights shared with the church; the others are their members' private notes. */
const isShared = eq(sermonHighlights.isShared, true);

/** Shared sermon highlights. Declared for the church export (and, by `memberColumn`, a member's own data later). */
export const HIGHLIGHTS_DATA_KINDS: TDataKind[] = [
  {
    file: "highlights.csv",
    about: "Sermon highlights and notes members shared with the church (private notes are left out).",
    fields: {
      id: sermonHighlights.id,
      sermonId: sermonHighlights.sermonId,
      userId: sermonHighlights.userId,
      timestamp: sermonHighlights.timestamp,
      text: sermonHighlights.text,
      note: sermonHighlights.note,
      isShared: sermonHighlights.isShared,
      createdAt: sermonHighlights.createdAt,
    },
    keys: ["id"],
    table: sermonHighlights,
    // A highlight not shared is a member's private note: it leaves only with the member (issue 23).
    where: (ctx) => inChurch(sermonHighlights, ctx, isShared),
    memberColumn: sermonHighlights.userId,
    // The member's own export holds their private notes too.
    memberWhere: (ctx, memberId) => inChurch(sermonHighlights, ctx, eq(sermonHighlights.userId, memberId)),
  },
  {
    file: "highlight-shares.csv",
    about: "Who shared which highlight with the church.",
    fields: {
      highlightId: highlightShares.highlightId,
      userId: highlightShares.userId,
      createdAt: highlightShares.createdAt,
    },
    keys: ["highlightId", "userId"],
    table: highlightShares,
    joins: [{ table: sermonHighlights, on: eq(sermonHighlights.id, highlightShares.highlightId) }],
    where: (ctx) => inChurch(sermonHighlights, ctx, isShared),
    memberColumn: highlightShares.userId,
  },
];
