import type { TInvitation } from "@common/invitations";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { jsonResponse, makeUser, mockFetch, renderWithApp } from "@/test/render";
import { InvitationsPage } from "./invitations-page";

/* Issue 30: the invitations page reads the list a page at a time and asks for the next on "Load more". */

const future = new Date(Date.now() + 7 * 86_400_000).toISOString();
const invitation = (n: number, over: Partial<TInvitation> = {}): TInvitation => ({
  id: `i${n}`,
  email: `person${n}@x.org`,
  role: "CONGREGANT",
  token: `tok-${n}`,
  isUsed: false,
  expiresAt: future,
  createdAt: `2025-05-${String(30 - n).padStart(2, "0")}T00:00:00Z`,
  ...over,
});
const NEXT = "/api/invitations?after=cursor-1";

function paged(body: unknown, next?: string) {
  const res = jsonResponse(body);
  if (next) res.headers.set("Link", `<${next}>; rel="next"`);
  return res;
}

describe("InvitationsPage in pages", () => {
  it("shows the first page and loads the next page its Link header names", async () => {
    const fetchMock = mockFetch({
      "/api/invitations": () => paged([invitation(1), invitation(2)], NEXT),
      [NEXT]: () => paged([invitation(3)]),
    });
    renderWithApp(<InvitationsPage />, { user: makeUser(), path: "/admin/invitations" });
    await screen.findByText("person2@x.org");
    expect(screen.queryByText("person3@x.org")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Load more invitations" }));
    await screen.findByText("person3@x.org");
    expect(screen.getByText("person1@x.org")).toBeTruthy();
    expect(fetchMock.mock.calls.map((c) => String(c[0]))).toContain(NEXT);
    expect(screen.queryByRole("button", { name: "Load more invitations" })).toBeNull();
  });

  it("'Send all waiting' names no count while pages remain (the server sends every waiting one)", async () => {
    const waiting = { sentAt: null, source: "import" as const, firstName: null, lastName: null };
    mockFetch({
      "/api/invitations": () => paged([invitation(1, waiting), invitation(2, waiting)], NEXT),
    });
    renderWithApp(<InvitationsPage />, { user: makeUser(), path: "/admin/invitations" });
    await userEvent.click(await screen.findByRole("button", { name: "Send all waiting" }));
    const confirm = await screen.findByRole("alertdialog");
    expect(within(confirm).getByText("Send every waiting invitation?")).toBeTruthy();
    expect(within(confirm).getByRole("button", { name: "Send them all" })).toBeTruthy();
    expect(within(confirm).queryByText(/2 people/)).toBeNull();
  });
});
