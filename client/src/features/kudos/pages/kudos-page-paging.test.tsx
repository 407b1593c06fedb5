import type { TKudos } from "@common/kudos";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { jsonResponse, makeUser, mockFetch, renderWithApp } from "@/test/render";
import { KudosPage } from "./kudos-page";

/* Issue 30: a full first page of kudos offers the older ones, a page at a time, by the Link header. */

const kudos = (n: number): TKudos => ({
  id: `k${n}`,
  toUserId: "00000000-0000-4000-8000-000000000002",
  type: "volunteer_appreciation",
  title: `Kudos number ${n}`,
  message: "Thank you",
  category: "service",
  createdAt: "2025-05-01T00:00:00.000Z",
  fromUser: { firstName: "Cara", lastName: "Diaz", profileImageUrl: null },
  toUser: { firstName: "Ben", lastName: "Cole", profileImageUrl: null },
  status: "approved",
  isMine: false,
  rejectionReason: null,
  reactions: { heart: 0, thumbs_up: 0, celebrate: 0, star: 0 },
  myReactions: [],
});
const FIRST = Array.from({ length: 100 }, (_, i) => kudos(i + 1));
const NEXT = "/api/kudos?after=cursor-100";

function paged(body: unknown, next?: string) {
  const res = jsonResponse(body);
  if (next) res.headers.set("Link", `<${next}>; rel="next"`);
  return res;
}

describe("KudosPage: older kudos", () => {
  it("shows the older kudos on request, the page after the first", async () => {
    const fetchMock = mockFetch({
      "/api/kudos": () => paged(FIRST, NEXT),
      [NEXT]: () => paged([kudos(101), kudos(102)]),
    });
    renderWithApp(<KudosPage />, { user: makeUser(), path: "/kudos" });
    await screen.findByText("Kudos number 100");
    expect(screen.queryByText("Kudos number 101")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Show older kudos" }));
    const older = await screen.findByRole("list", { name: "Older kudos" });
    expect(await within(older).findByText("Kudos number 102")).toBeTruthy();
    expect(within(older).queryByText("Kudos number 1")).toBeNull();
    expect(fetchMock.mock.calls.map((c) => String(c[0]))).toContain(NEXT);
    expect(screen.queryByRole("button", { name: "Show older kudos" })).toBeNull();
  });

  it("offers nothing older when the first page is not full", async () => {
    mockFetch({ "/api/kudos": FIRST.slice(0, 5) });
    renderWithApp(<KudosPage />, { user: makeUser(), path: "/kudos" });
    await screen.findByText("Kudos number 5");
    expect(screen.queryByRole("button", { name: "Show older kudos" })).toBeNull();
  });
});
