import { eq } from "drizzle-orm";
import { sermons, sermonViews } from "../../db/schema/sermons";
import { inChurch } from "../../lib/church-scope";
import type { TDataKind } from "../../lib/data-kinds";

/** Sermons and who watched them. Declared for the church export (and, by `memberColumn`, a member's own data later). */
export const SERMONS_DATA_KINDS: TDataKind[] = [
  {
    file: "sermons.csv",
    about: "Sermons, drafts included.",
    fields: {
      id: sermons.id,
      title: sermons.title,
      speaker: sermons.speaker,
      date: sermons.date,
      duration: sermons.duration,
      series: sermons.series,
      scripture: sermons.scripture,
      description: sermons.description,
      notes: sermons.notes,
      tags: sermons.tags,
      videoUrl: sermons.videoUrl,
      audioUrl: sermons.audioUrl,
      notesUrl: sermons.notesUrl,
      viewCount: sermons.viewCount,
      isDraft: sermons.isDraft,
      createdBy: sermons.createdBy,
      createdAt: sermons.createdAt,
      updatedAt: sermons.updatedAt,
    },
    keys: ["id"],
    table: sermons,
    where: (ctx) => inChurch(sermons, ctx),
    memberColumn: null,
  },
  {
    file: "sermon-views.csv",
    about: "Who watched which sermon on which day (one row per member, sermon and day).",
    fields: { sermonId: sermonViews.sermonId, userId: sermonViews.userId, day: sermonViews.day },
    keys: ["sermonId", "userId", "day"],
    table: sermonViews,
    joins: [{ table: sermons, on: eq(sermons.id, sermonViews.sermonId) }],
    where: (ctx) => inChurch(sermons, ctx),
    memberColumn: sermonViews.userId,
  },
];
