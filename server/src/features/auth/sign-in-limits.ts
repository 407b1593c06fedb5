import { and, count, eq, gt, lt, sql } from "drizzle-orm";
import type { TDb } from "../../db/client";
import { signInFailures, signInLocks } from "../../db/schema";
import { AppError } from "../../lib/errors";

/** DESIGN.md: 10 failures within 15 minutes for one e-mail lock it for 15 minutes. */
export const EMAIL_FAILURE_LIMIT = 10;
/** Per address the limit is higher: a whole church may sign in behind one shared address. */
export const ADDRESS_FAILURE_LIMIT = 100;
export const FAILURE_WINDOW_MS = 15 * 60_000;
export const LOCK_MS = 15 * 60_000;

const keysFor = (email: string, ip: string) => [
  { key: `email:${email}`, limit: EMAIL_FAILURE_LIMIT },
  { key: `ip:${ip}`, limit: ADDRESS_FAILURE_LIMIT },
];

export async function assertNotLocked(db: TDb, email: string, ip: string): Promise<void> {
  const keys = keysFor(email, ip).map((k) => k.key);
  const locks = await db
    .select()
    .from(signInLocks)
    .where(and(sql`${signInLocks.key} in (${sql.join(keys.map((k) => sql`${k}`), sql`, `)})`, gt(signInLocks.lockedUntil, new Date())));
  if (locks.length === 0) return;
  const until = Math.max(...locks.map((l) => l.lockedUntil.getTime()));
  const retryAfter = Math.max(1, Math.ceil((until - Date.now()) / 1000));
  throw new AppError("RATE_LIMITED", `Too many failed sign-in attempts. Try again in ${Math.ceil(retryAfter / 60)} minutes.`, {
    headers: { "retry-after": String(retryAfter) },
  });
}

export async function recordFailure(db: TDb, email: string, ip: string): Promise<void> {
  const since = new Date(Date.now() - FAILURE_WINDOW_MS);
  for (const { key, limit } of keysFor(email, ip)) {
    await db.insert(signInFailures).values({ key });
    const [{ n }] = await db
      .select({ n: count() })
      .from(signInFailures)
      .where(and(eq(signInFailures.key, key), gt(signInFailures.failedAt, since)));
    if (n >= limit) {
      const lockedUntil = new Date(Date.now() + LOCK_MS);
      await db
        .insert(signInLocks)
        .values({ key, lockedUntil })
        .onConflictDoUpdate({ target: signInLocks.key, set: { lockedUntil } });
    }
  }
  // Old rows say nothing any more; drop them now and then rather than on a schedule.
  if (Math.random() < 0.01) await db.delete(signInFailures).where(lt(signInFailures.failedAt, since));
}

export async function clearFailures(db: TDb, email: string): Promise<void> {
  await db.delete(signInFailures).where(eq(signInFailures.key, `email:${email}`));
}
