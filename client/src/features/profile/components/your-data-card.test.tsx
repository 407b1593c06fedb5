import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { activateLanguage } from "@/lib/i18n";
import { renderWithApp } from "@/test/render";
import { YourDataCard } from "./your-data-card";

describe("YourDataCard", () => {
  it("offers the member's own data as a download, saying what it holds and that it is once a day", async () => {
    renderWithApp(<YourDataCard />);
    const link = await screen.findByRole("link", { name: "Download my data" });
    expect(link.getAttribute("href")).toBe("/api/user/export.zip");
    expect(link.hasAttribute("download")).toBe(true);
    expect(screen.getByText("Your data")).toBeTruthy();
    expect(screen.getByText(/your anonymous ones marked as such/)).toBeTruthy();
    expect(screen.getByText("You can download it once a day.")).toBeTruthy();
  });

  it("speaks Spanish", async () => {
    await activateLanguage("es");
    try {
      renderWithApp(<YourDataCard />);
      expect(await screen.findByRole("link", { name: "Descargar mis datos" })).toBeTruthy();
      expect(screen.getByText("Puedes descargarlos una vez al día.")).toBeTruthy();
    } finally {
      await activateLanguage("en");
    }
  });
});
