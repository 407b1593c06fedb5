import type { TIntegration } from "@common/integrations";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getToasts } from "@/components/ui/use-toast";
import { activateLanguage } from "@/lib/i18n";
import { jsonResponse, makeUser, mockFetch, renderWithApp } from "@/test/render";
import { IntegrationsPage } from "./integrations-page";

const LIST = "/api/integrations";

function makeIntegration(over: Partial<TIntegration> = {}): TIntegration {
  return {
    id: "pc",
    platform: "planning_center",
    apiKey: "••••wxyz",
    webhookUrl: null,
    config: {},
    syncStatus: "active",
    lastSync: null,
    lastError: null,
    isActive: true,
    counts: { seen: 0, added: 0, updated: 0, skipped: 0 },
    createdAt: "2026-11-01T00:00:00.000Z",
    ...over,
  };
}

const posts = (fetchMock: ReturnType<typeof mockFetch>, url: string, method = "POST") =>
  fetchMock.mock.calls
    .filter(([u, init]) => u === url && init?.method === method)
    .map(([, init]) => (init?.body ? JSON.parse(String(init.body)) : undefined));

function setup(routes: Record<string, unknown>) {
  const fetchMock = mockFetch(routes);
  renderWithApp(<IntegrationsPage />, { user: makeUser({ role: "ADMIN" }), path: "/admin/integrations" });
  return fetchMock;
}

const card = (name: string) => screen.getByRole("article", { name });

describe("IntegrationsPage", () => {
  it("shows skeletons, then the empty state and a card per platform with Connect", async () => {
    let answer: (r: Response) => void = () => undefined;
    setup({ [LIST]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    expect(await screen.findByRole("list", { name: "Loading integrations" })).toBeTruthy();
    answer(jsonResponse([]));
    expect(await screen.findByText("No integrations yet")).toBeTruthy();
    for (const name of ["Planning Center", "Church Community Builder", "Mailchimp"]) {
      expect(screen.getByRole("button", { name: `Connect ${name}` })).toBeTruthy();
    }
    expect(screen.queryByText("Connected", { selector: "span" })).toBeNull();
  });

  it("lists connected integrations: status badge, last sync or Never, features, Active/Inactive, counts, last error", async () => {
    setup({
      [LIST]: [
        makeIntegration({
          lastSync: new Date(Date.now() - 2 * 3_600_000).toISOString(),
          counts: { seen: 120, added: 14, updated: 3, skipped: 2 },
        }),
        makeIntegration({
          id: "mc",
          platform: "mailchimp",
          syncStatus: "error",
          isActive: false,
          lastError: "Mailchimp refused the key: API Key Invalid",
        }),
        makeIntegration({
          id: "ccb",
          platform: "church_community_builder",
          syncStatus: "needs_key",
          lastError: "The stored key can no longer be read (the server's APP_SECRET changed). Please re-enter the key.",
        }),
      ],
    });
    const pc = await screen.findByRole("article", { name: "Planning Center" });
    expect(within(pc).getByText("Ready")).toBeTruthy();
    expect(within(pc).getByText("2 hours ago")).toBeTruthy();
    expect(within(pc).getByText("People import")).toBeTruthy();
    expect(within(pc).getByRole("switch").getAttribute("aria-checked")).toBe("true");
    expect(within(pc).getByText("Active")).toBeTruthy();
    expect(within(pc).getByText("120")).toBeTruthy();
    expect(within(pc).getByRole("link", { name: "Review imported invitations" }).getAttribute("href")).toBe(
      "/admin/invitations#waiting",
    );

    const mc = card("Mailchimp");
    expect(within(mc).getByText("Sync failed")).toBeTruthy();
    expect(within(mc).getByText(/Last sync:/).textContent).toBe("Last sync: Never");
    expect(within(mc).getByText("Inactive")).toBeTruthy();
    expect(within(mc).getByText("Mailchimp refused the key: API Key Invalid")).toBeTruthy();
    // An inactive integration does not sync; Mailchimp adds nobody to review.
    expect((within(mc).getByRole("button", { name: "Sync now Mailchimp" }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(mc).queryByRole("link", { name: "Review imported invitations" })).toBeNull();

    const ccb = card("Church Community Builder");
    expect(within(ccb).getByText("Re-enter key", { selector: "span" })).toBeTruthy();
    expect(within(ccb).getByRole("button", { name: "Re-enter key" })).toBeTruthy();

    // The platform cards: Connected instead of Connect.
    const platforms = screen.getByRole("region", { name: "Available Platforms" });
    expect(within(platforms).getAllByText("Connected")).toHaveLength(3);
    expect(within(platforms).queryByRole("button", { name: /Connect/ })).toBeNull();
    // One of each platform: nothing is left to add.
    expect(screen.queryByRole("button", { name: "Add Integration" })).toBeNull();
  });

  it("Sync now shows progress, reads the list every 2 s while syncing, and says when it is done", async () => {
    let reads = 0;
    const syncing = makeIntegration({ syncStatus: "syncing", counts: { seen: 40, added: 5, updated: 0, skipped: 0 } });
    const done = makeIntegration({
      lastSync: new Date().toISOString(),
      counts: { seen: 80, added: 9, updated: 1, skipped: 0 },
    });
    const fetchMock = setup({
      [LIST]: () => {
        reads += 1;
        return jsonResponse([reads === 1 ? makeIntegration() : reads === 2 ? syncing : done]);
      },
      "POST /api/integrations/pc/sync": () => jsonResponse(syncing, 202),
    });
    await userEvent.click(await screen.findByRole("button", { name: "Sync now Planning Center" }));
    expect(posts(fetchMock, "/api/integrations/pc/sync")).toHaveLength(1);
    expect(getToasts()[0]).toMatchObject({ title: "Sync Started" });
    const bar = await screen.findByRole("progressbar", { name: "Syncing Planning Center" });
    expect(bar.getAttribute("aria-valuetext")).toBe("40 people seen so far");
    expect(screen.getByText("Syncing", { selector: "span" })).toBeTruthy();
    // The next read (2 s later) finds it finished.
    await waitFor(() => expect(screen.queryByRole("progressbar")).toBeNull());
    expect(reads).toBe(3);
    expect(getToasts()[0]).toMatchObject({
      title: "Sync Complete",
      description: "Planning Center: 80 seen, 9 added, 1 updated.",
    });
    expect(screen.getByText("Just now")).toBeTruthy();
  });

  it("the Add Integration dialog: no platform toasts 'Platform Required'; the contract checks the fields", async () => {
    const fetchMock = setup({ [LIST]: [] });
    await userEvent.click(await screen.findByRole("button", { name: "Add Integration" }));
    const dialog = await screen.findByRole("dialog", { name: "Add Integration" });
    expect((within(dialog).getByLabelText("API Key") as HTMLInputElement).type).toBe("password");
    await userEvent.click(within(dialog).getByRole("button", { name: "Connect" }));
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: "Platform Required",
        description: "Please select a platform to integrate with.",
      }),
    );

    await userEvent.click(within(dialog).getByRole("combobox", { name: "Platform" }));
    await userEvent.click(await screen.findByRole("option", { name: "Church Community Builder" }));
    await userEvent.type(within(dialog).getByLabelText("CCB subdomain"), "not a subdomain!");
    await userEvent.click(within(dialog).getByRole("button", { name: "Connect" }));
    expect(await within(dialog).findByText("Please enter the API key.")).toBeTruthy();
    expect(
      within(dialog).getByText("The CCB subdomain is the part before .ccbchurch.com: letters, digits and dashes."),
    ).toBeTruthy();
    expect(posts(fetchMock, LIST)).toHaveLength(0);
  });

  it("connects from a platform's card, toasts 'Integration Created' and shows the webhook secret once", async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    const created = makeIntegration({
      id: "mc",
      platform: "mailchimp",
      webhookUrl: "https://hooks.example.org/in",
      config: { audienceId: "abc123" },
    });
    let list: TIntegration[] = [];
    const fetchMock = setup({
      [LIST]: () => jsonResponse(list),
      [`POST ${LIST}`]: () => {
        list = [created];
        return jsonResponse({ ...created, webhookSecret: "whsec_shown_once" }, 201);
      },
    });
    await userEvent.click(await screen.findByRole("button", { name: "Connect Mailchimp" }));
    const dialog = await screen.findByRole("dialog", { name: "Add Integration" });
    expect(within(dialog).getByRole("combobox", { name: "Platform" }).textContent).toContain("Mailchimp");
    await userEvent.type(within(dialog).getByLabelText("API Key"), "0123456789abcdef-us21");
    await userEvent.type(within(dialog).getByLabelText("Audience ID (optional)"), "abc123");
    await userEvent.type(within(dialog).getByLabelText("Webhook URL (optional)"), "https://hooks.example.org/in");
    await userEvent.click(within(dialog).getByRole("button", { name: "Connect" }));

    const secret = await screen.findByRole("dialog", { name: "Webhook signing secret" });
    expect(posts(fetchMock, LIST)).toEqual([
      {
        platform: "mailchimp",
        apiKey: "0123456789abcdef-us21",
        webhookUrl: "https://hooks.example.org/in",
        config: { audienceId: "abc123" },
      },
    ]);
    expect(getToasts().some((t) => t.title === "Integration Created")).toBe(true);
    expect((within(secret).getByLabelText("Webhook signing secret") as HTMLInputElement).value).toBe(
      "whsec_shown_once",
    );
    expect(within(secret).getByText(/you will not see it again/)).toBeTruthy();
    await userEvent.click(within(secret).getByRole("button", { name: "Copy" }));
    expect(writeText).toHaveBeenCalledWith("whsec_shown_once");
    await userEvent.click(within(secret).getByRole("button", { name: "I have copied it" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(await screen.findByRole("article", { name: "Mailchimp" })).toBeTruthy();
  });

  it("'Integration Failed' shows the server's reason", async () => {
    setup({
      [LIST]: [],
      [`POST ${LIST}`]: () => jsonResponse({ message: "Planning Center refused the key: Unauthorized (401)." }, 400),
    });
    await userEvent.click(await screen.findByRole("button", { name: "Connect Planning Center" }));
    const dialog = await screen.findByRole("dialog", { name: "Add Integration" });
    await userEvent.type(within(dialog).getByLabelText("API Key"), "app:secret");
    await userEvent.click(within(dialog).getByRole("button", { name: "Connect" }));
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: "Integration Failed",
        description: "Planning Center refused the key: Unauthorized (401).",
        variant: "destructive",
      }),
    );
    expect(screen.getByRole("dialog", { name: "Add Integration" })).toBeTruthy();
  });

  it("shows an integration paused because its admin left, with the reason, and resumes it", async () => {
    const reason =
      "Paused because Second User, who connected it, is no longer an admin. Review its key, webhook URL and settings (rotate the webhook secret if they knew it), then turn it back on.";
    let list = [makeIntegration({ isActive: false, pausedReason: reason })];
    const fetchMock = setup({
      [LIST]: () => jsonResponse(list),
      "PATCH /api/integrations/pc": (init?: RequestInit) => {
        list = [{ ...list[0], isActive: JSON.parse(String(init?.body)).isActive, pausedReason: null }];
        return jsonResponse(list[0]);
      },
    });
    const pc = await screen.findByRole("article", { name: "Planning Center" });
    expect(within(pc).getByText("Paused")).toBeTruthy();
    // Its sync status ("Ready") beside "Paused" would contradict it.
    expect(within(pc).queryByText("Ready")).toBeNull();
    expect(within(pc).getByText(reason)).toBeTruthy();
    expect(within(pc).getByRole("button", { name: "Sync now Planning Center" }).hasAttribute("disabled")).toBe(true);
    await userEvent.click(within(pc).getByRole("button", { name: "Resume Planning Center" }));
    await waitFor(() => expect(within(pc).queryByText(reason)).toBeNull());
    expect(within(pc).getByText("Active")).toBeTruthy();
    expect(within(pc).queryByText("Paused")).toBeNull();
    expect(posts(fetchMock, "/api/integrations/pc", "PATCH")).toEqual([{ isActive: true }]);
  });

  it("toggles Active, updates the key, and disconnects after confirming", async () => {
    let list = [makeIntegration({ syncStatus: "needs_key" })];
    const fetchMock = setup({
      [LIST]: () => jsonResponse(list),
      "PATCH /api/integrations/pc": (init?: RequestInit) => {
        const body = JSON.parse(String(init?.body));
        list = [{ ...list[0], ...("isActive" in body ? { isActive: body.isActive } : { syncStatus: "active" }) }];
        return jsonResponse(list[0]);
      },
      "DELETE /api/integrations/pc": () => {
        list = [];
        return new Response(null, { status: 204 });
      },
    });
    const pc = await screen.findByRole("article", { name: "Planning Center" });
    await userEvent.click(within(pc).getByRole("switch"));
    await waitFor(() => expect(within(pc).getByText("Inactive")).toBeTruthy());
    expect(getToasts()[0]).toMatchObject({ title: "Integration Updated" });

    await userEvent.click(within(pc).getByRole("button", { name: "Re-enter key" }));
    const dialog = await screen.findByRole("dialog", { name: "Update Planning Center" });
    // A key that no longer opens must be entered again.
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText("Please re-enter the API key.")).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText("API Key"), "newapp:newsecret");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(posts(fetchMock, "/api/integrations/pc", "PATCH")).toEqual([
      { isActive: false },
      { apiKey: "newapp:newsecret" },
    ]);

    await userEvent.click(within(card("Planning Center")).getByRole("button", { name: "Disconnect Planning Center" }));
    const confirm = await screen.findByRole("alertdialog");
    expect(within(confirm).getByText("Disconnect Planning Center?")).toBeTruthy();
    await userEvent.click(within(confirm).getByRole("button", { name: "Disconnect" }));
    expect(await screen.findByText("No integrations yet")).toBeTruthy();
    expect(getToasts()[0]).toMatchObject({ title: "Integration Disconnected" });
  });

  describe("in another language", () => {
    afterEach(async () => {
      await activateLanguage("en");
    });

    it("speaks Spanish: page, card, counts and platform cards", async () => {
      await activateLanguage("es");
      setup({
        [LIST]: [makeIntegration()],
      });
      expect(await screen.findByRole("heading", { name: "Integraciones" })).toBeTruthy();
      expect(screen.getByText("Plataformas disponibles")).toBeTruthy();
      const pc = await screen.findByRole("article", { name: "Planning Center" });
      expect(within(pc).getByText("Lista")).toBeTruthy();
      expect(within(pc).getByText(/Última sincronización: Nunca/)).toBeTruthy();
      expect(within(pc).getByText("Revisadas")).toBeTruthy();
      expect(within(pc).getByRole("button", { name: /Sincronizar ahora/ })).toBeTruthy();
      expect(screen.getByRole("button", { name: "Conectar Mailchimp" })).toBeTruthy();
      expect(screen.queryByText("Sync now")).toBeNull();
    });

    it("the Add Integration dialog checks the fields in Spanish: toast and each field's message", async () => {
      await activateLanguage("es");
      const fetchMock = setup({ [LIST]: [] });
      await userEvent.click(await screen.findByRole("button", { name: "Añadir integración" }));
      const dialog = await screen.findByRole("dialog", { name: "Añadir integración" });
      await userEvent.click(within(dialog).getByRole("button", { name: "Conectar" }));
      await waitFor(() =>
        expect(getToasts()[0]).toMatchObject({
          title: "Falta la plataforma",
          description: "Elige la plataforma que quieres conectar.",
        }),
      );
      expect(await within(dialog).findByText("Elige la plataforma que quieres conectar.")).toBeTruthy();

      await userEvent.click(within(dialog).getByRole("combobox", { name: "Plataforma" }));
      await userEvent.click(await screen.findByRole("option", { name: "Church Community Builder" }));
      await userEvent.type(within(dialog).getByLabelText("Subdominio de CCB"), "not a subdomain!");
      await userEvent.click(within(dialog).getByRole("button", { name: "Conectar" }));
      expect(await within(dialog).findByText("Escribe la clave de API.")).toBeTruthy();
      expect(
        within(dialog).getByText(
          "El subdominio de CCB es la parte antes de .ccbchurch.com: letras, números y guiones.",
        ),
      ).toBeTruthy();
      expect(within(dialog).queryByText("Please enter the API key.")).toBeNull();
      expect(posts(fetchMock, LIST)).toHaveLength(0);
    });

    it("renders in Arabic with dir=rtl", async () => {
      await activateLanguage("ar");
      setup({ [LIST]: [] });
      expect(await screen.findByText("لا توجد تكاملات بعد")).toBeTruthy();
      expect(document.documentElement.dir).toBe("rtl");
      expect(screen.getByRole("button", { name: "توصيل Mailchimp" })).toBeTruthy();
    });
  });
});
