import { MEMBER_EXPORT_STATUS_URL, type TMemberExportStatus } from "@common/member-data-helpers";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { activateLanguage } from "@/lib/i18n";
import { makeUser, mockFetch, renderWithApp } from "@/test/render";
import { YourDataCard } from "./your-data-card";

const AVAILABLE: TMemberExportStatus = { lastDownloadedAt: null, nextAvailableAt: null };
/** Downloaded on a Friday evening in New York: the next is allowed from the church's Saturday midnight. */
const LIMITED: TMemberExportStatus = {
  lastDownloadedAt: "2030-01-04T23:00:00.000Z",
  nextAvailableAt: "2030-01-05T05:00:00.000Z",
};
const user = makeUser({ role: "CONGREGANT", church: { ...makeUser().church, timeZone: "America/New_York" } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("YourDataCard", () => {
  it("offers the member's own data as a download, saying what it holds and that it is once a day", async () => {
    mockFetch({ [MEMBER_EXPORT_STATUS_URL]: AVAILABLE });
    renderWithApp(<YourDataCard />, { user });
    const link = await screen.findByRole("link", { name: "Download my data" });
    expect(link.getAttribute("href")).toBe("/api/user/export.zip");
    expect(link.hasAttribute("download")).toBe(true);
    expect(screen.getByText("Your data")).toBeTruthy();
    expect(screen.getByText(/your anonymous ones marked as such/)).toBeTruthy();
    expect(screen.getByText("You can download it once a day.")).toBeTruthy();
  });

  it("disables the button after today's download and says from when, in the church's time zone", async () => {
    mockFetch({ [MEMBER_EXPORT_STATUS_URL]: LIMITED });
    renderWithApp(<YourDataCard />, { user });
    const sentence =
      "You downloaded your data today. You can download it again from Saturday, January 5 at 12:00 AM EST.";
    expect(await screen.findByText(sentence)).toBeTruthy();
    const button = screen.getByRole("button", { name: "Download my data" });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.getAttribute("aria-describedby")).toBe(screen.getByText(sentence).id);
    expect(screen.queryByRole("link", { name: "Download my data" })).toBeNull();
    expect(screen.queryByText("You can download it once a day.")).toBeNull();
  });

  it("asks for the status again a moment after a click, and the button turns disabled", async () => {
    let downloaded = false;
    const fetch = mockFetch({ [MEMBER_EXPORT_STATUS_URL]: () => Response.json(downloaded ? LIMITED : AVAILABLE) });
    renderWithApp(<YourDataCard />, { user });
    const link = await screen.findByRole("link", { name: "Download my data" });
    // jsdom does not download: the click's default is stopped, the server's record is faked.
    link.addEventListener("click", (e) => e.preventDefault());
    downloaded = true;
    fireEvent.click(link);
    await waitFor(() => expect(screen.getByRole("button", { name: "Download my data" })).toBeTruthy(), {
      timeout: 4000,
    });
    expect(fetch.mock.calls.filter(([url]) => url === MEMBER_EXPORT_STATUS_URL)).toHaveLength(2);
  });

  it("speaks Spanish", async () => {
    mockFetch({ [MEMBER_EXPORT_STATUS_URL]: LIMITED });
    await activateLanguage("es");
    try {
      renderWithApp(<YourDataCard />, { user });
      expect(
        await screen.findByText(
          /^Ya descargaste tus datos hoy\. Podrás descargarlos de nuevo a partir del sábado, 5 de enero/,
        ),
      ).toBeTruthy();
      expect(screen.getByRole("button", { name: "Descargar mis datos" })).toBeTruthy();
    } finally {
      await activateLanguage("en");
    }
  });
});
