import { and, asc, eq, gt, inArray, lt, or, sql } from "drizzle-orm";
import type { TDb } from "../../db/client";
import { integrationPeople, integrations } from "../../db/schema/integrations";
import { invitations } from "../../db/schema/invitations";
import { users } from "../../db/schema/users";
import { churchRow, inChurch } from "../../lib/church-scope";
import type { TChurchCtx } from "../../lib/context";

export type TIntegrationRow = typeof integrations.$inferSelect;
type TIntegrationValues = Partial<
  Omit<typeof integrations.$inferInsert, "id" | "churchId" | "createdBy" | "createdAt">
>;

export function findIntegrations(ctx: TChurchCtx): Promise<TIntegrationRow[]> {
  return ctx.db.select().from(integrations).where(inChurch(integrations, ctx)).orderBy(asc(integrations.createdAt));
}

export async function findIntegration(ctx: TChurchCtx, id: string): Promise<TIntegrationRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(integrations)
    .where(churchRow(integrations, ctx, id));
  return row;
}

/** The new row, or undefined when the church already has this platform (one of each per church). */
export async function createIntegrationRow(
  ctx: TChurchCtx,
  values: Omit<typeof integrations.$inferInsert, "id" | "churchId" | "createdBy">,
): Promise<TIntegrationRow | undefined> {
  const [row] = await ctx.db
    .insert(integrations)
    .values({ ...values, churchId: ctx.churchId, createdBy: ctx.userId })
    .onConflictDoNothing({ target: [integrations.churchId, integrations.platform] })
    .returning();
  return row;
}

export async function updateIntegrationRow(
  ctx: TChurchCtx,
  id: string,
  values: TIntegrationValues,
): Promise<TIntegrationRow | undefined> {
  const [row] = await ctx.db
    .update(integrations)
    .set({ ...values, updatedAt: new Date() })
    .where(churchRow(integrations, ctx, id))
    .returning();
  return row;
}

export async function deleteIntegrationRow(ctx: TChurchCtx, id: string): Promise<boolean> {
  const rows = await ctx.db
    .delete(integrations)
    .where(churchRow(integrations, ctx, id))
    .returning({ id: integrations.id });
  return rows.length > 0;
}

/** Forgets who the integration's syncs have seen (its provider site changed). */
export async function deleteIntegrationPeople(ctx: TChurchCtx, integrationId: string): Promise<void> {
  await ctx.db
    .delete(integrationPeople)
    .where(inChurch(integrationPeople, ctx, eq(integrationPeople.integrationId, integrationId)));
}

/** For the sync job, which runs for no signed-in caller: the integration by id alone. */
export async function findIntegrationById(db: TDb, id: string): Promise<TIntegrationRow | undefined> {
  const [row] = await db.select().from(integrations).where(eq(integrations.id, id));
  return row;
}

export async function setIntegrationSyncResult(db: TDb, id: string, values: TIntegrationValues): Promise<void> {
  await db
    .update(integrations)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(integrations.id, id));
}

/** Where a sync is: when the last began, CCB's `modified_since` for the next, and the run going on now. */
export type TSyncCursor = {
  startedAt?: string;
  modifiedSince?: string;
  run?: { runId: string; position: Record<string, unknown> };
};

export const readCursor = (row: TIntegrationRow): TSyncCursor => (row.cursor ?? {}) as TSyncCursor;

export type TSyncCounts = { seen: number; added: number; updated: number; skipped: number };

/**
 * Begins a run (figures back to 0) if the integration waits to sync and no run has begun; the row,
 * or undefined (another worker began one first: join it).
 */
export async function startSyncRun(db: TDb, id: string, cursor: TSyncCursor): Promise<TIntegrationRow | undefined> {
  const [row] = await db
    .update(integrations)
    .set({ seen: 0, added: 0, updated: 0, skipped: 0, cursor, updatedAt: new Date() })
    .where(
      and(
        eq(integrations.id, id),
        eq(integrations.syncStatus, "syncing"),
        eq(integrations.isActive, true),
        sql`not coalesce(${integrations.cursor} ? 'run', false)`,
      ),
    )
    .returning();
  return row;
}

/** The integration, locked until the transaction ends (one page of one run at a time). */
export async function lockIntegration(db: TDb, id: string): Promise<TIntegrationRow | undefined> {
  const [row] = await db.select().from(integrations).where(eq(integrations.id, id)).for("update");
  return row;
}

/** Adds a page's figures and moves the cursor on (in the page's transaction). */
export async function saveSyncPage(
  db: TDb,
  id: string,
  counts: TSyncCounts,
  cursor: TSyncCursor,
  values: TIntegrationValues = {},
): Promise<TIntegrationRow> {
  const [row] = await db
    .update(integrations)
    .set({
      ...values,
      seen: sql`${integrations.seen} + ${counts.seen}`,
      added: sql`${integrations.added} + ${counts.added}`,
      updated: sql`${integrations.updated} + ${counts.updated}`,
      skipped: sql`${integrations.skipped} + ${counts.skipped}`,
      cursor,
      updatedAt: new Date(),
    })
    .where(eq(integrations.id, id))
    .returning();
  return row;
}

/** Ends the run `runId` (an error, or turned off), keeping the rest of the cursor; false if it was not running. */
export async function endSyncRun(db: TDb, id: string, runId: string | null, values: TIntegrationValues) {
  const rows = await db
    .update(integrations)
    .set({ ...values, cursor: sql`coalesce(${integrations.cursor}, '{}'::jsonb) - 'run'`, updatedAt: new Date() })
    .where(
      and(
        eq(integrations.id, id),
        eq(integrations.syncStatus, "syncing"),
        runId === null ? undefined : sql`${integrations.cursor}->'run'->>'runId' = ${runId}`,
      ),
    )
    .returning({ id: integrations.id });
  return rows.length > 0;
}

/**
 * Active integrations due for their daily sync: idle (active or error), and no sync began in the
 * last `everyMs` (the first one a day after connecting, unless "Sync now" came first).
 */
export function findDueIntegrations(db: TDb, everyMs: number) {
  // created_at (a new integration's first sync) is the database's clock, `before` the app's: a day
  // against the seconds hosts' clocks differ by; the other two times are the app's.
  const before = new Date(Date.now() - everyMs);
  return db
    .select()
    .from(integrations)
    .where(
      and(
        eq(integrations.isActive, true),
        inArray(integrations.syncStatus, ["active", "error"]),
        sql`coalesce((${integrations.cursor}->>'startedAt')::timestamptz, ${integrations.lastSync}, ${integrations.createdAt}) <= ${before}`,
      ),
    )
    .orderBy(asc(integrations.createdAt));
}

/**
 * Integrations marked syncing whose sync has not moved for `staleMs` (every page touches the row):
 * their job was lost (a queue emptied by hand, a job failed for good without settling it).
 */
export function findStaleSyncs(db: TDb, staleMs: number) {
  return db
    .select({ id: integrations.id })
    .from(integrations)
    .where(
      and(
        eq(integrations.isActive, true),
        eq(integrations.syncStatus, "syncing"),
        lt(integrations.updatedAt, new Date(Date.now() - staleMs)),
      ),
    );
}

/** Marks it syncing unless it already is, is off, or its key needs re-entering; the row, or undefined. */
export async function markSyncing(db: TDb, id: string): Promise<TIntegrationRow | undefined> {
  const [row] = await db
    .update(integrations)
    .set({ syncStatus: "syncing", lastError: null, updatedAt: new Date() })
    .where(
      and(
        eq(integrations.id, id),
        eq(integrations.isActive, true),
        inArray(integrations.syncStatus, ["active", "error"]),
      ),
    )
    .returning();
  return row;
}

export type TKnownPerson = typeof integrationPeople.$inferSelect;

/** What the sync remembers of these provider ids (their e-mail, names and member when last seen). */
export async function findKnownPeople(db: TDb, integrationId: string, externalIds: string[]) {
  if (externalIds.length === 0) return new Map<string, TKnownPerson>();
  const rows = await db
    .select()
    .from(integrationPeople)
    .where(and(eq(integrationPeople.integrationId, integrationId), inArray(integrationPeople.externalId, externalIds)));
  return new Map(rows.map((r) => [r.externalId, r]));
}

/** The church's members with these ids or e-mails. */
export function findChurchMembers(db: TDb, churchId: string, ids: string[], emails: string[]) {
  if (ids.length === 0 && emails.length === 0) return Promise.resolve([]);
  return db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(
      inChurch(
        users,
        { churchId },
        or(
          ids.length > 0 ? inArray(users.id, ids) : undefined,
          emails.length > 0 ? inArray(users.email, emails) : undefined,
        ),
      ),
    );
}

/** The church's pending (unused, unexpired) invitations to these e-mails. */
export function findPendingInvitations(db: TDb, churchId: string, emails: string[]) {
  if (emails.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: invitations.id,
      email: invitations.email,
      source: invitations.source,
      sentAt: invitations.sentAt,
      firstName: invitations.firstName,
      lastName: invitations.lastName,
    })
    .from(invitations)
    .where(
      inChurch(
        invitations,
        { churchId },
        inArray(invitations.email, emails),
        eq(invitations.isUsed, false),
        gt(invitations.expiresAt, new Date()),
      ),
    );
}

type TName = { id: string; firstName: string | null; lastName: string | null };

/** A page's writes: new invitations (waiting for review), renamed members and invitations, who was seen. */
export async function savePeoplePage(
  db: TDb,
  churchId: string,
  page: {
    invitations: Omit<typeof invitations.$inferInsert, "churchId">[];
    members: TName[];
    renamedInvitations: TName[];
    people: (typeof integrationPeople.$inferInsert)[];
  },
): Promise<void> {
  if (page.invitations.length > 0)
    await db.insert(invitations).values(page.invitations.map((v) => ({ ...v, churchId })));
  for (const m of page.members)
    await db
      .update(users)
      .set({ firstName: m.firstName, lastName: m.lastName })
      .where(churchRow(users, { churchId }, m.id));
  for (const i of page.renamedInvitations)
    await db
      .update(invitations)
      .set({ firstName: i.firstName, lastName: i.lastName })
      .where(churchRow(invitations, { churchId }, i.id));
  await upsertIntegrationPeople(db, page.people);
}

export async function upsertIntegrationPeople(db: TDb, rows: (typeof integrationPeople.$inferInsert)[]) {
  if (rows.length === 0) return;
  await db
    .insert(integrationPeople)
    .values(rows)
    .onConflictDoUpdate({
      target: [integrationPeople.integrationId, integrationPeople.externalId],
      set: {
        email: sql`excluded.email`,
        firstName: sql`excluded.first_name`,
        lastName: sql`excluded.last_name`,
        userId: sql`excluded.user_id`,
        seenAt: sql`excluded.seen_at`,
      },
    });
}

/** The church's members after `afterId` in id order, `limit` of them (Mailchimp's batches). */
export function findMembersAfter(db: TDb, churchId: string, afterId: string | null, limit: number) {
  return db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inChurch(users, { churchId }, afterId ? gt(users.id, afterId) : undefined))
    .orderBy(asc(users.id))
    .limit(limit);
}
