/**
 * Roles and their labels, without zod: the first screen (router, sidebar) reads these, and the
 * schemas (`ZRole`, `ZInvitableRole` in members.ts) stay with the forms and answers that use them.
 */
export const ROLES = ["SUPER_ADMIN", "ADMIN", "GROUP_LEADER", "CONGREGANT"] as const;
export type TRole = (typeof ROLES)[number];

/** Roles an invitation can grant (spec 2 section 6). */
export const INVITABLE_ROLES = ["CONGREGANT", "GROUP_LEADER", "ADMIN"] as const;

/** SUPER_ADMIN has every ADMIN right (DESIGN.md rule 3). */
export function isAdminRole(role: string | null | undefined): boolean {
  return role === "ADMIN" || role === "SUPER_ADMIN";
}

/**
 * The one name of each role on every screen, e-mail and export: the invitation's words (issue 24).
 * The API values (CONGREGANT ...) never change; only these labels are shown.
 */
export const ROLE_LABELS: Record<TRole, string> = {
  SUPER_ADMIN: "Super Admin",
  ADMIN: "Church Leader (Admin)",
  GROUP_LEADER: "Group Leader",
  CONGREGANT: "Church Member",
};
