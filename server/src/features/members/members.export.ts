import { users } from "../../db/schema/users";
import { inChurch } from "../../lib/church-scope";
import { type TDataKind, utcDay } from "../../lib/data-kinds";
import { adminVisibleColumn } from "../../lib/profile-privacy";

/** The church's members. Declared for the church export (and, by `memberColumn`, a member's own data later). */
export const MEMBERS_DATA_KINDS: TDataKind[] = [
  {
    file: "members.csv",
    about:
      "Everyone who is a member of the church now, with role and points (never a password); last sign-in and last seen to the day; phone, birthday, address and bio unless the member keeps them from everybody.",
    fields: {
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      // Issue 27: the admin's reading of each member's privacy (a field kept from everybody stays out).
      bio: adminVisibleColumn("bio").as("bio"),
      phone: adminVisibleColumn("phone").as("phone"),
      birthday: adminVisibleColumn("birthday").as("birthday"),
      address: adminVisibleColumn("address").as("address"),
      profileImageUrl: users.profileImageUrl,
      points: users.points,
      joinedAt: users.churchJoinedAt,
      lastLogin: utcDay(users.lastLogin, "last_login"),
      lastActiveAt: utcDay(users.lastActiveAt, "last_active_at"),
      emailVerifiedAt: users.emailVerifiedAt,
      createdAt: users.createdAt,
    },
    keys: ["id"],
    table: users,
    where: (ctx) => inChurch(users, ctx),
    memberColumn: users.id,
  },
];
