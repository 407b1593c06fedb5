import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { users } from "../db/schema/users";
import type { TChurchCtx } from "./context";

/**
 * A kind of the church's data, declared by the feature that owns its table (issue 25 §4), beside
 * its schema: `features/sermons/sermons.export.ts` declares sermons.csv and sermon-views.csv. The
 * list of every kind is composed outside the features (server/src/data-kinds.ts) and handed to the
 * readers that take the church's data out in bulk: the church export today; a member's own data
 * export and erasure later read the same declarations through `memberColumn`.
 *
 * A kind names its columns as the API names them, the table, the joins that tie a row without its
 * own church column to the church, and the church filter. `keys` name fields that order the rows
 * uniquely: the rows are read page by page after the last key seen, so a large church never sits in
 * memory whole. Secrets (password hashes, sessions, invitation tokens, integration keys and webhook
 * secrets, push endpoints, the feed token) are simply never selected.
 */
export type TDataKind = {
  /** The file in the church export (`sermons.csv`). */
  file: string;
  /** One line for the export's README. */
  about: string;
  fields: Record<string, AnyPgColumn | SQL.Aliased>;
  keys: string[];
  table: PgTable;
  joins?: { table: PgTable; on: SQL }[];
  where: (ctx: TChurchCtx) => SQL;
  /**
   * The column that ties a row to the one member it is about or was written by (a sermon view's
   * viewer, a kudos' sender, a request's author), or null for the church's own rows (a sermon, an
   * event). A member's own export reads their rows by it; their erasure removes them by it.
   */
  memberColumn: AnyPgColumn | null;
  /**
   * The member's own rows when they are not simply "the church's rows whose memberColumn is theirs"
   * (issue 28): a member's private notes leave with them though the church export leaves them out;
   * the kudos they received are theirs too. Read by a member's own export only, never by erasure.
   */
  memberWhere?: (ctx: TChurchCtx, memberId: string) => SQL;
  /**
   * Of the member's own rows, those that would tell someone else they wrote an anonymous request
   * when the table carries no `isAnonymous` of its own (issue 28: a reply thread of their anonymous
   * request). An admin downloading the member's data for them gets the rows without these.
   */
  anonymousAuthorship?: (ctx: TChurchCtx, memberId: string) => SQL;
  /**
   * A row that refers to a prayer request (`requestId`: a uuid column, or a text column that may
   * hold one) and names a person (`userId`). The anonymous-author rule (prayer-requests.export.ts)
   * leaves out the row when that person is the anonymous request's author: such a row would name them.
   */
  requestTie?: { requestId: AnyPgColumn; userId: AnyPgColumn };
};

/**
 * A privacy rule that holds for every kind, as the feature that owns the rule states it: given a
 * kind, the filter its rows must pass in a bulk read (undefined: the rule does not touch the kind).
 */
export type TDataKindRule = (church: { churchId: string }, kind: TDataKind) => SQL | undefined;

/** Every kind of the church's data in the export's order, and the rules every bulk reader applies. */
export type TChurchData = { kinds: TDataKind[]; rules: TDataKindRule[] };

/**
 * When a member was last seen, signed in or reached by a push, to the day (UTC midnight) as the
 * members list gives it (issue 9): to the moment, it matches the moment they posted or answered an
 * anonymous request (their first request after a pause marks them seen) or someone prayed for it
 * (the push that only its author gets).
 */
export const utcDay = (column: AnyPgColumn, name: string) =>
  sql<string | null>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T00:00:00.000Z"')`.as(name);

/** Rows of members of the church: a user's rows belong to the church they are a member of. */
export const throughMember = (userId: AnyPgColumn) => [{ table: users, on: eq(users.id, userId) }];

/**
 * One page of a kind's rows that pass `filters` (the kind's church filter or a member's own rows,
 * and the rules), after the row whose keys are `after`: keyset paging, so each page is an index
 * range however deep into the kind. The church export and a member's own export read through it.
 */
export async function findKindPage(
  ctx: TChurchCtx,
  kind: TDataKind,
  filters: (SQL | undefined)[],
  after: unknown[] | null,
  limit: number,
): Promise<Record<string, unknown>[]> {
  const keys = kind.keys.map((k) => kind.fields[k] as AnyPgColumn);
  const afterKeys = after
    ? sql`(${sql.join(keys, sql`, `)}) > (${sql.join(
        after.map((v) => sql`${v}`),
        sql`, `,
      )})`
    : undefined;
  let query = ctx.db.select(kind.fields).from(kind.table).$dynamic();
  for (const join of kind.joins ?? []) query = query.innerJoin(join.table, join.on);
  return query
    .where(and(...filters, afterKeys))
    .orderBy(...keys.map((k) => asc(k)))
    .limit(limit);
}
