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
