import { pointsLedger } from "../db/schema/points";
import { inChurch } from "./church-scope";
import type { TDataKind } from "./data-kinds";

/** The points ledger (lib/points.ts writes it). Declared for the church export (and, by `memberColumn`, a member's own data later). */
export const POINTS_DATA_KINDS: TDataKind[] = [
  {
    file: "points.csv",
    about:
      "The points ledger: every award (sermon watched, reading done, action step, partner prayer, onboarding step...). An award keyed by an anonymous prayer request to its author is left out.",
    fields: {
      id: pointsLedger.id,
      userId: pointsLedger.userId,
      kind: pointsLedger.kind,
      key: pointsLedger.key,
      points: pointsLedger.points,
      createdAt: pointsLedger.createdAt,
    },
    keys: ["id"],
    table: pointsLedger,
    where: (ctx) => inChurch(pointsLedger, ctx),
    // No award is keyed by a request today; one that is will not name an anonymous request's author.
    requestTie: { requestId: pointsLedger.key, userId: pointsLedger.userId },
    memberColumn: pointsLedger.userId,
  },
];
