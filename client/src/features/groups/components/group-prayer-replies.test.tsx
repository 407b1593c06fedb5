import type { TGroupPrayer } from "@common/group-prayers";
import type { TPrayerReply } from "@common/prayer-replies";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { makeUser, mockFetch, renderWithApp } from "@/test/render";
import { GROUP_PRAYERS_LIMIT } from "../life-api";
import { GroupPrayers } from "./group-prayers";

/** Issue 28 (E2): the private thread on a group's prayer, from the group's Prayer tab. */

const GROUP = "g1";
const LIST = `/api/groups/${GROUP}/prayers?limit=${GROUP_PRAYERS_LIMIT}`;

function makePrayer(over: Partial<TGroupPrayer> = {}): TGroupPrayer {
  return {
    id: "p1",
    groupId: GROUP,
    title: "A quiet burden",
    description: "Please pray.",
    isAnonymous: true,
    userId: null,
    userName: "Anonymous",
    userImageUrl: null,
    isMine: false,
    isAnswered: false,
    answeredAt: null,
    canAnswer: false,
    prayedCount: 0,
    prayedToday: false,
    createdAt: new Date(Date.now() - 3_600_000).toISOString(),
    ...over,
  };
}

const reply = (over: Partial<TPrayerReply>): TPrayerReply => ({
  id: "x",
  message: "",
  fromAuthor: false,
  author: null,
  createdAt: new Date().toISOString(),
  ...over,
});

const THREAD = [
  reply({ id: "1", message: "Praying with you.", author: { id: "lead", firstName: "Leah", lastName: "Stone" } }),
  reply({ id: "2", message: "Thank you.", fromAuthor: true }),
];

describe("a group prayer's private replies", () => {
  it("the group's leader opens 'Reply privately' on an anonymous prayer: 'Anonymous', 'The person who asked', the group's leaders named in the privacy line", async () => {
    mockFetch({
      [LIST]: [makePrayer(), makePrayer({ id: "p2", title: "Named", isAnonymous: false, userName: "Ben Cho" })],
      "/api/prayer-requests/p1/replies": THREAD,
    });
    renderWithApp(<GroupPrayers groupId={GROUP} canLead />, { user: makeUser({ id: "lead", role: "GROUP_LEADER" }) });
    const buttons = await screen.findAllByRole("button", { name: /^Reply privately/ });
    expect(buttons).toHaveLength(2);
    await userEvent.click(screen.getByRole("button", { name: "Reply privately “A quiet burden”" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("Asked by Anonymous")).toBeTruthy();
    expect(
      within(dialog).getByText(
        "Only the person who asked, this group's leaders and the church's pastors see these replies.",
      ),
    ).toBeTruthy();
    const items = within(await within(dialog).findByRole("list", { name: "Replies" })).getAllByRole("listitem");
    expect(items[0].textContent).toContain("You");
    expect(items[1].textContent).toContain("The person who asked");
  });

  it("a plain member sees no reply button but on their own prayer ('Replies'), and ?thread= opens it", async () => {
    mockFetch({
      [LIST]: [makePrayer({ isMine: true }), makePrayer({ id: "p2", title: "Not mine", isAnonymous: false })],
      "/api/prayer-requests/p1/replies": THREAD,
    });
    renderWithApp(<GroupPrayers groupId={GROUP} />, {
      user: makeUser({ id: "me", role: "CONGREGANT" }),
      path: `/groups/${GROUP}?tab=prayers&thread=p1`,
    });
    const dialog = await screen.findByRole("dialog");
    expect(
      within(dialog).getByText("Only you, this group's leaders and your church's pastors see these replies."),
    ).toBeTruthy();
    const items = within(await within(dialog).findByRole("list", { name: "Replies" })).getAllByRole("listitem");
    expect(items[0].textContent).toContain("Leah Stone");
    expect(items[1].textContent).toContain("You");
    await userEvent.keyboard("{Escape}");
    expect(screen.getAllByRole("button", { name: /^Replies/ })).toHaveLength(1);
    expect(screen.queryByRole("button", { name: /^Reply privately/ })).toBeNull();
  });
});
