import { toLocalDate } from "@common/time";
import { eq } from "drizzle-orm";
import { churches } from "../../db/schema/churches";
import { liveStreams } from "../../db/schema/live";
import { users } from "../../db/schema/users";
import { churchRow } from "../../lib/church-scope";
import { subscriber, type TSubscriber } from "../../lib/domain-events";
import { createSermonDraft } from "./sermons.service";

/**
 * A stopped stream with Record Stream on and an address becomes a sermon draft (issue 10), named
 * after the admin who stopped it and dated the church's day it ended. The stream row keeps the
 * draft's id, which also makes a second run of this job (after a crash) make nothing.
 */
const liveEnded = subscriber({
  name: "sermons.draft_from_live",
  event: "live.ended",
  handle: async ({ payload, occurredAt }, ctx) => {
    const [stream] = await ctx.db
      .select()
      .from(liveStreams)
      .where(churchRow(liveStreams, ctx, payload.liveEventId))
      .for("update");
    if (!stream || stream.sermonId || !stream.recordingEnabled || !stream.streamUrl) return;
    const [admin] = payload.actorId
      ? await ctx.db
          .select({ firstName: users.firstName, lastName: users.lastName })
          .from(users)
          .where(eq(users.id, payload.actorId))
      : [];
    const [church] = await ctx.db
      .select({ timeZone: churches.timeZone })
      .from(churches)
      .where(eq(churches.id, ctx.churchId));
    const draft = await createSermonDraft(
      { db: ctx.db, churchId: ctx.churchId, userId: payload.actorId },
      {
        title: stream.title,
        speaker: [admin?.firstName, admin?.lastName].filter(Boolean).join(" ") || "Live stream",
        date: toLocalDate(stream.endedAt ?? new Date(occurredAt), church.timeZone),
        videoUrl: stream.streamUrl,
        description: stream.description,
      },
    );
    await ctx.db
      .update(liveStreams)
      .set({ sermonId: draft.id })
      .where(churchRow(liveStreams, ctx, stream.id));
    await ctx.changed("sermons", ctx.churchId);
    await ctx.changed("live", ctx.churchId);
  },
});

export const sermonSubscribers: TSubscriber[] = [liveEnded];
