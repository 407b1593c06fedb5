import { and, eq, isNull } from "drizzle-orm";
import type { TDb } from "../db/client";
import { emailVerifications } from "../db/schema/auth";
import { users } from "../db/schema/users";
import { notFound } from "./errors";

/*
 * An account's address proved by its owner, shared by every way of proving it: a confirmation or
 * reset link (auth), a provider's word (single sign-on) and an accepted invitation (invitations).
 * It runs inside the transaction of the proof, so it lives here rather than in one of those features.
 */

/** How an address was proved; see `users.emailProof`. An invitation is the weakest proof. */
export type TEmailProof = "mailbox" | "provider" | "invitation";

/**
 * Records that the owner of the account's address has proved it (something e-mailed to it came
 * back). When it had not been proved before, an SSO subject linked until now may be someone
 * else's and is dropped; `passwordHash`, when given, replaces (or with null removes) the password.
 * Links sent earlier stop working. Returns whether the address was unproved until now.
 */
export async function markEmailProved(
  db: TDb,
  userId: string,
  opts: { proof: TEmailProof; passwordHash?: string | null },
): Promise<{ wasUnverified: boolean }> {
  const [user] = await db
    .select({ emailVerifiedAt: users.emailVerifiedAt, emailProof: users.emailProof })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  if (!user) throw notFound("Account not found");
  const wasUnverified = user.emailVerifiedAt === null;
  await db
    .update(users)
    .set({
      emailVerifiedAt: user.emailVerifiedAt ?? new Date(),
      // An invitation never replaces a stronger proof.
      emailProof: opts.proof === "invitation" && user.emailProof ? user.emailProof : opts.proof,
      ...(wasUnverified ? { oidcSubject: null } : {}),
      ...(opts.passwordHash !== undefined ? { passwordHash: opts.passwordHash } : {}),
    })
    .where(eq(users.id, userId));
  await db
    .delete(emailVerifications)
    .where(and(eq(emailVerifications.userId, userId), isNull(emailVerifications.usedAt)));
  return { wasUnverified };
}
