import { encodeTimeCursor, type TTimeCursor } from "@common/list-page";
import { sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * A page of a list answered as a bare array (issue 30): the array, and the cursor of its last row
 * when more rows follow. The route puts the cursor into an RFC 8288 `Link: <...>; rel="next"`.
 */
export type TPage<T> = { items: T; next: TTimeCursor | null };

/** A row's time to the microsecond in UTC, as a cursor holds it (`Date` would keep milliseconds). */
export const cursorTime = (column: AnyPgColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * The keyset condition of the page after `after`: rows past it in `(time, id)` order, ascending or
 * descending. Written as `time >= t and (time > t or id > i)` rather than a row comparison, so that an
 * index on (church_id, time) serves it as well as one on (church_id, time, id): the index starts the
 * page at `t`, and only rows of that very microsecond are passed over by id.
 */
export function afterCursor(time: AnyPgColumn, id: AnyPgColumn, after: TTimeCursor | undefined, order: "asc" | "desc") {
  if (!after) return undefined;
  const at = sql`${after.at}::timestamptz`;
  const key = sql`${after.id}::uuid`;
  return order === "asc"
    ? sql`(${time} >= ${at} and (${time} > ${at} or ${id} > ${key}))`
    : sql`(${time} <= ${at} and (${time} < ${at} or ${id} < ${key}))`;
}

/** The request's own URL with `after` set to `next`: the same list, its next page. */
export function nextPageUrl(req: FastifyRequest, next: TTimeCursor): string {
  const url = new URL(req.url, "http://localhost");
  url.searchParams.set("after", encodeTimeCursor(next));
  // A cursor replaces an offset (the audit log still takes one): the next page starts after the cursor.
  url.searchParams.delete("offset");
  return `${url.pathname}${url.search}`;
}

/** Sets `Link: <next page>; rel="next"` when more rows follow. */
export function linkNextPage(req: FastifyRequest, reply: FastifyReply, next: TTimeCursor | null): void {
  if (next) reply.header("link", `<${nextPageUrl(req, next)}>; rel="next"`);
}
