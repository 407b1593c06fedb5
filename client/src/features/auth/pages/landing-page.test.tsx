import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { activateLanguage, readLocalChoice } from "@/lib/i18n";
import { mockFetch, renderWithApp } from "@/test/render";
import { LandingPage } from "./landing-page";

describe("LandingPage", () => {
  afterEach(async () => {
    await activateLanguage("en");
    window.localStorage.clear();
  });

  it("speaks English first and offers every language by its own name", async () => {
    mockFetch({});
    renderWithApp(<LandingPage />);
    expect(await screen.findByRole("heading", { name: "Grow Together in Faith", level: 1 })).toBeTruthy();
    const select = screen.getByRole("combobox", { name: "Language" });
    expect([...select.querySelectorAll("option")].map((o) => o.textContent)).toEqual([
      "English",
      "Español",
      "Português (Brasil)",
      "Français",
      "한국어",
      "العربية",
    ]);
  });

  it("a visitor's pick switches the page at once and is kept on this device", async () => {
    mockFetch({});
    renderWithApp(<LandingPage />);
    await userEvent.selectOptions(await screen.findByRole("combobox", { name: "Language" }), "fr");
    expect(await screen.findByRole("heading", { name: "Grandir ensemble dans la foi", level: 1 })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Se connecter" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Suivi de la croissance spirituelle" })).toBeTruthy();
    expect(document.documentElement.lang).toBe("fr");
    expect(readLocalChoice()).toBe("fr");
  });

  it("renders right to left in Arabic", async () => {
    await activateLanguage("ar");
    mockFetch({});
    renderWithApp(<LandingPage />);
    expect(await screen.findByRole("heading", { name: "لننمُ معًا في الإيمان", level: 1 })).toBeTruthy();
    expect(screen.getByRole("button", { name: "ابدأ رحلتك" })).toBeTruthy();
    expect(document.documentElement.dir).toBe("rtl");
  });
});
