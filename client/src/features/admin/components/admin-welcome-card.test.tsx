import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { activateLanguage } from "@/lib/i18n";
import { renderWithApp } from "@/test/render";
import { AdminWelcomeCard } from "./admin-welcome-card";

const none = { hasSermon: false, hasSentInvitation: false, isChurchSetUp: false };

function renderCard(steps: typeof none | undefined, onDismiss = vi.fn()) {
  const utils = renderWithApp(
    <AdminWelcomeCard firstName="Ruth" churchName="Grace Church" steps={steps} onDismiss={onDismiss} />,
  );
  return { ...utils, onDismiss, card: screen.getByRole("region", { name: /Welcome, Ruth!/ }) };
}

describe("AdminWelcomeCard", () => {
  it("lists the three first steps, each a link to where it is done", () => {
    const { card } = renderCard(none);
    const links = within(card).getAllByRole("link");
    expect(links.map((a) => a.getAttribute("href"))).toEqual([
      "/admin/sermons?new=1",
      "/admin/invitations",
      "/admin/settings",
    ]);
    expect(links.map((a) => a.getAttribute("aria-label") ?? a.textContent)).toEqual([
      expect.stringMatching(/^Add your first sermon \(to do\)/),
      expect.stringMatching(/^Invite your people \(to do\)/),
      expect.stringMatching(/^Set up your church \(to do\)/),
    ]);
    expect(within(card).getByText(/0 of 3 done/)).toBeTruthy();
  });

  it("follows a step's link", async () => {
    const { card, location } = renderCard(none);
    await userEvent.click(within(card).getByRole("link", { name: /Set up your church/ }));
    expect(location.history.at(-1)).toBe("/admin/settings");
  });

  it("ticks off each step the data says is done", () => {
    const { card } = renderCard({ hasSermon: false, hasSentInvitation: true, isChurchSetUp: true });
    expect(within(card).getByRole("link", { name: /Add your first sermon \(to do\)/ })).toBeTruthy();
    expect(within(card).getByRole("link", { name: /Invite your people \(done\)/ })).toBeTruthy();
    expect(within(card).getByText("Your first invitation is on its way.")).toBeTruthy();
    expect(within(card).getByRole("link", { name: /Set up your church \(done\)/ })).toBeTruthy();
    expect(within(card).getByText(/2 of 3 done/)).toBeTruthy();
    expect(within(card).queryByRole("button", { name: "Done" })).toBeNull();
  });

  it("says when all three are done, with a Done button that dismisses it", async () => {
    const { card, onDismiss } = renderCard({ hasSermon: true, hasSentInvitation: true, isChurchSetUp: true });
    expect(within(card).getByText(/All three first steps are done/)).toBeTruthy();
    await userEvent.click(within(card).getByRole("button", { name: "Done" }));
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it("claims nothing done while the figures load, and can be dismissed at once", async () => {
    const { card, onDismiss } = renderCard(undefined);
    expect(within(card).queryByText(/\(done\)/)).toBeNull();
    await userEvent.click(within(card).getByRole("button", { name: "Dismiss the welcome" }));
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  describe("in another language", () => {
    afterEach(async () => {
      await activateLanguage("en");
    });

    it("speaks Spanish", async () => {
      await activateLanguage("es");
      renderWithApp(<AdminWelcomeCard firstName="Ruth" churchName="Grace Church" steps={none} onDismiss={vi.fn()} />);
      const card = screen.getByRole("region", { name: /¡Bienvenido, Ruth! Grace Church está lista\./ });
      expect(within(card).getByRole("link", { name: /Agrega tu primera prédica \(pendiente\)/ })).toBeTruthy();
      expect(within(card).getByText(/0 de 3 hechos/)).toBeTruthy();
      expect(within(card).getByRole("button", { name: "Cerrar la bienvenida" })).toBeTruthy();
    });

    it("renders right to left in Arabic", async () => {
      await activateLanguage("ar");
      renderWithApp(<AdminWelcomeCard firstName="Ruth" churchName="Grace Church" steps={none} onDismiss={vi.fn()} />);
      expect(document.documentElement.dir).toBe("rtl");
      expect(screen.getByRole("link", { name: /أضف عظتك الأولى/ })).toBeTruthy();
    });
  });
});
