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
 * descending. With an index on (church_id, time, id) the page starts at its first row, wherever it is.
 */
export function afterCursor(time: AnyPgColumn, id: AnyPgColumn, after: TTimeCursor | undefined, order: "asc" | "desc") {
  if (!after) return undefined;
  const key = sql`(${after.at}::timestamptz, ${after.id}::uuid)`;
  return order === "asc" ? sql`(${time}, ${id}) > ${key}` : sql`(${time}, ${id}) < ${key}`;
}

/** The request's own URL with `after` set to `next`: the same list, its next page. */
export function nextPageUrl(req: FastifyRequest, next: TTimeCursor): string {
  const url = new URL(req.url, "http://localhost");
  url.searchParams.set("after", encodeTimeCursor(next));
  return `${url.pathname}${url.search}`;
}

/** Sets `Link: <next page>; rel="next"` when more rows follow. */
export function linkNextPage(req: FastifyRequest, reply: FastifyReply, next: TTimeCursor | null): void {
  if (next) reply.header("link", `<${nextPageUrl(req, next)}>; rel="next"`);
}
