import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { TourProvider } from "@/features/onboarding-tour/components/tour-provider";
import { makeUser, mockFetch, renderWithApp } from "@/test/render";
import { AppShell } from "./app-shell";

function renderShell(role: "ADMIN" | "CONGREGANT" = "ADMIN") {
  window.localStorage.setItem("onboarding_completed_u1", "true");
  window.localStorage.setItem("welcome_tour_u1", "true");
  const user = makeUser({ role, points: 1250 });
  return renderWithApp(
    <TourProvider user={user}>
      <AppShell>
        <p>Page body</p>
      </AppShell>
    </TourProvider>,
    { user },
  );
}

describe("AppShell", () => {
  it("has a skip link to the main content and shows the user's points", () => {
    renderShell();
    expect(screen.getByRole("link", { name: "Skip to content" }).getAttribute("href")).toBe("#main-content");
    expect(document.getElementById("main-content")?.textContent).toContain("Page body");
    expect(screen.getByTitle("Your points").textContent).toContain("1,250");
  });

  it("opens the mobile drawer with the same links and closes it after navigating", async () => {
    const { location } = renderShell();
    await userEvent.click(screen.getByRole("button", { name: "Open menu" }));
    const drawer = await screen.findByRole("dialog");
    await userEvent.click(within(drawer).getByRole("link", { name: "Send Invitations" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(location.history?.at(-1)).toBe("/admin/invitations");
  });

  it("closes the drawer with Escape", async () => {
    renderShell();
    await userEvent.click(screen.getByRole("button", { name: "Open menu" }));
    await screen.findByRole("dialog");
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("searches from the top bar: the box loads on first use and opens a result with Enter", async () => {
    mockFetch({
      "/api/search?q=members": {
        results: [
          {
            type: "page",
            id: "admin-members",
            title: "Manage Members",
            snippet: "Administration",
            url: "/admin/members",
          },
        ],
      },
    });
    const { location } = renderShell("ADMIN");
    const search = screen.getByRole("combobox", { name: "Search" });
    expect(search.getAttribute("placeholder")).toBe("Search...");
    await userEvent.type(search, "members");
    const option = await screen.findByRole("option", { name: /Manage Members/ });
    expect(option.getAttribute("href")).toBe("/admin/members");
    expect(screen.getByRole("combobox", { name: "Search" })).toBe(document.activeElement);
    await userEvent.keyboard("{Enter}");
    expect(location.history?.at(-1)).toBe("/admin/members");
    vi.unstubAllGlobals();
  });
});
