import type { TSearchResult } from "@common/search-helpers";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { activateLanguage } from "@/lib/i18n";
import { makeUser, mockFetch, renderWithApp } from "@/test/render";
import { SearchBox } from "./search-box";

const SERMON: TSearchResult = { type: "sermon", id: "s1", title: "The Prodigal Son", snippet: "", url: "/sermons/s1" };
const PRAYER: TSearchResult = { type: "prayer", id: "p1", title: "Prodigal daughter", snippet: "", url: "/prayer" };

afterEach(async () => {
  vi.unstubAllGlobals();
  await activateLanguage("en");
});

describe("SearchBox in other languages (issue 26)", () => {
  it("speaks Spanish: the box, the hint, the groups, the count and 'no results'", async () => {
    await activateLanguage("es");
    mockFetch({ "/api/search?q=prod": { results: [SERMON, PRAYER] }, "/api/search?q=zzz": { results: [] } });
    renderWithApp(<SearchBox />, { user: makeUser({ role: "CONGREGANT" }) });
    const input = await screen.findByRole("combobox", { name: "Buscar" });
    expect(input.getAttribute("placeholder")).toBe("Buscar...");
    await userEvent.type(input, "p");
    expect(screen.getByRole("status").textContent).toBe("Escribe al menos 2 caracteres");
    await userEvent.type(input, "rod");
    expect(await screen.findByRole("group", { name: "Prédicas" })).toBeTruthy();
    expect(screen.getByRole("group", { name: "Peticiones de oración" })).toBeTruthy();
    expect(screen.getByRole("status").textContent).toBe("2 resultados");
    await userEvent.clear(input);
    await userEvent.type(input, "zzz");
    expect(await screen.findByText("No hay resultados para «zzz»")).toBeTruthy();
  });

  it("renders in Arabic, right to left, with Arabic plurals", async () => {
    await activateLanguage("ar");
    mockFetch({ "/api/search?q=prod": { results: [SERMON] } });
    renderWithApp(<SearchBox />, { user: makeUser({ role: "CONGREGANT" }) });
    const input = await screen.findByRole("combobox", { name: "بحث" });
    expect(document.documentElement.dir).toBe("rtl");
    await userEvent.type(input, "prod");
    expect(await screen.findByRole("group", { name: "العظات" })).toBeTruthy();
    expect(screen.getByRole("status").textContent).toBe("نتيجة واحدة");
  });
});
