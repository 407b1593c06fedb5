import type { TNotification } from "@common/notifications";
import { describe, expect, it } from "vitest";
import { groupNotifications, unreadIdsOf } from "./group";

let seq = 0;
function note(over: Partial<TNotification> = {}): TNotification {
  seq += 1;
  return {
    id: `n${seq}`,
    type: "sermon",
    kind: "sermon_published",
    title: "New sermon",
    message: `Sermon ${seq} by Pastor John`,
    isRead: false,
    createdAt: "2026-11-20T15:00:00.000Z",
    relatedId: null,
    link: `/sermons/s${seq}`,
    ...over,
  };
}

describe("groupNotifications", () => {
  it("makes one line of sermons published together, newest first, opening the sermons page", () => {
    const list = [note({ message: "C" }), note({ message: "B" }), note({ message: "A" })];
    const [line, ...rest] = groupNotifications(list);
    expect(rest).toEqual([]);
    expect(line).toMatchObject({
      key: list[0].id,
      title: "3 new sermons",
      message: "C · B · A",
      isRead: false,
      link: "/sermons",
      createdAt: list[0].createdAt,
    });
    expect(unreadIdsOf(line)).toEqual(list.map((n) => n.id));
  });

  it("keeps a single one as it is, with its own page", () => {
    const one = note();
    expect(groupNotifications([one])).toEqual([{ ...one, key: one.id, items: [one] }]);
  });

  it("breaks a group at another kind, a read one, or another day", () => {
    const lines = groupNotifications([
      note(),
      note(),
      note({ kind: "event_published", type: "event", title: "New event" }),
      note({ kind: "event_published", type: "event", title: "New event" }),
      note({ isRead: true }),
      note({ isRead: false }),
      note({ createdAt: "2026-11-18T15:00:00.000Z" }),
    ]);
    expect(lines.map((l) => [l.title, l.items.length])).toEqual([
      ["2 new sermons", 2],
      ["2 new events", 2],
      ["New sermon", 1],
      ["New sermon", 1],
      ["New sermon", 1],
    ]);
  });

  it("never groups news about one member (prayers, badges)", () => {
    const lines = groupNotifications([
      note({ kind: "prayer_prayed", type: "prayer", title: "Someone prayed for you" }),
      note({ kind: "prayer_prayed", type: "prayer", title: "Someone prayed for you" }),
    ]);
    expect(lines).toHaveLength(2);
  });

  it("marks only the unread of a line", () => {
    const [line] = groupNotifications([note({ isRead: true }), note({ isRead: true })]);
    expect(unreadIdsOf(line)).toEqual([]);
  });
});
