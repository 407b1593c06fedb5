import type { TAuditEntryResponse } from "@common/audit";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { activateLanguage } from "@/lib/i18n";
import { jsonResponse, makeUser, mockFetch, renderWithApp } from "@/test/render";
import { AuditLogPage } from "./audit-log-page";

const ADMIN = { id: "11111111-1111-4111-8111-111111111111", firstName: "Ann", lastName: "Lee" };

const entry = (over: Partial<TAuditEntryResponse>): TAuditEntryResponse => ({
  id: crypto.randomUUID(),
  action: "settings.updated",
  actor: ADMIN,
  targetType: "church",
  targetId: "22222222-2222-4222-8222-222222222222",
  changes: {},
  createdAt: "2026-03-01T10:30:00.000Z",
  ...over,
});

const ENTRIES = [
  entry({ changes: { name: ["Grace Chapel", "Grace Church"], auditRetentionDays: [730, 1825] } }),
  entry({ action: "backup.created", actor: null, targetType: "backup", targetId: "nightly.zip" }),
  entry({ action: "integration.key_rotated", changes: { apiKey: ["••••••••", "••••••••"] } }),
];

const user = makeUser({
  church: {
    name: "Grace Church",
    logoUrl: null,
    brandColor: "#6366F1",
    timeZone: "Pacific/Auckland",
    defaultLanguage: null,
  },
});

/** The phone list's text (the table holds the same entries). */
const listText = () => screen.getAllByRole("list", { name: "Audit entries" })[0].textContent ?? "";

function setup(routes: Record<string, unknown> = {}) {
  const fetchMock = mockFetch({
    "/api/admin/audit?limit=50": ENTRIES,
    "/api/admin/audit/actors": [ADMIN],
    ...routes,
  });
  renderWithApp(<AuditLogPage />, { user, path: "/admin/audit" });
  return fetchMock;
}

describe("AuditLogPage", () => {
  it("lists who did what, when (church time) and each field before → after, masked values as they come", async () => {
    setup();
    const list = (await screen.findAllByRole("list", { name: "Audit entries" }))[0];
    const items = within(list).getAllByRole("listitem");
    expect(items).toHaveLength(3);
    // 10:30 UTC on 1 March is 11:30 PM in Auckland (NZDT).
    expect(items[0].textContent).toContain("Settings changed");
    expect(items[0].textContent).toContain("Mar 1, 2026, 11:30 PM");
    expect(items[0].textContent).toContain("Ann Lee · Church 22222222…");
    expect(items[0].textContent).toContain("Name: Grace Chapel");
    expect(items[0].textContent).toContain("Grace Church");
    expect(items[0].textContent).toContain("Audit retention days: 730");
    expect(items[1].textContent).toContain("Backup made");
    expect(items[1].textContent).toContain("System · Backup nightly.zip");
    expect(items[2].textContent).toContain("Api key: ••••••••");
    expect(screen.getByText(/Times are in Pacific\/Auckland/)).toBeTruthy();
  });

  it("filters by person, action and days, and the CSV link carries the same filters", async () => {
    const filtered = "/api/admin/audit?limit=50&actorId=system&action=backup.created&from=2026-03-01&to=2026-03-02";
    const fetchMock = setup({ [filtered]: [ENTRIES[1]] });
    await screen.findAllByText("Settings changed");
    const u = userEvent.setup();
    await u.selectOptions(screen.getByLabelText("Person"), "System");
    await u.selectOptions(screen.getByLabelText("Action"), "Backup made");
    await u.type(screen.getByLabelText("From"), "2026-03-01");
    await u.type(screen.getByLabelText("To"), "2026-03-02");
    await waitFor(() => expect(listText()).not.toContain("Settings changed"));
    expect(listText()).toContain("Backup made");
    expect(fetchMock.mock.calls.some(([url]) => url === filtered)).toBe(true);
    const csv = screen.getByRole("link", { name: "Download CSV" });
    expect(csv.getAttribute("href")).toBe(
      "/api/admin/audit.csv?actorId=system&action=backup.created&from=2026-03-01&to=2026-03-02",
    );
    expect(csv.hasAttribute("download")).toBe(true);
    await u.click(screen.getByRole("button", { name: "Clear filters" }));
    await waitFor(() => expect(listText()).toContain("Settings changed"));
  });

  it("says when a start date is after the end date instead of asking", async () => {
    const fetchMock = setup();
    await screen.findAllByText("Settings changed");
    const u = userEvent.setup();
    await u.type(screen.getByLabelText("From"), "2026-03-05");
    await u.type(screen.getByLabelText("To"), "2026-03-01");
    expect((await screen.findByRole("alert")).textContent).toBe("The start date must be on or before the end date.");
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes("from=2026-03-05&to=2026-03-01"))).toBe(false);
  });

  it("shows an empty state, and no Load more button without a next page", async () => {
    setup({ "/api/admin/audit?limit=50": [] });
    expect(await screen.findByText("No entries yet")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
  });

  it("loads the next page with Load more: the one the Link header names (issue 30)", async () => {
    const first = Array.from({ length: 50 }, (_, i) => entry({ targetId: `t${i}` }));
    const next = "/api/admin/audit?limit=50&after=cursor-50";
    setup({
      "/api/admin/audit?limit=50": () => {
        const res = jsonResponse(first);
        res.headers.set("Link", `<${next}>; rel="next"`);
        return res;
      },
      [next]: [entry({ action: "event.deleted", targetType: "event" })],
    });
    await userEvent.click(await screen.findByRole("button", { name: "Load more" }));
    await waitFor(() => expect(listText()).toContain("Event deleted"));
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
  });

  describe("in another language", () => {
    afterEach(async () => {
      await activateLanguage("en");
    });

    it("speaks Spanish: title, filters, action names and the system actor", async () => {
      await activateLanguage("es");
      setup();
      const list = (await screen.findAllByRole("list", { name: "Entradas del registro" }))[0];
      const items = within(list).getAllByRole("listitem");
      expect(items[0].textContent).toContain("Configuración cambiada");
      expect(items[1].textContent).toContain("Copia de seguridad creada");
      expect(items[1].textContent).toContain("Sistema · Copia de seguridad nightly.zip");
      expect(items[0].textContent).toContain("Días de conservación del registro: 730");
      expect(screen.getByRole("heading", { name: "Registro de auditoría" })).toBeTruthy();
      expect(screen.getByText(/Horas en Pacific\/Auckland/)).toBeTruthy();
      expect(screen.getByRole("link", { name: "Descargar CSV" })).toBeTruthy();
      expect(screen.getByRole("option", { name: "Todas las acciones" })).toBeTruthy();
    });

    it("renders right to left in Arabic", async () => {
      await activateLanguage("ar");
      setup();
      expect((await screen.findAllByRole("list", { name: "إدخالات السجل" })).length).toBeGreaterThan(0);
      expect(document.documentElement.dir).toBe("rtl");
      expect(screen.getByRole("heading", { name: "سجل التدقيق" })).toBeTruthy();
    });
  });
});
