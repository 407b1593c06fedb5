import { getEventStatus, type TEventStatus } from "@common/event-helpers";
import type { TEvent } from "@common/events";
import { Badge, type TBadgeTone } from "@/components/ui/badge";

const TONES: Record<TEventStatus, TBadgeTone> = { Upcoming: "blue", "Happening now": "green", Past: "grey" };

/** Upcoming before the start, Happening now until the end, Past after (`getEventStatus`). */
export function EventStatusBadge({ event, now }: { event: Pick<TEvent, "startTime" | "endTime">; now?: Date }) {
  const status = getEventStatus(event, now);
  return <Badge tone={TONES[status]}>{status}</Badge>;
}
