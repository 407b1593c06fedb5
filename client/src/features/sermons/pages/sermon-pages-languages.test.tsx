import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { activateLanguage } from "@/lib/i18n";
import { makeSermon } from "@/test/fixtures";
import { makeUser, mockFetch, renderWithApp } from "@/test/render";
import { SermonArchivePage } from "./sermon-archive-page";
import { SermonDetailPage } from "./sermon-detail-page";

const archive = (sermons: ReturnType<typeof makeSermon>[]) => () =>
  new Response(JSON.stringify(sermons), {
    status: 200,
    headers: { "Content-Type": "application/json", "X-Total-Count": String(sermons.length) },
  });

function renderArchive() {
  mockFetch({
    "/api/sermons/speakers": ["Pastor Ruth"],
    "/api/sermons?limit=24&offset=0": archive([makeSermon({ videoUrl: "https://youtu.be/abc", duration: 65 })]),
  });
  renderWithApp(<SermonArchivePage />, { user: makeUser({ role: "CONGREGANT" }), path: "/sermons" });
}

afterEach(async () => {
  await activateLanguage("en");
});

describe("Sermons in other languages (issue 26)", () => {
  it("shows the archive in Spanish: its words, the date and the duration; the sermon's own title stays", async () => {
    await activateLanguage("es");
    renderArchive();
    expect(await screen.findByText("Hope in the Storm")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Archivo de prédicas" })).toBeTruthy();
    expect(screen.getByText("Vuelve a ver y escuchar los mensajes de Grace Church.")).toBeTruthy();
    expect(screen.getByPlaceholderText("Buscar prédicas...")).toBeTruthy();
    expect(screen.getByRole("combobox", { name: "Filtrar por predicador" }).textContent).toContain(
      "Todos los predicadores",
    );
    expect(screen.getByRole("button", { name: "Marcar como vista: Hope in the Storm" })).toBeTruthy();
    expect(screen.getByText("Video")).toBeTruthy();
    expect(screen.getByText("5 ene 2025")).toBeTruthy();
    expect(screen.getByText("1 h 5 min")).toBeTruthy();
    expect(document.title).toBe("Archivo de prédicas · Fellowship");
  });

  it("shows a sermon in Spanish: long date, views counted in Spanish, the sections' titles", async () => {
    await activateLanguage("es");
    mockFetch({
      "/api/sermons/s1": makeSermon({ viewCount: 12_345, tags: ["paz"], duration: 45 }),
      "/api/sermons/s1/related": [],
      "/api/sermon-highlights/s1": [],
    });
    renderWithApp(<SermonDetailPage id="s1" />, { user: makeUser({ role: "CONGREGANT" }) });
    expect(await screen.findByRole("heading", { name: "Hope in the Storm" })).toBeTruthy();
    expect(screen.getByText("5 de enero de 2025")).toBeTruthy();
    expect(screen.getByText("45 min")).toBeTruthy();
    expect(screen.getByText("12.345 reproducciones")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Sobre esta prédica" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Temas tratados" })).toBeTruthy();
    expect(screen.getByText("Esta prédica no tiene descripción.")).toBeTruthy();
    expect(screen.getByText("Esta prédica todavía no tiene grabación.")).toBeTruthy();
    expect(await screen.findByRole("heading", { name: "Tus destacados" })).toBeTruthy();
  });

  it("renders the archive right to left in Arabic", async () => {
    await activateLanguage("ar");
    renderArchive();
    expect(await screen.findByText("Hope in the Storm")).toBeTruthy();
    expect(document.documentElement.dir).toBe("rtl");
    expect(document.documentElement.lang).toBe("ar");
    expect(screen.getByRole("heading", { name: "أرشيف العظات" })).toBeTruthy();
    const card = screen.getByText("Hope in the Storm").closest("li") as HTMLElement;
    expect(within(card).getByRole("button", { name: "تمّت المشاهدة: Hope in the Storm" })).toBeTruthy();
  });
});
