import { z } from "zod";

/*
 * Issue 30 ("every list pages on the server"): a list that answered a bare array keeps the array
 * and pages it with `?limit=&after=`; `after` is an opaque cursor (the last row's sort key and id)
 * that the `Link: <...>; rel="next"` header of the previous page carries. A cursor holds the sort
 * time to the microsecond, as PostgreSQL stores it, so rows created in the same millisecond are
 * neither skipped nor repeated.
 */

const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export type TTimeCursor = { at: string; id: string };

const toBase64Url = (text: string) => btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

/** The cursor of a row: base64url of "<time to the microsecond>|<id>". */
export const encodeTimeCursor = (c: TTimeCursor): string => toBase64Url(`${c.at}|${c.id}`);

/** The row a cursor names, or null when it is not one of ours. */
export function decodeTimeCursor(cursor: string): TTimeCursor | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) return null;
  let text: string;
  try {
    text = atob(cursor.replace(/-/g, "+").replace(/_/g, "/"));
  } catch {
    return null;
  }
  const [at, id, ...rest] = text.split("|");
  return rest.length === 0 && TIME.test(at ?? "") && UUID.test(id ?? "") ? { at, id } : null;
}

/** `limit`: a page's size, `fallback` when absent, 1 to `max`. */
export const ZPageLimit = (fallback: number, max: number) =>
  z.coerce
    .number({ error: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(max, `limit must be at most ${max}`)
    .default(fallback);

/** `after`: the cursor of the previous page's `Link: rel="next"`. */
export const ZTimeCursor = z.string().transform((value, ctx) => {
  const cursor = decodeTimeCursor(value);
  if (!cursor) {
    ctx.addIssue({ code: "custom", message: "after must be the cursor of a previous page (its Link header)" });
    return z.NEVER;
  }
  return cursor;
});

/** `?limit=&after=` of a list answered in pages by time. */
export const ZTimePageQuery = (fallback: number, max: number) =>
  z.object({ limit: ZPageLimit(fallback, max), after: ZTimeCursor.optional() });
export type TTimePageQuery = z.output<ReturnType<typeof ZTimePageQuery>>;
