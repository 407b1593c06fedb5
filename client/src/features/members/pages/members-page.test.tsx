import type { TMember } from "@common/members";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { getToasts } from "@/components/ui/use-toast";
import { activateLanguage } from "@/lib/i18n";
import { jsonResponse, makeUser, mockFetch, renderWithApp } from "@/test/render";
import { MembersPage } from "./members-page";

const now = new Date();
const member = (over: Partial<TMember>): TMember => ({
  id: "x",
  email: "x@x.org",
  firstName: null,
  lastName: null,
  bio: null,
  role: "CONGREGANT",
  churchId: "c1",
  profileImageUrl: null,
  points: 0,
  lastLogin: null,
  lastActiveAt: null,
  createdAt: "2024-01-10T00:00:00Z",
  ...over,
});
const MEMBERS: TMember[] = [
  member({
    id: "u1",
    email: "ann@example.org",
    firstName: "Ann",
    lastName: "Lee",
    role: "ADMIN",
    lastLogin: now.toISOString(),
  }),
  member({
    id: "u2",
    email: "bob@x.org",
    firstName: "Bob",
    lastName: "Stone",
    role: "GROUP_LEADER",
    createdAt: now.toISOString(),
  }),
  member({ id: "u3", email: "cara@x.org", firstName: "Cara", role: "CONGREGANT", lastLogin: "2020-01-01T00:00:00Z" }),
];

function setup(routes: Record<string, unknown> = {}) {
  const fetchMock = mockFetch({ "/api/admin/members": MEMBERS, "/api/admin/stats": {}, ...routes });
  renderWithApp(<MembersPage />, { user: makeUser(), path: "/admin/members" });
  return fetchMock;
}

const statValue = (label: string) =>
  screen.getByText(label).closest("div")?.parentElement?.querySelector("p.text-3xl")?.textContent;

describe("MembersPage", () => {
  it("shows 5 skeleton rows while loading", () => {
    mockFetch({ "/api/admin/members": () => new Promise<Response>(() => undefined) });
    renderWithApp(<MembersPage />, { user: makeUser() });
    expect(screen.getAllByTestId("member-skeleton")).toHaveLength(5);
  });

  it("computes the stat cards from the member list", async () => {
    setup();
    await screen.findAllByText("bob@x.org");
    expect(statValue("Total Members")).toBe("3");
    expect(statValue("Active Members")).toBe("2"); // Cara last signed in years ago
    expect(statValue("Group Leaders")).toBe("1");
    expect(statValue("New This Month")).toBe("1");
  });

  it("searches by name or email and filters by role, with 'No members found'", async () => {
    setup();
    await screen.findAllByText("bob@x.org");
    const search = screen.getByLabelText("Search members by name or email");
    await userEvent.type(search, "cara@");
    expect(screen.queryAllByText("bob@x.org")).toHaveLength(0);
    expect(screen.getAllByText("cara@x.org").length).toBeGreaterThan(0);
    await userEvent.clear(search);
    await userEvent.type(search, "zzz");
    expect(screen.getByText("No members found")).toBeTruthy();
  });

  it("shows role badges with the spec colours", async () => {
    setup();
    await screen.findAllByText("bob@x.org");
    // The role filter's options carry the same words; the badges are the rest.
    const badge = (text: string) => screen.getAllByText(text, { ignore: "script, style, option" })[0];
    expect(badge("Church Leader (Admin)").className).toContain("red");
    expect(badge("Group Leader").className).toContain("blue");
    expect(badge("Church Member").className).toContain("stone");
    expect(screen.queryByText("Congregant")).toBeNull();
  });

  it("disables role and remove actions on yourself", async () => {
    setup();
    const [trigger] = await screen.findAllByRole("button", { name: "Actions for Ann Lee" });
    await userEvent.click(trigger);
    const menu = await screen.findByRole("menu");
    expect(within(menu).getByText("You can't change your own role or remove yourself")).toBeTruthy();
    for (const item of within(menu).getAllByRole("menuitem")) expect(item.getAttribute("aria-disabled")).toBe("true");
  });

  it("changes a role with PATCH and shows the server's message when refused", async () => {
    const fetchMock = setup({
      "PATCH /api/admin/members/u2": () => jsonResponse({ message: "A church must keep at least one admin" }, 409),
    });
    const [trigger] = await screen.findAllByRole("button", { name: "Actions for Bob Stone" });
    await userEvent.click(trigger);
    await userEvent.click(await screen.findByRole("menuitem", { name: "Make Church Member" }));
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: "Error",
        description: "A church must keep at least one admin",
        variant: "destructive",
      }),
    );
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === "PATCH");
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ role: "CONGREGANT" });
  });

  it("removes a member after confirmation", async () => {
    const fetchMock = setup({ "DELETE /api/admin/members/u3": () => new Response(null, { status: 204 }) });
    const [trigger] = await screen.findAllByRole("button", { name: "Actions for Cara" });
    await userEvent.click(trigger);
    await userEvent.click(await screen.findByRole("menuitem", { name: "Remove from church" }));
    const alert = await screen.findByRole("alertdialog");
    expect(within(alert).getByText("Remove Cara from the church?")).toBeTruthy();
    await userEvent.click(within(alert).getByRole("button", { name: "Remove" }));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: "Member Removed" }));
    expect(
      fetchMock.mock.calls.some(([url, init]) => url === "/api/admin/members/u3" && init?.method === "DELETE"),
    ).toBe(true);
  });

  it("links Add Member to the invitation dialog", async () => {
    setup();
    expect(screen.getByRole("link", { name: "Add Member" }).getAttribute("href")).toBe(
      "/admin/invitations?invite=member",
    );
  });

  it("says 'No members yet' for an empty church", async () => {
    mockFetch({ "/api/admin/members": [] });
    renderWithApp(<MembersPage />, { user: makeUser() });
    expect(await screen.findByText("No members yet")).toBeTruthy();
  });

  it("offers the CSV import and the members' CSV export", async () => {
    setup();
    expect(screen.getByRole("link", { name: "Import from CSV" }).getAttribute("href")).toBe("/admin/members/import");
    const exportLink = screen.getByRole("link", { name: "Export CSV" });
    expect(exportLink.getAttribute("href")).toBe("/api/admin/members/export.csv");
    expect(exportLink.hasAttribute("download")).toBe(true);
  });
});

describe("MembersPage in other languages (issue 26)", () => {
  afterEach(async () => {
    await activateLanguage("en");
  });

  it("shows the page, the roles and the actions in Spanish", async () => {
    await activateLanguage("es");
    setup();
    await screen.findAllByText("bob@x.org");
    expect(screen.getAllByText("Administrar miembros").length).toBeGreaterThan(0);
    expect(statValue("Total de miembros")).toBe("3");
    expect(screen.getAllByText("Líder de grupo").length).toBeGreaterThan(0);
    expect(screen.getAllByRole("button", { name: "Acciones para Bob Stone" }).length).toBeGreaterThan(0);
    await userEvent.type(screen.getByLabelText("Buscar miembros por nombre o correo"), "zzz");
    expect(screen.getByText("No se encontraron miembros")).toBeTruthy();
  });

  it("renders right to left in Arabic", async () => {
    await activateLanguage("ar");
    setup();
    await screen.findAllByText("bob@x.org");
    expect(screen.getAllByText("إدارة الأعضاء").length).toBeGreaterThan(0);
    expect(document.documentElement.dir).toBe("rtl");
  });
});
