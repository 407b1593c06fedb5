import { groupJoinRequests, groupMembers, groups } from "../../db/schema/groups";
import { inChurch } from "../../lib/church-scope";
import type { TDataKind } from "../../lib/data-kinds";

/** Small groups, who is in them and who asks to be (issue 27). Declared for the church export. */
export const GROUPS_DATA_KINDS: TDataKind[] = [
  {
    file: "groups.csv",
    about: "Small groups, archived ones included.",
    fields: {
      id: groups.id,
      name: groups.name,
      description: groups.description,
      kind: groups.kind,
      meetingDay: groups.meetingDay,
      meetingTime: groups.meetingTime,
      location: groups.location,
      capacity: groups.capacity,
      joinPolicy: groups.joinPolicy,
      visibility: groups.visibility,
      createdBy: groups.createdBy,
      archivedAt: groups.archivedAt,
      createdAt: groups.createdAt,
      updatedAt: groups.updatedAt,
    },
    keys: ["id"],
    table: groups,
    where: (ctx) => inChurch(groups, ctx),
    memberColumn: null,
  },
  {
    file: "group-members.csv",
    about: "Who is in each group, as a member or a leader.",
    fields: {
      groupId: groupMembers.groupId,
      userId: groupMembers.userId,
      role: groupMembers.role,
      seat: groupMembers.seat,
      joinedAt: groupMembers.joinedAt,
    },
    keys: ["groupId", "userId"],
    table: groupMembers,
    where: (ctx) => inChurch(groupMembers, ctx),
    memberColumn: groupMembers.userId,
  },
  {
    file: "group-join-requests.csv",
    about: "Requests to join a group that wait for its leaders.",
    fields: {
      groupId: groupJoinRequests.groupId,
      userId: groupJoinRequests.userId,
      requestedAt: groupJoinRequests.requestedAt,
    },
    keys: ["groupId", "userId"],
    table: groupJoinRequests,
    where: (ctx) => inChurch(groupJoinRequests, ctx),
    memberColumn: groupJoinRequests.userId,
  },
];
