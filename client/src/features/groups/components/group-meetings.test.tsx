import type { TGroupMeeting, TGroupMeetings, TMeetingAttendance } from "@common/group-meetings";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { activateLanguage } from "@/lib/i18n";
import { jsonResponse, makeUser, mockFetch, renderWithApp } from "@/test/render";
import { GroupMeetings } from "./group-meetings";

const GROUP = "g1";
const MEETINGS = `/api/groups/${GROUP}/meetings`;
// Thursday 2026-12-03 19:30 in Denver is 02:30 UTC on the Friday.
const NEXT = "2026-12-04T02:30:00.000Z";
const TODAY = "2026-11-27T02:30:00.000Z";
const LAST = "2026-11-20T02:30:00.000Z";
const ROLL = `${MEETINGS}/attendance?${new URLSearchParams({ startsAt: TODAY })}`;

function meeting(startsAt: string, over: Partial<TGroupMeeting> = {}): TGroupMeeting {
  return {
    id: null,
    startsAt,
    note: null,
    isRegular: true,
    canMark: false,
    present: 0,
    absent: 0,
    mine: null,
    ...over,
  };
}

const DATA: TGroupMeetings = {
  upcoming: [meeting(NEXT, { note: "Bring a friend" })],
  past: [meeting(TODAY, { canMark: true, present: 1, absent: 0, mine: null }), meeting(LAST, { id: "m0", mine: true })],
};

const USER = makeUser({
  id: "u1",
  role: "CONGREGANT",
  church: { ...makeUser().church, timeZone: "America/Denver" },
});

function roll(): TMeetingAttendance {
  return {
    meeting: DATA.past[0],
    people: [
      { userId: "u2", firstName: "Ben", lastName: "Cho", profileImageUrl: null, role: "member", present: null },
      { userId: "u3", firstName: "Cara", lastName: "Diaz", profileImageUrl: null, role: "member", present: true },
      { userId: "u1", firstName: "Ann", lastName: "Lee", profileImageUrl: null, role: "leader", present: null },
    ],
  };
}

const sent = (fetchMock: ReturnType<typeof mockFetch>, method: string, url: string) =>
  fetchMock.mock.calls
    .filter(([u, init]) => u === url && (init?.method ?? "GET") === method)
    .map(([, init]) => (init?.body ? JSON.parse(String(init.body)) : undefined));

function setup(routes: Record<string, unknown>, canLead: boolean) {
  const fetchMock = mockFetch(routes);
  renderWithApp(<GroupMeetings groupId={GROUP} canLead={canLead} />, { user: USER });
  return fetchMock;
}

afterEach(async () => {
  await activateLanguage("en");
});

describe("GroupMeetings", () => {
  it("shows a skeleton, then says when there are no meetings", async () => {
    setup({ [MEETINGS]: { upcoming: [], past: [] } }, false);
    expect(screen.getByRole("status", { name: "Loading meetings" })).toBeTruthy();
    expect(await screen.findByText("No meetings planned yet")).toBeTruthy();
  });

  it("shows a member the next meetings in the church's time zone and their own attendance, without the roll", async () => {
    setup({ [MEETINGS]: DATA }, false);
    const upcoming = await screen.findByRole("list", { name: "Upcoming" });
    expect(within(upcoming).getByText("Thursday, December 3 at 7:30 PM")).toBeTruthy();
    expect(within(upcoming).getByText("Bring a friend")).toBeTruthy();
    const past = screen.getByRole("list", { name: "Recent meetings" });
    expect(within(past).getByText("You were there")).toBeTruthy();
    expect(within(past).getByText("Not marked")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Take attendance" })).toBeNull();
  });

  it("lets a leader take attendance with one tap per person, and undoes a tap the server refused", async () => {
    let refuse = false;
    const fetchMock = setup(
      {
        [MEETINGS]: DATA,
        [ROLL]: roll(),
        [`PUT ${MEETINGS}/attendance`]: (init?: RequestInit) => {
          if (refuse) return jsonResponse({ message: "Only members of this group can be marked." }, 400);
          const body = JSON.parse(String(init?.body));
          return jsonResponse({ meetingId: "m1", userId: body.userId, present: body.present, pointsAwarded: 10 });
        },
      },
      true,
    );
    const past = await screen.findByRole("list", { name: "Recent meetings" });
    expect(within(past).getByText("1 present, 0 absent")).toBeTruthy();
    // Only a meeting that has started (or is today) takes attendance.
    expect(screen.getAllByRole("button", { name: "Take attendance" })).toHaveLength(1);
    await userEvent.click(within(past).getByRole("button", { name: "Take attendance" }));
    const list = await screen.findByRole("list", { name: "Tap a person to mark them present or absent" });
    expect(screen.getByText("1 of 3 present")).toBeTruthy();
    const ben = within(list).getByRole("button", { name: /Ben Cho/ });
    expect(ben.getAttribute("aria-pressed")).toBe("false");
    await userEvent.click(ben);
    await waitFor(() => expect(ben.getAttribute("aria-pressed")).toBe("true"));
    expect(screen.getByText("2 of 3 present")).toBeTruthy();
    // A second tap marks absent.
    const cara = within(list).getByRole("button", { name: /Cara Diaz/ });
    await userEvent.click(cara);
    await waitFor(() => expect(within(cara).getByText("Absent")).toBeTruthy());
    expect(sent(fetchMock, "PUT", `${MEETINGS}/attendance`)).toEqual([
      { startsAt: TODAY, userId: "u2", present: true },
      { startsAt: TODAY, userId: "u3", present: false },
    ]);
    refuse = true;
    const ann = within(list).getByRole("button", { name: /Ann Lee/ });
    await userEvent.click(ann);
    await waitFor(() => expect(within(ann).getByText("Not marked")).toBeTruthy());
    await userEvent.click(screen.getByRole("button", { name: "Done" }));
    expect(await screen.findByRole("list", { name: "Upcoming" })).toBeTruthy();
  });

  it("speaks Spanish", async () => {
    await activateLanguage("es");
    setup({ [MEETINGS]: DATA, [ROLL]: roll() }, true);
    const upcoming = await screen.findByRole("list", { name: "Próximas" });
    expect(within(upcoming).getByText(/jueves, 3 de diciembre/)).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Tomar asistencia" }));
    expect(await screen.findByText("1 de 3 presentes")).toBeTruthy();
    expect(screen.getAllByText("Sin marcar").length).toBeGreaterThan(0);
  });
});
