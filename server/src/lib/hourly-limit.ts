import { sql } from "drizzle-orm";
import type { TDb } from "../db/client";
import { AppError } from "./errors";

export const HOUR_MS = 60 * 60_000;

/**
 * A member's hourly allowance of one kind of write (kudos, prayer requests), counted from the rows
 * they created in the last hour, so every process agrees and a restart forgets nothing. Call it in
 * the write's transaction before the insert: the advisory lock makes parallel writes of one member
 * count one at a time, so they cannot pass the limit together. Over it: 429 with `message` and the
 * seconds until the oldest row of the hour leaves it.
 */
export async function enforceHourlyLimit(
  db: TDb,
  opts: {
    key: string;
    limit: number;
    message: string;
    countSince: (since: Date) => Promise<{ n: number; oldest: Date | null }>;
  },
): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${opts.key}, 0))`);
  const now = Date.now();
  const { n, oldest } = await opts.countSince(new Date(now - HOUR_MS));
  if (n < opts.limit) return;
  const retryAfter = Math.max(1, Math.ceil(((oldest?.getTime() ?? now) + HOUR_MS - now) / 1000));
  throw new AppError("RATE_LIMITED", opts.message, { headers: { "retry-after": String(retryAfter) } });
}
