import type { TMember } from "@common/members";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { getToasts } from "@/components/ui/use-toast";
import { activateLanguage } from "@/lib/i18n";
import { jsonResponse, makeUser, mockFetch, renderWithApp } from "@/test/render";
import { MembersPage } from "./members-page";

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
const ME = makeUser();
const CARA = member({ id: "u3", email: "cara@x.org", firstName: "Cara" });
const MEMBERS: TMember[] = [member({ id: ME.id, email: ME.email, firstName: "Ann", role: "ADMIN" }), CARA];

function setup(routes: Record<string, unknown> = {}) {
  const fetchMock = mockFetch({ "/api/admin/members": MEMBERS, "/api/admin/stats": {}, ...routes });
  renderWithApp(<MembersPage />, { user: ME, path: "/admin/members" });
  return fetchMock;
}

async function openMenu(name: string) {
  const [trigger] = await screen.findAllByRole("button", { name: `Actions for ${name}` });
  await userEvent.click(trigger);
  return screen.findByRole("menu");
}

afterEach(async () => {
  await activateLanguage("en");
});

describe("MembersPage: a member's data requests (issue 28)", () => {
  it("offers their data as a download from the admin's address", async () => {
    setup();
    const menu = await openMenu("Cara");
    expect(within(menu).getByText("On the member's request")).toBeTruthy();
    const link = within(menu).getByRole("menuitem", { name: "Download their data" });
    expect(link.tagName).toBe("A");
    expect(link.getAttribute("href")).toBe("/api/admin/members/u3/export.zip");
    expect(link.hasAttribute("download")).toBe(true);
  });

  it("erases a member with a required reason, then says so and reloads the list", async () => {
    let erased = false;
    const fetchMock = setup({
      "/api/admin/members": () => Response.json(erased ? MEMBERS.slice(0, 1) : MEMBERS),
      "POST /api/admin/members/u3/erase": () => {
        erased = true;
        return jsonResponse({ ok: true });
      },
    });
    const menu = await openMenu("Cara");
    await userEvent.click(within(menu).getByRole("menuitem", { name: "Erase member…" }));
    const dialog = await screen.findByRole("dialog", { name: "Erase Cara?" });
    expect(within(dialog).getByText(/a former member/)).toBeTruthy();
    expect(within(dialog).getByText(/This cannot be undone\./)).toBeTruthy();
    const confirm = within(dialog).getByRole("button", { name: "Erase member" });
    expect(confirm.className).toContain("bg-destructive");
    // No reason: nothing is sent, the field says why.
    await userEvent.click(confirm);
    expect(await within(dialog).findByText("Say why the member is erased")).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "POST")).toBe(false);
    await userEvent.type(within(dialog).getByLabelText("Reason"), "Asked by e-mail on March 3");
    await userEvent.click(confirm);
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: "Member Erased",
        description: "Cara's personal data has been erased.",
      }),
    );
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === "POST");
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ reason: "Asked by e-mail on March 3" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(screen.queryAllByText("cara@x.org")).toHaveLength(0));
  });

  it("shows the server's sentence in the dialog when it refuses", async () => {
    setup({
      "POST /api/admin/members/u3/erase": () =>
        jsonResponse({ message: "Only a super admin can change a super admin." }, 403),
    });
    const menu = await openMenu("Cara");
    await userEvent.click(within(menu).getByRole("menuitem", { name: "Erase member…" }));
    const dialog = await screen.findByRole("dialog");
    await userEvent.type(within(dialog).getByLabelText("Reason"), "Asked in person");
    await userEvent.click(within(dialog).getByRole("button", { name: "Erase member" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe("Only a super admin can change a super admin.");
    expect(screen.getByRole("dialog")).toBeTruthy();
  });

  it("offers neither to yourself", async () => {
    setup();
    const menu = await openMenu("Ann");
    expect(within(menu).getByRole("menuitem", { name: "Download their data" }).getAttribute("aria-disabled")).toBe(
      "true",
    );
    expect(within(menu).getByRole("menuitem", { name: "Erase member…" }).getAttribute("aria-disabled")).toBe("true");
  });

  it("speaks French", async () => {
    await activateLanguage("fr");
    setup();
    const [trigger] = await screen.findAllByRole("button", { name: "Actions pour Cara" });
    await userEvent.click(trigger);
    const menu = await screen.findByRole("menu");
    await userEvent.click(within(menu).getByRole("menuitem", { name: "Effacer le membre…" }));
    expect(await screen.findByRole("dialog", { name: "Effacer Cara ?" })).toBeTruthy();
  });
});
