import { z } from "zod";
import { INVITABLE_ROLES, ROLES } from "./roles";

export const ZRole = z.enum(ROLES);
export const ZInvitableRole = z.enum(INVITABLE_ROLES);

/** Spec 2 section 9: active means never logged in, or last login within 30 days. */
export const ACTIVE_MEMBER_DAYS = 30;

/** A person's fields as every answer gives them: the member list, the signed-in user (spec 2 User). */
export const ZUserFields = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  bio: z.string().nullable(),
  role: ZRole,
  churchId: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  points: z.number().int(),
  lastLogin: z.string().nullable(),
  createdAt: z.string(),
});

export const ZMember = ZUserFields.extend({ lastActiveAt: z.string().nullable() });
export type TMember = z.infer<typeof ZMember>;

export const ZUpdateMemberRoleBody = z.object({
  role: z.enum(["CONGREGANT", "GROUP_LEADER", "ADMIN"], { error: "Choose Congregant, Group Leader or Admin" }),
});
export type TUpdateMemberRoleBody = z.input<typeof ZUpdateMemberRoleBody>;

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
