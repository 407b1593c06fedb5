import type { TInvitation } from "@common/invitations";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { getToasts } from "@/components/ui/use-toast";
import { activateLanguage } from "@/lib/i18n";
import { jsonResponse, makeUser, mockFetch, renderWithApp } from "@/test/render";
import { InvitationsPage } from "./invitations-page";

const future = new Date(Date.now() + 7 * 86_400_000).toISOString();
const past = new Date(Date.now() - 86_400_000).toISOString();
const base = { isUsed: false, expiresAt: future, createdAt: "2025-05-01T00:00:00Z" } as const;
const INVITATIONS: TInvitation[] = [
  { ...base, id: "i1", email: "pending@x.org", role: "CONGREGANT", token: "tok-pending" },
  { ...base, id: "i2", email: "used@x.org", role: "ADMIN", token: "tok-used", isUsed: true },
  { ...base, id: "i3", email: "old@x.org", role: "GROUP_LEADER", token: "tok-old", expiresAt: past },
  {
    ...base,
    id: "w1",
    email: "ruth@x.org",
    role: "CONGREGANT",
    token: "tok-w1",
    createdAt: "2025-05-02T00:00:00Z",
    sentAt: null,
    source: "import",
    firstName: "Ruth",
    lastName: "Park",
  },
];

/** The server's Spanish words for an unconfirmed admin's held invitations (common/locales/es/errors.json). */
const HELD_ES =
  "Confirma tu correo electrónico para enviar más de 20 invitaciones; mientras tanto, quedan pendientes de revisión. Usa el enlace que te enviamos por correo o envíate uno nuevo.";

describe("InvitationsPage in another language", () => {
  afterEach(async () => {
    await activateLanguage("en");
  });

  it("speaks Spanish: headings, role and status badges, where a waiting one came from, the dialog and its toast", async () => {
    await activateLanguage("es");
    const fetchMock = mockFetch({ "/api/invitations": INVITATIONS });
    renderWithApp(<InvitationsPage />, { user: makeUser(), path: "/admin/invitations" });

    expect(await screen.findByRole("heading", { name: "Enviar invitaciones" })).toBeTruthy();
    expect(screen.getByText("Los miembros se unen a Grace Church solo mediante un enlace de invitación.")).toBeTruthy();
    expect(document.title).toBe("Enviar invitaciones · Fellowship");
    expect(await screen.findByText("pending@x.org")).toBeTruthy();
    expect(screen.getByText("Invitaciones enviadas")).toBeTruthy();
    expect(screen.getAllByText("Miembro de la iglesia").length).toBe(2);
    expect(screen.getByText("Líder de la iglesia (administrador)")).toBeTruthy();
    expect(screen.getByText("Líder de grupo")).toBeTruthy();
    expect(screen.getByText("Pendiente")).toBeTruthy();
    expect(screen.getByText("Aceptada")).toBeTruthy();
    expect(screen.getByText("Vencida")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Copiar enlace de pending@x.org" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Eliminar la invitación de used@x.org" })).toBeTruthy();
    // The waiting list: its heading, the source of each one and the button for all of them.
    expect(screen.getByText("Pendientes de revisión")).toBeTruthy();
    expect(screen.getByText("Importación CSV")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Enviar todas las pendientes" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Importar desde CSV" })).toBeTruthy();

    await userEvent.click(screen.getByRole("button", { name: "Invitar a un líder de la iglesia" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("Enviar una invitación")).toBeTruthy();
    expect(within(dialog).getByText(/El enlace funciona durante 14 días\./)).toBeTruthy();
    expect(
      within(dialog)
        .getByRole("radio", { name: /Líder de la iglesia \(administrador\)/ })
        .getAttribute("aria-checked"),
    ).toBe("true");
    await userEvent.click(within(dialog).getByRole("button", { name: "Enviar invitación" }));
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: "Falta el correo electrónico",
        description: "Escribe una dirección de correo electrónico.",
      }),
    );
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === "POST")).toHaveLength(0);
  });

  it("in Spanish, a send the server holds back (its message in Spanish) shows why, and 'send all' counts in Spanish", async () => {
    await activateLanguage("es");
    let list = [...INVITATIONS];
    mockFetch({
      "/api/invitations": () => jsonResponse(list),
      "POST /api/admin/invitations/w1/send": () => jsonResponse({ message: HELD_ES }, 403),
      "POST /api/admin/invitations/send-waiting": () => {
        list = list.map((i) => (i.sentAt === null ? { ...i, sentAt: new Date().toISOString() } : i));
        return jsonResponse({ sent: 1, waiting: 0 });
      },
    });
    renderWithApp(<InvitationsPage />, { user: makeUser({ emailVerified: false }), path: "/admin/invitations" });

    await userEvent.click(await screen.findByRole("button", { name: "Enviar la invitación a ruth@x.org" }));
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({ title: "No se pudo enviar la invitación", description: HELD_ES }),
    );
    const note = await screen.findByRole("note");
    expect(within(note).getByText(HELD_ES)).toBeTruthy();
    expect(within(note).getByRole("button", { name: "Enviarme un enlace de confirmación" })).toBeTruthy();

    await userEvent.click(screen.getByRole("button", { name: "Enviar todas las pendientes" }));
    await userEvent.click(
      within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Enviar a 1 persona" }),
    );
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: "Invitaciones enviadas",
        description: "Se envió 1 invitación por correo.",
      }),
    );
  });

  it("renders right to left in Arabic", async () => {
    await activateLanguage("ar");
    mockFetch({ "/api/invitations": INVITATIONS });
    renderWithApp(<InvitationsPage />, { user: makeUser(), path: "/admin/invitations" });
    expect(await screen.findByRole("heading", { name: "إرسال الدعوات" })).toBeTruthy();
    expect(await screen.findByText("pending@x.org")).toBeTruthy();
    expect(screen.getByText("بانتظار المراجعة")).toBeTruthy();
    expect(screen.getAllByText("عضو في الكنيسة").length).toBe(2);
    expect(screen.getByText("معلّقة")).toBeTruthy();
    expect(document.documentElement.dir).toBe("rtl");
  });
});
