import type { TNotification } from "@common/notifications";

/**
 * Issue 24 item 9: news that arrives together is one line ("3 new sermons"), not one line each.
 * The rule: notifications next to each other in the list (newest first), of the same kind among
 * GROUPED_KINDS, on the same day (the device's), and all unread or all read, make one group. Only
 * the church-wide publications group; news about one member (a prayer, a badge) stays its own line.
 * The bell's count is the server's count of notifications, not of lines, so it stays true.
 */
const GROUPED_KINDS: Record<string, { one: string; many: (n: number) => string; link: string }> = {
  sermon_published: { one: "New sermon", many: (n) => `${n} new sermons`, link: "/sermons" },
  event_published: { one: "New event", many: (n) => `${n} new events`, link: "/events" },
  action_step_posted: { one: "New action step", many: (n) => `${n} new action steps`, link: "/growth" },
};

/** One line of the list: a single notification, or several of a kind that came together. */
export type TNotificationLine = {
  /** The newest notification's id: stable while older ones join the group. */
  key: string;
  /** Newest first; one for a single notification. */
  items: TNotification[];
  kind: string;
  title: string;
  message: string;
  isRead: boolean;
  createdAt: string;
  link: string | null;
};

const dayOf = (iso: string) => new Date(iso).toDateString();

function canJoin(group: TNotification[], n: TNotification): boolean {
  const first = group[0];
  return (
    n.kind in GROUPED_KINDS &&
    n.kind === first.kind &&
    n.isRead === first.isRead &&
    dayOf(n.createdAt) === dayOf(first.createdAt)
  );
}

function toLine(items: TNotification[]): TNotificationLine {
  const [first] = items;
  const grouped = GROUPED_KINDS[first.kind];
  if (items.length === 1 || !grouped) {
    return { ...first, key: first.id, items };
  }
  // The messages name what came ("Walking in Faith by Pastor John"), newest first.
  return {
    key: first.id,
    items,
    kind: first.kind,
    title: grouped.many(items.length),
    message: items.map((n) => n.message).join(" · "),
    isRead: first.isRead,
    createdAt: first.createdAt,
    link: grouped.link,
  };
}

/** The list's lines, in the list's order. */
export function groupNotifications(list: TNotification[]): TNotificationLine[] {
  const groups: TNotification[][] = [];
  for (const n of list) {
    const last = groups.at(-1);
    if (last && canJoin(last, n)) last.push(n);
    else groups.push([n]);
  }
  return groups.map(toLine);
}

/** The ids a line's click marks read: its unread notifications. */
export const unreadIdsOf = (line: TNotificationLine): string[] => line.items.filter((n) => !n.isRead).map((n) => n.id);
