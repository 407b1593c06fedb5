import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { activateLanguage } from "@/lib/i18n";
import { makeUser, mockFetch, renderWithApp } from "@/test/render";
import { ShareFeedsCard } from "./share-feeds-card";

const FEEDS = {
  "/api/admin/feeds": { podcastUrl: "https://example.org/feeds/podcast.xml", calendarUrl: "https://example.org/c.ics" },
};

describe("ShareFeedsCard", () => {
  afterEach(async () => {
    await activateLanguage("en");
  });

  it("shows the podcast feed's address with its copy button", async () => {
    mockFetch(FEEDS);
    renderWithApp(<ShareFeedsCard kind="podcast" />, { user: makeUser({ role: "ADMIN" }) });
    expect(await screen.findByDisplayValue(FEEDS["/api/admin/feeds"].podcastUrl)).toBeTruthy();
    expect(screen.getByText("Share feeds")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Copy podcast feed link" })).toBeTruthy();
  });

  it("speaks Spanish, and renders right to left in Arabic", async () => {
    await activateLanguage("es");
    mockFetch(FEEDS);
    const { unmount } = renderWithApp(<ShareFeedsCard kind="calendar" />, { user: makeUser({ role: "ADMIN" }) });
    expect(await screen.findByDisplayValue(FEEDS["/api/admin/feeds"].calendarUrl)).toBeTruthy();
    expect(screen.getByText("Compartir canales")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Copiar el enlace del canal de calendario" })).toBeTruthy();
    unmount();
    await activateLanguage("ar");
    mockFetch(FEEDS);
    renderWithApp(<ShareFeedsCard kind="podcast" />, { user: makeUser({ role: "ADMIN" }) });
    expect(await screen.findByText("مشاركة الخلاصات")).toBeTruthy();
    expect(document.documentElement.dir).toBe("rtl");
  });
});
