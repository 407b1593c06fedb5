import type { TGroup } from "@common/groups";

export const GROUP_ID = "00000000-0000-4000-8000-0000000000a1";
export const RUTH = "00000000-0000-4000-8000-000000000011";
export const BEN = "00000000-0000-4000-8000-000000000012";

/** A group as `GET /api/groups` answers it: an open Bible study on Tuesdays at 19:30, 3 of 10. */
export function makeGroup(over: Partial<TGroup> = {}): TGroup {
  return {
    id: GROUP_ID,
    name: "Tuesday Bible Study",
    description: "We read Romans together.",
    kind: "bible_study",
    meetingDay: 2,
    meetingTime: "19:30",
    location: "Room 4",
    capacity: 10,
    memberCount: 3,
    joinPolicy: "open",
    visibility: "listed",
    leaders: [{ id: RUTH, firstName: "Ruth", lastName: "Park" }],
    membership: null,
    ...over,
  };
}
