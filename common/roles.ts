import { z } from "zod";

export const ROLES = ["SUPER_ADMIN", "ADMIN", "GROUP_LEADER", "CONGREGANT"] as const;
export const ZRole = z.enum(ROLES);
export type TRole = z.infer<typeof ZRole>;

/** Roles an invitation can grant (spec 2 section 6). */
export const INVITABLE_ROLES = ["CONGREGANT", "GROUP_LEADER", "ADMIN"] as const;
export const ZInvitableRole = z.enum(INVITABLE_ROLES);

/** SUPER_ADMIN has every ADMIN right (DESIGN.md rule 3). */
export function isAdminRole(role: string | null | undefined): boolean {
  return role === "ADMIN" || role === "SUPER_ADMIN";
}

export const ROLE_LABELS: Record<TRole, string> = {
  SUPER_ADMIN: "Super Admin",
  ADMIN: "Admin",
  GROUP_LEADER: "Group Leader",
  CONGREGANT: "Congregant",
};
