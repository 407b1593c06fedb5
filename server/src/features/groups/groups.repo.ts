import { GROUPS_PAGE_MAX, type TGroup, type TGroupKind, type TGroupPerson } from "@common/groups";
import { isAdminRole } from "@common/roles";
import { and, asc, eq, ilike, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { TDb } from "../../db/client";
import { groupJoinRequests, groupMembers, groups } from "../../db/schema/groups";
import { users } from "../../db/schema/users";
import { churchRow, inChurch } from "../../lib/church-scope";
import type { TChurchCtx } from "../../lib/context";
import { conflict, notFound } from "../../lib/errors";

export const GROUP_NOT_FOUND = "Group not found";
export const GROUP_FULL = "This group is full";

const mine = alias(groupMembers, "mine");
const lastSeen = alias(groups, "last_seen");
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The groups `ctx` may see at all: live ones, and for members the listed ones and their own (as a
 * member or leader); admins all. The one rule of the list, also read by search (`search.repo`).
 */
export function visibleTo(ctx: TChurchCtx): SQL {
  const isOwn = sql`exists (select 1 from ${groupMembers} where ${inChurch(
    groupMembers,
    ctx,
    eq(groupMembers.groupId, groups.id),
    eq(groupMembers.userId, ctx.userId),
  )})`;
  return and(
    isNull(groups.archivedAt),
    isAdminRole(ctx.role) ? undefined : or(eq(groups.visibility, "listed"), isOwn),
  ) as SQL;
}

/**
 * A group's members (leaders not counted, as for its capacity) who are still in the church: a
 * member removed from the church stops counting at once, before the subscriber takes their rows.
 * Only for the `hasSpace` filter, which must count before it can pick the page.
 */
const memberCount = (ctx: TChurchCtx) =>
  sql<number>`(select count(*)::int from ${groupMembers} join ${users} on ${users.id} = ${groupMembers.userId}
    where ${groupMembers.groupId} = ${groups.id} and ${groupMembers.role} = 'member' and ${inChurch(users, ctx)})`;

type TGroupFilter = {
  ids?: string[];
  query?: { q?: string; kind?: TGroupKind; day?: number; hasSpace?: boolean; limit?: number; after?: string };
  /** Unlisted groups too, whoever asks (the caller's access to them was checked by requireGroup). */
  isAnyVisibility?: boolean;
};

/**
 * The statement behind `findGroups`, page first: the page of groups is picked by the keyset on
 * (name, id) from `groups` alone (its index, `limit` rows), and only then are the page's member
 * counts and leaders (one grouped read of `group_members` per page row, a lateral join) and the
 * caller's place (their own rows, by primary key) joined to it. So the cost of a page does not grow
 * with the number of groups or of their members. Exported for the test that reads its plan.
 */
export function groupsPageQuery(ctx: TChurchCtx, filter: TGroupFilter) {
  const q = filter.query ?? {};
  const like = q.q ? `%${escapeLike(q.q)}%` : undefined;
  const page = ctx.db
    .select({
      id: groups.id,
      name: groups.name,
      description: groups.description,
      kind: groups.kind,
      meetingDay: groups.meetingDay,
      meetingTime: groups.meetingTime,
      location: groups.location,
      capacity: groups.capacity,
      joinPolicy: groups.joinPolicy,
      visibility: groups.visibility,
    })
    .from(groups)
    .where(
      inChurch(
        groups,
        ctx,
        filter.isAnyVisibility ? isNull(groups.archivedAt) : visibleTo(ctx),
        filter.ids ? inArray(groups.id, filter.ids) : undefined,
        like ? or(ilike(groups.name, like), ilike(groups.description, like)) : undefined,
        q.kind ? eq(groups.kind, q.kind) : undefined,
        q.day !== undefined ? eq(groups.meetingDay, q.day) : undefined,
        q.hasSpace ? or(isNull(groups.capacity), sql`${memberCount(ctx)} < ${groups.capacity}`) : undefined,
        // Keyset: the groups after the last one seen, by (name, id); an unknown id gives no page.
        q.after
          ? sql`(${groups.name}, ${groups.id}) > (select ${lastSeen.name}, ${lastSeen.id} from ${groups} ${sql.identifier("last_seen")}
              where ${inChurch(lastSeen, ctx, eq(lastSeen.id, q.after))})`
          : undefined,
      ),
    )
    .orderBy(asc(groups.name), asc(groups.id))
    .limit(q.limit ?? GROUPS_PAGE_MAX)
    .as("page");
  // Of one page row's group: its members (leaders not counted, as for its capacity) and its leaders
  // by name, both only of people still in the church (a member removed from the church stops
  // counting at once, before the subscriber takes their rows). An aggregate: always one row.
  const people = ctx.db
    .select({
      memberCount: sql<number>`(count(*) filter (where ${groupMembers.role} = 'member'))::int`.as("member_count"),
      leaders: sql<
        TGroupPerson[]
      >`coalesce(json_agg(json_build_object('id', ${users.id}, 'firstName', ${users.firstName},
        'lastName', ${users.lastName}) order by ${users.firstName}, ${users.lastName}, ${users.id})
        filter (where ${groupMembers.role} = 'leader'), '[]'::json)`.as("leaders"),
    })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(and(inChurch(groupMembers, ctx, eq(groupMembers.groupId, page.id)), inChurch(users, ctx)))
    .as("people");
  return ctx.db
    .select({
      id: page.id,
      name: page.name,
      description: page.description,
      kind: page.kind,
      meetingDay: page.meetingDay,
      meetingTime: page.meetingTime,
      location: page.location,
      capacity: page.capacity,
      memberCount: people.memberCount,
      joinPolicy: page.joinPolicy,
      visibility: page.visibility,
      leaders: people.leaders,
      role: mine.role,
      requestedAt: groupJoinRequests.requestedAt,
    })
    .from(page)
    .leftJoinLateral(people, sql`true`)
    .leftJoin(mine, inChurch(mine, ctx, eq(mine.groupId, page.id), eq(mine.userId, ctx.userId)))
    .leftJoin(
      groupJoinRequests,
      inChurch(
        groupJoinRequests,
        ctx,
        eq(groupJoinRequests.groupId, page.id),
        eq(groupJoinRequests.userId, ctx.userId),
      ),
    )
    .orderBy(asc(page.name), asc(page.id));
}

/**
 * Live groups of the caller's church as `GET /api/groups` answers them, a page by name: members see
 * the listed ones and their own, admins all. One statement whose cost is the page's (see
 * `groupsPageQuery`).
 */
export async function findGroups(ctx: TChurchCtx, filter: TGroupFilter): Promise<TGroup[]> {
  const rows = await groupsPageQuery(ctx, filter);
  return rows.map(({ role, requestedAt, ...g }) => ({
    ...g,
    kind: g.kind as TGroup["kind"],
    joinPolicy: g.joinPolicy as TGroup["joinPolicy"],
    visibility: g.visibility as TGroup["visibility"],
    memberCount: g.memberCount ?? 0,
    leaders: g.leaders ?? [],
    membership: role === "leader" ? "leader" : role === "member" ? "member" : requestedAt ? "requested" : null,
  }));
}

/** One group as the list shows it (the caller's access already checked). */
export async function getGroupRow(ctx: TChurchCtx, id: string): Promise<TGroup> {
  const [group] = await findGroups(ctx, { ids: [id], isAnyVisibility: true });
  if (!group) throw notFound(GROUP_NOT_FOUND);
  return group;
}

/** Of `ids`, those who are members of the caller's church. */
export async function findChurchMemberIds(ctx: TChurchCtx, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(inChurch(users, ctx, inArray(users.id, ids)));
  return rows.map((r) => r.id);
}

const isSeatTaken = (err: unknown) => {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const pg = e?.cause?.code ? e.cause : e;
  return pg?.code === "23505" && pg.constraint === "group_members_seat_key";
};

const SEAT_ATTEMPTS = 25;

/**
 * Makes `userId` a member of the group in `db`'s transaction, with a seat when the group has a
 * capacity: a free seat is picked at random and inserted; when another join took it first, the
 * unique (group, seat) key refuses it (after that join commits) and another free seat is tried, in
 * a savepoint. No free seat: 409. The group row is share-locked, so its capacity cannot change
 * meanwhile. Returns false when they were in the group already.
 */
export async function insertMember(db: TDb, ctx: TChurchCtx, groupId: string, userId: string): Promise<boolean> {
  const [group] = await db
    .select({ capacity: groups.capacity })
    .from(groups)
    .where(and(churchRow(groups, ctx, groupId), isNull(groups.archivedAt)))
    .for("share");
  if (!group) throw notFound(GROUP_NOT_FOUND);
  const values = { groupId, churchId: ctx.churchId, userId, role: "member", joinedAt: new Date() };
  const target = [groupMembers.groupId, groupMembers.userId];
  if (group.capacity === null) {
    const added = await db.insert(groupMembers).values(values).onConflictDoNothing({ target }).returning();
    return added.length > 0;
  }
  const [already] = await db
    .select({ role: groupMembers.role })
    .from(groupMembers)
    .where(inChurch(groupMembers, ctx, eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
  if (already) return false;
  for (let attempt = 0; attempt < SEAT_ATTEMPTS; attempt++) {
    const seat = await findFreeSeat(db, groupId, group.capacity);
    if (seat === null) throw conflict(GROUP_FULL);
    try {
      const added = await db.transaction((sp) =>
        sp
          .insert(groupMembers)
          .values({ ...values, seat })
          .onConflictDoNothing({ target })
          .returning(),
      );
      return added.length > 0;
    } catch (err) {
      if (!isSeatTaken(err)) throw err;
    }
  }
  throw conflict(GROUP_FULL);
}

/** A free seat of 1..capacity, at random (so joins at once rarely pick the same), or null. */
async function findFreeSeat(db: TDb, groupId: string, capacity: number): Promise<number | null> {
  const [row] = await db
    .select({ seat: sql<number>`s`.mapWith(Number) })
    .from(sql`generate_series(1, ${capacity}::int) as s`)
    .where(
      sql`not exists (select 1 from ${groupMembers} where ${groupMembers.groupId} = ${groupId} and ${groupMembers.seat} = s)`,
    )
    .orderBy(sql`random()`)
    .limit(1);
  return row ? row.seat : null;
}

/**
 * Numbers the seats of the group's members 1..n again by when they joined (leaders hold none): after
 * a capacity is set or changed, free seats are those above the members there. Members beyond a
 * lowered capacity keep a seat above it; nobody new joins until enough leave.
 */
export async function renumberSeats(db: TDb, ctx: TChurchCtx, groupId: string): Promise<void> {
  const ofGroup = inChurch(groupMembers, ctx, eq(groupMembers.groupId, groupId));
  await db.update(groupMembers).set({ seat: null }).where(ofGroup);
  await db.execute(sql`update ${groupMembers} set seat = numbered.n from (
      select ${groupMembers.userId} as user_id, row_number() over (order by ${groupMembers.joinedAt}, ${groupMembers.userId}) as n
      from ${groupMembers} where ${ofGroup} and ${groupMembers.role} = 'member') numbered
    where ${ofGroup} and ${groupMembers.userId} = numbered.user_id`);
}

/** Where conditions for one person's row of a group. */
export const memberRow = (ctx: TChurchCtx, groupId: string, userId: string): SQL =>
  inChurch(groupMembers, ctx, eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId));
