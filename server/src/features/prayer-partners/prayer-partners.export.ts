import { prayerChainLinks, prayerChains } from "../../db/schema/prayer";
import { inChurch } from "../../lib/church-scope";
import type { TDataKind } from "../../lib/data-kinds";

/** The weekly prayer-partner chains. Declared for the church export (and, by `memberColumn`, a member's own data later). */
export const PRAYER_PARTNERS_DATA_KINDS: TDataKind[] = [
  {
    file: "prayer-partner-weeks.csv",
    about: "The weeks that had a prayer-partner chain.",
    fields: { id: prayerChains.id, weekStart: prayerChains.weekStart, createdAt: prayerChains.createdAt },
    keys: ["id"],
    table: prayerChains,
    where: (ctx) => inChurch(prayerChains, ctx),
    memberColumn: null,
  },
  {
    file: "prayer-partners.csv",
    about: "Each week's chain: who prays for whom (chainId is a row of prayer-partner-weeks.csv).",
    fields: {
      id: prayerChainLinks.id,
      chainId: prayerChainLinks.chainId,
      userId: prayerChainLinks.userId,
      partnerId: prayerChainLinks.partnerId,
      position: prayerChainLinks.position,
    },
    keys: ["id"],
    table: prayerChainLinks,
    where: (ctx) => inChurch(prayerChainLinks, ctx),
    memberColumn: prayerChainLinks.userId,
  },
];
