/** Plain helpers and constants of members.ts, without zod (the first screens read them). */
import type { TMember } from "./members";

/** Spec 2 section 9: active means never logged in, or last login within 30 days. */
export const ACTIVE_MEMBER_DAYS = 30;

export function isActiveMember(m: Pick<TMember, "lastLogin">, now = new Date()): boolean {
  if (!m.lastLogin) return true;
  return now.getTime() - new Date(m.lastLogin).getTime() <= ACTIVE_MEMBER_DAYS * 86_400_000;
}

export function isNewThisMonth(m: Pick<TMember, "createdAt">, now = new Date()): boolean {
  const d = new Date(m.createdAt);
  return d.getMonth() === now.getMonth() && d.getFullYear() === now.getFullYear();
}

export function getMemberDisplayName(m: { firstName: string | null; lastName: string | null; email: string }): string {
  const full = [m.firstName, m.lastName].filter(Boolean).join(" ").trim();
  return full || m.email;
}

/** How long after an account is made its first session still counts as the first visit. */
export const FIRST_VISIT_HOURS = 12;

/**
 * "Welcome" on a first visit and "Welcome back" after (issue 24). The first visit is the session the
 * account was made in: no sign-in since (every sign-in moves `lastLogin`; registering sets it to the
 * account's creation), and the account less than FIRST_VISIT_HOURS old. The server already keeps both
 * dates, so a second phone or a cleared browser greets the same way.
 */
export function isFirstVisit(u: { lastLogin: string | null; createdAt: string }, now = new Date()): boolean {
  const created = Date.parse(u.createdAt);
  const signedInSince = u.lastLogin !== null && Date.parse(u.lastLogin) - created > 60_000;
  return !signedInSince && now.getTime() - created < FIRST_VISIT_HOURS * 3_600_000;
}
