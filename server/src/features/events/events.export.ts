import { eq } from "drizzle-orm";
import { eventAttendance, events } from "../../db/schema/events";
import { inChurch } from "../../lib/church-scope";
import type { TDataKind } from "../../lib/data-kinds";

/** Events and attendance. Declared for the church export (and, by `memberColumn`, a member's own data later). */
export const EVENTS_DATA_KINDS: TDataKind[] = [
  {
    file: "events.csv",
    about: "Events.",
    fields: {
      id: events.id,
      title: events.title,
      description: events.description,
      location: events.location,
      startTime: events.startTime,
      endTime: events.endTime,
      streamUrl: events.streamUrl,
      createdBy: events.createdBy,
      createdAt: events.createdAt,
      updatedAt: events.updatedAt,
    },
    keys: ["id"],
    table: events,
    where: (ctx) => inChurch(events, ctx),
    memberColumn: null,
  },
  {
    file: "event-attendance.csv",
    about: "Who said they are going to which event, and who checked in.",
    fields: {
      eventId: eventAttendance.eventId,
      userId: eventAttendance.userId,
      isGoing: eventAttendance.isGoing,
      checkedInAt: eventAttendance.checkedInAt,
      updatedAt: eventAttendance.updatedAt,
    },
    keys: ["eventId", "userId"],
    table: eventAttendance,
    joins: [{ table: events, on: eq(events.id, eventAttendance.eventId) }],
    where: (ctx) => inChurch(events, ctx),
    memberColumn: eventAttendance.userId,
  },
];
