import { z } from "zod";
import { ZTimePageQuery } from "./list-page";
import { INVITABLE_ROLES, ROLES } from "./roles";

export const ZRole = z.enum(ROLES);
export const ZInvitableRole = z.enum(INVITABLE_ROLES);

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
  role: z.enum(["CONGREGANT", "GROUP_LEADER", "ADMIN"], {
    error: "Choose Church Member, Group Leader or Church Leader (Admin)",
  }),
});
export type TUpdateMemberRoleBody = z.input<typeof ZUpdateMemberRoleBody>;

/** `GET /api/admin/members?limit=&after=`: oldest first; a page of 100 unless asked (issue 30). */
export const MEMBERS_PAGE_LIMIT = 100;
export const MEMBERS_PAGE_MAX = 500;
export const ZMembersQuery = ZTimePageQuery(MEMBERS_PAGE_LIMIT, MEMBERS_PAGE_MAX);
