import { getEventStatus, type TEventStatus } from "@common/event-helpers";
import type { TEvent } from "@common/events";
import { Badge, type TBadgeTone } from "@/components/ui/badge";
import { useT } from "@/lib/i18n";
import { eventsCatalog } from "../i18n";

const STATUS: Record<TEventStatus, { tone: TBadgeTone; key: "status.upcoming" | "status.now" | "status.past" }> = {
  Upcoming: { tone: "blue", key: "status.upcoming" },
  "Happening now": { tone: "green", key: "status.now" },
  Past: { tone: "grey", key: "status.past" },
};

/** Upcoming before the start, Happening now until the end, Past after (`getEventStatus`). */
export function EventStatusBadge({ event, now }: { event: Pick<TEvent, "startTime" | "endTime">; now?: Date }) {
  const t = useT(eventsCatalog);
  const status = STATUS[getEventStatus(event, now)];
  return <Badge tone={status.tone}>{t(status.key)}</Badge>;
}
