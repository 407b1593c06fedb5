import { DEFAULT_BRAND_COLOR } from "@common/brand";
import type { TChurch, ZCreateChurchBody } from "@common/churches";
import { and, eq, isNull } from "drizzle-orm";
import type { z } from "zod";
import { churches } from "../../db/schema/churches";
import { users } from "../../db/schema/users";
import type { TUserCtx } from "../../lib/context";
import { conflict } from "../../lib/errors";
import { getServerTimeZone } from "../../lib/time";
import { recordActivity } from "../admin/activity.repo";
import type { TChurchRow } from "./churches.repo";

export function toChurch(row: TChurchRow): TChurch {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    phone: row.phone,
    email: row.email,
    website: row.website,
    logoUrl: row.logoUrl,
    brandColor: row.brandColor,
    timeZone: row.timeZone,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A signed-in user without a church creates one and becomes its ADMIN. */
export async function createChurch(ctx: TUserCtx, body: z.output<typeof ZCreateChurchBody>): Promise<TChurch> {
  if (ctx.churchId) throw conflict("You already belong to a church.");
  const church = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(churches)
      .values({ name: body.name, brandColor: DEFAULT_BRAND_COLOR, timeZone: getServerTimeZone() })
      .returning();
    // The condition makes a double submit (two tabs) create one church, not two.
    const joined = await tx
      .update(users)
      // A new church: its founder starts from zero points (points are per church).
      .set({ churchId: row.id, churchJoinedAt: new Date(), role: "ADMIN", points: 0 })
      .where(and(eq(users.id, ctx.userId), isNull(users.churchId)))
      .returning({ id: users.id });
    if (joined.length === 0) throw conflict("You already belong to a church.");
    await recordActivity({ db: tx, churchId: row.id, userId: ctx.userId }, "church_created", `${row.name} was created`);
    return toChurch(row);
  });
  await ctx.changed("user", ctx.userId);
  return church;
}
