import { invitationSends, invitations } from "../../db/schema/invitations";
import { inChurch } from "../../lib/church-scope";
import type { TDataKind } from "../../lib/data-kinds";

/** Invitations and the emails that carried them. Declared for the church export (and, by `memberColumn`, a member's own data later). */
export const INVITATIONS_DATA_KINDS: TDataKind[] = [
  {
    file: "invitations.csv",
    about: "Invitations, used or not (never their links or tokens).",
    fields: {
      id: invitations.id,
      email: invitations.email,
      firstName: invitations.firstName,
      lastName: invitations.lastName,
      role: invitations.role,
      source: invitations.source,
      isUsed: invitations.isUsed,
      usedBy: invitations.usedBy,
      invitedBy: invitations.invitedBy,
      sentAt: invitations.sentAt,
      expiresAt: invitations.expiresAt,
      createdAt: invitations.createdAt,
    },
    keys: ["id"],
    table: invitations,
    where: (ctx) => inChurch(invitations, ctx),
    memberColumn: invitations.usedBy,
  },
  {
    file: "invitation-emails.csv",
    about: "Every invitation email the church sent: to whom and when.",
    fields: { id: invitationSends.id, recipient: invitationSends.recipient, createdAt: invitationSends.createdAt },
    keys: ["id"],
    table: invitationSends,
    where: (ctx) => inChurch(invitationSends, ctx),
    memberColumn: null,
  },
];
