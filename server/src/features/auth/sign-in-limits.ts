import { and, count, eq, gt, inArray, lt, or } from "drizzle-orm";
import type { TDb } from "../../db/client";
import { signInFailures, signInLocks } from "../../db/schema/auth";
import { addressGroup } from "../../lib/address-group";
import { AppError } from "../../lib/errors";
import { msg } from "../../lib/i18n";

/**
 * DESIGN.md "Rate limits": 10 failures within 15 minutes for one e-mail from one address lock that
 * e-mail for that address only, so a stranger cannot lock its owner out; 100 for one e-mail from
 * all addresses lock it for everyone, which still stops a guess spread over many addresses.
 */
export const EMAIL_ADDRESS_FAILURE_LIMIT = 10;
export const EMAIL_FAILURE_LIMIT = 100;
/** Per address across e-mails the limit is high too: a whole church may sign in behind one address. */
export const ADDRESS_FAILURE_LIMIT = 100;
export const FAILURE_WINDOW_MS = 15 * 60_000;
export const LOCK_MS = 15 * 60_000;

const keysFor = (email: string, rawIp: string, ip = addressGroup(rawIp)) => [
  { key: `email-ip:${email}|${ip}`, limit: EMAIL_ADDRESS_FAILURE_LIMIT },
  { key: `email:${email}`, limit: EMAIL_FAILURE_LIMIT },
  { key: `ip:${ip}`, limit: ADDRESS_FAILURE_LIMIT },
];

function lockedError(until: number): AppError {
  const retryAfter = Math.max(1, Math.ceil((until - Date.now()) / 1000));
  return new AppError(
    "RATE_LIMITED",
    msg`Too many failed sign-in attempts. Try again in ${Math.ceil(retryAfter / 60)} minutes.`,
    {
      headers: { "retry-after": String(retryAfter) },
    },
  );
}

async function lock(db: TDb, key: string): Promise<number> {
  const lockedUntil = new Date(Date.now() + LOCK_MS);
  await db.insert(signInLocks).values({ key, lockedUntil }).onConflictDoNothing();
  const [row] = await db.select().from(signInLocks).where(eq(signInLocks.key, key));
  return row.lockedUntil.getTime();
}

/**
 * Records a sign-in attempt as a failure *before* the password is checked, so parallel guesses
 * count against the limit at once; `passAttempt` removes the record when the password was right.
 * Throws 429 while the e-mail or address is locked, or when this attempt goes over the limit.
 */
export async function beginAttempt(
  db: TDb,
  email: string,
  ip: string,
): Promise<{ ids: string[]; lockIfFailed: string[] }> {
  const keys = keysFor(email, ip);
  const now = new Date();
  const locks = await db
    .select()
    .from(signInLocks)
    .where(
      and(
        inArray(
          signInLocks.key,
          keys.map((k) => k.key),
        ),
        gt(signInLocks.lockedUntil, now),
      ),
    );
  if (locks.length > 0) throw lockedError(Math.max(...locks.map((l) => l.lockedUntil.getTime())));

  const since = new Date(now.getTime() - FAILURE_WINDOW_MS);
  const ids: string[] = [];
  const lockIfFailed: string[] = [];
  for (const { key, limit } of keys) {
    // failedAt from the app's clock, as `since` is: the database's default (its own now()) would be
    // compared with the app's, and an app clock ahead of it by the window would never lock anyone out.
    const [row] = await db.insert(signInFailures).values({ key, failedAt: now }).returning({ id: signInFailures.id });
    ids.push(row.id);
    const [{ n }] = await db
      .select({ n: count() })
      .from(signInFailures)
      .where(and(eq(signInFailures.key, key), gt(signInFailures.failedAt, since)));
    if (n > limit) {
      await db.delete(signInFailures).where(inArray(signInFailures.id, ids));
      throw lockedError(await lock(db, key));
    }
    if (n === limit) lockIfFailed.push(key);
  }
  // Old rows say nothing any more; drop them now and then rather than on a schedule.
  if (Math.random() < 0.01) await db.delete(signInFailures).where(lt(signInFailures.failedAt, since));
  return { ids, lockIfFailed };
}

/** The attempt failed: the failures stay, and reaching the limit locks for 15 minutes. */
export async function failAttempt(db: TDb, attempt: { lockIfFailed: string[] }): Promise<void> {
  for (const key of attempt.lockIfFailed) await lock(db, key);
}

/**
 * The password was right: this attempt was no failure, and the count for this e-mail from this
 * address starts again. The e-mail's count across addresses stays: the owner signing in must not
 * wipe out the record of a guess spread over many addresses.
 */
export async function passAttempt(db: TDb, email: string, ip: string, attempt: { ids: string[] }): Promise<void> {
  await db
    .delete(signInFailures)
    .where(
      or(inArray(signInFailures.id, attempt.ids), eq(signInFailures.key, `email-ip:${email}|${addressGroup(ip)}`)),
    );
}
