import type { TMember } from "@common/members";
import type { TRole } from "@common/roles";
import { and, asc, eq, inArray } from "drizzle-orm";
import { users } from "../../db/schema";
import type { TChurchCtx } from "../../lib/context";

const memberColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  bio: users.bio,
  role: users.role,
  churchId: users.churchId,
  profileImageUrl: users.profileImageUrl,
  points: users.points,
  lastLogin: users.lastLogin,
  lastActiveAt: users.lastActiveAt,
  createdAt: users.createdAt,
};

type TMemberRow = Pick<typeof users.$inferSelect, keyof typeof memberColumns>;

export function toMember(r: TMemberRow): TMember {
  return {
    id: r.id,
    email: r.email,
    firstName: r.firstName,
    lastName: r.lastName,
    bio: r.bio,
    role: r.role as TRole,
    churchId: r.churchId,
    profileImageUrl: r.profileImageUrl,
    points: r.points,
    lastLogin: r.lastLogin?.toISOString() ?? null,
    lastActiveAt: r.lastActiveAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  };
}

export async function findMembers(ctx: TChurchCtx): Promise<TMember[]> {
  const rows = await ctx.db.select(memberColumns).from(users).where(eq(users.churchId, ctx.churchId)).orderBy(asc(users.createdAt), asc(users.id));
  return rows.map((r) => toMember(r));
}

export async function findMember(ctx: TChurchCtx, id: string): Promise<TMember | undefined> {
  const [row] = await ctx.db.select(memberColumns).from(users).where(and(eq(users.id, id), eq(users.churchId, ctx.churchId)));
  return row ? toMember(row) : undefined;
}

/** Locks the church's admin rows so two admins demoting each other cannot both succeed. */
export async function lockAdmins(ctx: TChurchCtx): Promise<string[]> {
  const rows = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.churchId, ctx.churchId), inArray(users.role, ["ADMIN", "SUPER_ADMIN"])))
    .for("update");
  return rows.map((r) => r.id);
}
