import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { activateLanguage } from "@/lib/i18n";
import { makeUser, renderWithApp } from "@/test/render";
import { ColumnMapping } from "./column-mapping";
import { ImportProgress } from "./import-progress";
import { ImportResultCard } from "./import-result-card";

const RESULT = { created: 3, sent: 1, waiting: 2, skipped: 1 };
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
});
