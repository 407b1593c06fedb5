import type { TChurchProfile } from "@common/churches";
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { activateLanguage } from "@/lib/i18n";
import { makeUser, mockFetch, renderWithApp } from "@/test/render";
import { ChurchPage } from "./church-page";

const CHURCH: TChurchProfile = {
  name: "Grace Church",
  logoUrl: null,
  brandColor: "#6366F1",
  address: "1 Church Lane",
  phone: "+1 555 0100",
  email: "office@grace.example",
  website: "https://grace.example",
  publicPagePath: null,
};

describe("ChurchPage", () => {
  it("shows the church's contact details, with a map link for the address", async () => {
    mockFetch({ "/api/church": CHURCH });
    renderWithApp(<ChurchPage />, { user: makeUser({ role: "CONGREGANT" }), path: "/church" });
    expect(await screen.findByText("1 Church Lane")).toBeTruthy();
    expect(screen.getByRole("link", { name: /Open in a map/ }).getAttribute("href")).toContain("openstreetmap.org");
    expect(screen.getByRole("link", { name: "office@grace.example" })).toBeTruthy();
    expect(screen.getByRole("link", { name: /^grace\.example/ }).getAttribute("href")).toBe("https://grace.example");
    expect(screen.queryByText(/public page/)).toBeNull();
  });

  it("links to the public page once it is published", async () => {
    mockFetch({ "/api/church": { ...CHURCH, publicPagePath: "/c/grace" } });
    renderWithApp(<ChurchPage />, { user: makeUser(), path: "/church" });
    const link = await screen.findByRole("link", { name: /\/c\/grace/ });
    expect(link.getAttribute("href")).toBe("/c/grace");
  });

  it("tells an admin where to add details that are missing, and a member that there are none yet", async () => {
    const empty = { ...CHURCH, address: null, phone: null, email: null, website: null };
    mockFetch({ "/api/church": empty });
    const { unmount } = renderWithApp(<ChurchPage />, { user: makeUser({ role: "ADMIN" }), path: "/church" });
    expect(await screen.findByText(/Add the address, phone, email and website in Church Settings/)).toBeTruthy();
    unmount();
    mockFetch({ "/api/church": empty });
    renderWithApp(<ChurchPage />, { user: makeUser({ role: "CONGREGANT" }), path: "/church" });
    expect(await screen.findByText("Your church's leaders have not added them yet.")).toBeTruthy();
  });

  describe("in another language", () => {
    afterEach(async () => {
      await activateLanguage("en");
    });

    it("speaks Spanish", async () => {
      await activateLanguage("es");
      mockFetch({ "/api/church": { ...CHURCH, publicPagePath: "/c/grace" } });
      renderWithApp(<ChurchPage />, { user: makeUser({ role: "CONGREGANT" }), path: "/church" });
      expect(await screen.findByText("1 Church Lane")).toBeTruthy();
      expect(screen.getByRole("heading", { name: "Nuestra iglesia" })).toBeTruthy();
      expect(screen.getByText("Dirección")).toBeTruthy();
      expect(screen.getByRole("link", { name: /Abrir en un mapa/ })).toBeTruthy();
      expect(screen.getByText(/Los visitantes pueden encontrar la iglesia en su página pública/)).toBeTruthy();
    });

    it("renders right to left in Arabic", async () => {
      await activateLanguage("ar");
      mockFetch({ "/api/church": { ...CHURCH, address: null, phone: null, email: null, website: null } });
      renderWithApp(<ChurchPage />, { user: makeUser({ role: "CONGREGANT" }), path: "/church" });
      expect(await screen.findByText("لم يُضفها قادة كنيستك بعد.")).toBeTruthy();
      expect(document.documentElement.dir).toBe("rtl");
    });
  });
});
