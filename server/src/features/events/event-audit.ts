import type { TDb } from "../../db/client";
import { auditChanges, recordAudit } from "../../lib/audit";
import type { TChurchCtx } from "../../lib/context";
import type { TEventInput } from "./event-values";
import type { TEventRow } from "./occurrences.service";

/**
 * The audit trail's view of an event (issue 25 §2): the fields an admin sets, compared before and
 * after each change, recorded in the change's own transaction.
 */
const AUDITED = [
  "title",
  "description",
  "location",
  "startTime",
  "endTime",
  "streamUrl",
  "recurrence",
  "isService",
] as const;
type TAudited = Pick<TEventRow, (typeof AUDITED)[number]>;

const auditedOf = (row: TAudited): TAudited => ({
  title: row.title,
  description: row.description,
  location: row.location,
  startTime: row.startTime,
  endTime: row.endTime,
  streamUrl: row.streamUrl,
  recurrence: row.recurrence,
  isService: row.isService,
});

export function auditEventCreated(tx: TDb, ctx: TChurchCtx, row: TEventRow): Promise<void> {
  return recordAudit(tx, ctx, {
    action: "event.created",
    targetType: "event",
    targetId: row.id,
    changes: auditChanges(null, auditedOf(row)),
  });
}

/** A change of the whole series: the row as it was and as it is now. */
export function auditSeriesUpdated(tx: TDb, ctx: TChurchCtx, before: TEventRow, after: TEventRow): Promise<void> {
  return recordAudit(tx, ctx, {
    action: "event.updated",
    targetType: "event",
    targetId: before.id,
    changes: auditChanges(auditedOf(before), auditedOf(after)),
  });
}

/**
 * A change of one occurrence ("one") or of it and the later ones ("following", which moves them to
 * `newEventId`): compared with that occurrence as the series had it.
 */
export function auditOccurrenceUpdated(
  tx: TDb,
  ctx: TChurchCtx,
  event: TEventRow,
  body: TEventInput,
  change: { scope: "one" | "following"; key: Date; newEventId?: string },
): Promise<void> {
  const duration = event.endTime.getTime() - event.startTime.getTime();
  const was = { ...auditedOf(event), startTime: change.key, endTime: new Date(change.key.getTime() + duration) };
  const now: Partial<TAudited> = {
    title: body.title,
    description: body.description,
    location: body.location,
    startTime: new Date(body.startTime),
    endTime: new Date(body.endTime),
    ...(change.scope === "following" && { streamUrl: body.streamUrl }),
  };
  return recordAudit(tx, ctx, {
    action: "event.updated",
    targetType: "event",
    targetId: event.id,
    changes: {
      scope: [null, change.scope],
      occurrenceStart: [null, change.key.toISOString()],
      ...(change.newEventId && { newEventId: [null, change.newEventId] }),
      ...auditChanges(was, now),
    },
  });
}

export function auditOccurrenceCancelled(tx: TDb, ctx: TChurchCtx, eventId: string, key: Date): Promise<void> {
  return recordAudit(tx, ctx, {
    action: "event.updated",
    targetType: "event",
    targetId: eventId,
    changes: { cancelledOccurrence: [null, key.toISOString()] },
  });
}

export function auditEventDeleted(tx: TDb, ctx: TChurchCtx, row: TEventRow): Promise<void> {
  return recordAudit(tx, ctx, {
    action: "event.deleted",
    targetType: "event",
    targetId: row.id,
    changes: auditChanges(auditedOf(row), null),
  });
}
