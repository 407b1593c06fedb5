import { getEventStatus } from "@common/event-helpers";
import type { TEvent } from "@common/events";
import { Badge } from "@/components/ui/badge";

/** Spec: 'Upcoming' if the start is in the future, otherwise 'Past'. */
export function EventStatusBadge({ event, now }: { event: Pick<TEvent, "startTime">; now?: Date }) {
  const status = getEventStatus(event, now);
  return <Badge tone={status === "Upcoming" ? "blue" : "grey"}>{status}</Badge>;
}
