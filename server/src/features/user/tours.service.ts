import type { TTourBody, TToursDone } from "@common/user";
import { eq, sql } from "drizzle-orm";
import { users } from "../../db/schema/users";
import type { TUserCtx } from "../../lib/context";
import { notFound } from "../../lib/errors";

/**
 * Marks one of the caller's tours finished (or, with `done: false`, to be shown again). Kept on the
 * user's row, so another phone or browser does not show it again (issue 24). Only the caller's own
 * row is ever written.
 */
export async function updateTourDone(ctx: TUserCtx, body: TTourBody): Promise<TToursDone> {
  const toursDone = body.done
    ? sql`case when ${body.tour} = any(${users.toursDone}) then ${users.toursDone} else array_append(${users.toursDone}, ${body.tour}::text) end`
    : sql`array_remove(${users.toursDone}, ${body.tour}::text)`;
  const [row] = await ctx.db
    .update(users)
    .set({ toursDone })
    .where(eq(users.id, ctx.userId))
    .returning({ toursDone: users.toursDone });
  if (!row) throw notFound("Your account was not found.");
  // The signed-in user's answer (GET /api/auth/user) carries the list: drop its cached copy.
  await ctx.changed("user", ctx.userId);
  return { toursDone: row.toursDone as TToursDone["toursDone"] };
}
