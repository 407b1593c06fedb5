import type { TUnsubscribeQuery, TUnsubscribeResult } from "@common/notification-channels";
import { eq } from "drizzle-orm";
import type { TDb } from "../../db/client";
import { churches } from "../../db/schema/churches";
import { users } from "../../db/schema/users";
import { notFound } from "../../lib/errors";
import { findChannels, saveChannels } from "../../lib/notification-channels";
import type { SecretBox } from "../../lib/secrets";
import { isUnsubscribeSignature } from "../../lib/unsubscribe";

const NOT_VALID = "This unsubscribe link is not valid. You can change your e-mail choices in the app.";

/**
 * The member a signed unsubscribe link names, with their church's name; 404 when the signature does
 * not match (another member, another topic, altered) or the account is gone.
 */
async function findLinkMember(db: TDb, secrets: SecretBox, q: TUnsubscribeQuery) {
  if (!isUnsubscribeSignature(secrets, q.u, q.t, q.s)) throw notFound(NOT_VALID);
  const [member] = await db
    .select({ id: users.id, churchName: churches.name })
    .from(users)
    .leftJoin(churches, eq(churches.id, users.churchId))
    .where(eq(users.id, q.u));
  if (!member) throw notFound(NOT_VALID);
  return member;
}

/** `GET /api/unsubscribe` (no session): what the link turns off, whose church, and whether it is off already. */
export async function getUnsubscribe(db: TDb, secrets: SecretBox, q: TUnsubscribeQuery): Promise<TUnsubscribeResult> {
  const member = await findLinkMember(db, secrets, q);
  const channels = await findChannels(db, member.id);
  const off = q.t === "digest" ? !channels.digest : channels[q.t].email === "never";
  return { topic: q.t, churchName: member.churchName, off };
}

/**
 * `POST /api/unsubscribe` (RFC 8058 one-click, no session): that kind's e-mail to "never", or the
 * weekly digest off, for the member the link names only; nothing else of theirs changes.
 */
export async function postUnsubscribe(db: TDb, secrets: SecretBox, q: TUnsubscribeQuery): Promise<TUnsubscribeResult> {
  const member = await findLinkMember(db, secrets, q);
  await saveChannels(db, member.id, q.t === "digest" ? { digest: false } : { [q.t]: { email: "never" } });
  return { topic: q.t, churchName: member.churchName, off: true };
}
