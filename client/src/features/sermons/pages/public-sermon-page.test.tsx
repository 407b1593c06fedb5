import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockFetch, renderWithApp } from "@/test/render";
import { PublicSermonPage } from "./sermon-detail-page";

const SHARED = {
  id: "s1",
  title: "The Good Shepherd",
  speaker: "Pastor Ann",
  date: "2026-03-01T00:00:00.000Z",
  series: null,
  scripture: "Psalm 23",
  church: { name: "Harbor Light Church", logoUrl: "/api/churches/c1/logo?v=1", brandColor: "#0F766E" },
};

describe("PublicSermonPage (a shared sermon, signed out)", () => {
  it("shows the church's logo and name and paints the page in its colour", async () => {
    mockFetch({ "/api/sermons/s1": SHARED });
    const { unmount } = renderWithApp(<PublicSermonPage id="s1" />, { path: "/sermons/s1" });
    expect(await screen.findByRole("heading", { name: "The Good Shepherd" })).toBeTruthy();
    expect(screen.getByText("Harbor Light Church")).toBeTruthy();
    expect(screen.getByRole("img", { name: "Harbor Light Church logo" }).getAttribute("src")).toBe(
      "/api/churches/c1/logo?v=1",
    );
    expect(document.documentElement.style.getPropertyValue("--brand")).toBe("#0f766e");
    unmount();
    expect(document.documentElement.style.getPropertyValue("--brand")).toBe("#6366f1");
  });
});
