import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { activateLanguage } from "@/lib/i18n";
import { makeUser, mockFetch, renderWithApp } from "@/test/render";
import { MemberImportPage } from "../pages/member-import-page";
import { ColumnMapping } from "./column-mapping";
import { ImportProgress } from "./import-progress";
import { ImportResultCard } from "./import-result-card";

const RESULT = { created: 3, sent: 1, waiting: 2, skipped: 1 };
const PREVIEW = {
  headers: ["Email", "First Name"],
  mapping: { email: "Email", firstName: "First Name", lastName: null, role: null },
  rows: [
    { row: 2, email: "ann@example.org", firstName: "Ann", lastName: null, role: "CONGREGANT", problems: [] },
    { row: 3, email: "nope", firstName: "Bad", lastName: null, role: "CONGREGANT", problems: ["Invalid email"] },
  ],
  counts: { total: 2, ok: 1, withProblems: 1 },
};
const MAPPING = { email: "Email", firstName: "First Name", lastName: null, role: null };

afterEach(async () => {
  await activateLanguage("en");
});

describe("Member import in other languages (issue 26)", () => {
  it("shows the columns, the progress and the result in Spanish", async () => {
    await activateLanguage("es");
    renderWithApp(
      <>
        <ColumnMapping headers={["Email", "First Name"]} mapping={MAPPING} onChange={vi.fn()} />
        <ImportProgress phase={{ phase: "processing" }} count={2} />
        <ImportResultCard result={RESULT as never} onAnother={vi.fn()} />
      </>,
      { user: makeUser() },
    );
    expect(await screen.findByLabelText("Correo (obligatorio)")).toBeTruthy();
    expect(screen.getAllByText("No está en el archivo").length).toBeGreaterThan(0);
    expect(screen.getByText(/Creando invitaciones para 2 personas…/)).toBeTruthy();
    expect(screen.getByText("Importación completada")).toBeTruthy();
    expect(screen.getByText("Revisar invitaciones en espera")).toBeTruthy();
  });

  it("renders right to left in Arabic", async () => {
    await activateLanguage("ar");
    renderWithApp(<ImportResultCard result={RESULT as never} onAnother={vi.fn()} />, { user: makeUser() });
    expect(await screen.findByText("اكتمل الاستيراد")).toBeTruthy();
    expect(document.documentElement.dir).toBe("rtl");
  });

  it("walks the import page in Spanish: source, check, counts and the import button", async () => {
    await activateLanguage("es");
    mockFetch({ "POST /api/admin/members/import/preview": PREVIEW });
    renderWithApp(<MemberImportPage />, { user: makeUser({ role: "ADMIN" }), path: "/admin/members/import" });
    expect(await screen.findByRole("heading", { name: "Importar miembros" })).toBeTruthy();
    expect(screen.getByText("Elige un archivo CSV")).toBeTruthy();
    expect(screen.getByText(/Hasta 5\.?000 personas a la vez\./)).toBeTruthy();
    await userEvent.click(screen.getByRole("tab", { name: "Pegar filas" }));
    await userEvent.click(screen.getByLabelText("Filas para importar"));
    await userEvent.paste("Email,First Name\nann@example.org,Ann\nnope,Bad\n");
    await userEvent.click(screen.getByRole("button", { name: "Revisar las filas" }));
    expect(
      await screen.findByText("2 personas en las filas pegadas: 1 lista, 1 con problemas (se omiten)."),
    ).toBeTruthy();
    expect(screen.getByText("Se creará 1 invitación; se omite 1 fila con problemas.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Con problemas (1)" })).toBeTruthy();
    expect(screen.getByText("Correo no válido")).toBeTruthy();
    expect(screen.getByRole("radio", { name: /Dejarlas en espera de mi revisión/ })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Importar 1 persona" })).toBeTruthy();
  });

  it("renders the import page right to left in Arabic", async () => {
    await activateLanguage("ar");
    renderWithApp(<MemberImportPage />, { user: makeUser({ role: "ADMIN" }), path: "/admin/members/import" });
    expect(await screen.findByRole("heading", { name: "استيراد الأعضاء" })).toBeTruthy();
    expect(screen.getByRole("tab", { name: "لصق صفوف" })).toBeTruthy();
    expect(document.documentElement.dir).toBe("rtl");
    // Radix's tabs and radio groups set their own dir: they follow the language's (lib/i18n).
    expect(screen.getByRole("tablist").closest("[dir]")?.getAttribute("dir")).toBe("rtl");
  });
});
