import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { getToasts } from "@/components/ui/use-toast";
import { jsonResponse, makeUser, mockFetch, renderWithApp } from "@/test/render";
import { ChurchSetupPage } from "./church-setup-page";

const user = { ...makeUser(), churchId: null, church: null, role: "CONGREGANT" as const };

// The leader's browser is in Chicago: the time zone starts there.
vi.mock("@/components/time-zone-select", async (load) => ({
  ...(await load<typeof import("@/components/time-zone-select")>()),
  getBrowserTimeZone: () => "America/Chicago",
}));

describe("ChurchSetupPage", () => {
  it("starts on the browser's time zone, says what it is for, and narrows the list as the leader types", async () => {
    mockFetch({});
    renderWithApp(<ChurchSetupPage user={user} />);
    const select = screen.getByLabelText("Time zone") as HTMLSelectElement;
    expect(select.value).toBe("America/Chicago");
    expect(screen.getByText(/Reading plan days, streaks and event times follow it/)).toBeTruthy();
    await userEvent.type(screen.getByLabelText("Search time zones"), "los ang");
    expect(select.value).toBe("America/Los_Angeles");
  });

  it("makes the public page's address from the name until the leader edits it, and sends the edited one", async () => {
    const fetchMock = mockFetch({ "POST /api/churches": () => jsonResponse({ id: "c1", name: "Grace" }, 201) });
    renderWithApp(<ChurchSetupPage user={user} />);
    await userEvent.type(screen.getByLabelText("Church Name"), "St. Mark's Église");
    const slug = screen.getByLabelText("Public page address") as HTMLInputElement;
    expect(slug.value).toBe("st-marks-eglise");
    expect(screen.getByText(/\/c\/st-marks-eglise$/)).toBeTruthy();
    await userEvent.clear(slug);
    await userEvent.type(slug, "st-marks");
    await userEvent.type(screen.getByLabelText("Church Name"), " Church");
    expect(slug.value).toBe("st-marks");
    await userEvent.click(screen.getByRole("button", { name: "Create Church" }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toMatchObject({ slug: "st-marks" });
  });

  it("puts a taken address's 409 beside the address field", async () => {
    const message = "That address is already taken by another church; choose another";
    mockFetch({ "POST /api/churches": () => jsonResponse({ message, errors: [{ path: "slug", message }] }, 409) });
    renderWithApp(<ChurchSetupPage user={user} />);
    await userEvent.type(screen.getByLabelText("Church Name"), "Grace");
    await userEvent.click(screen.getByRole("button", { name: "Create Church" }));
    expect((await screen.findByRole("alert")).textContent).toBe(message);
    expect(getToasts()).toHaveLength(0);
  });

  it("welcomes the user by name and shows the setup copy", () => {
    mockFetch({});
    renderWithApp(<ChurchSetupPage user={user} />);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toContain("Welcome to Fellowship, Ann");
    expect(screen.getByText("Create Your Church")).toBeTruthy();
    expect(screen.getByText("Church Leader Setup")).toBeTruthy();
    expect(screen.getByText("What happens next?")).toBeTruthy();
    expect(
      screen
        .getByRole("link", { name: "Already have an invitation? Sign out and use invitation link" })
        .getAttribute("href"),
    ).toBe("/api/logout");
  });

  it("keeps Create Church disabled while the trimmed name is empty; Enter on blanks toasts and sends nothing", async () => {
    const fetchMock = mockFetch({});
    renderWithApp(<ChurchSetupPage user={user} />);
    const button = screen.getByRole("button", { name: "Create Church" }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    await userEvent.type(screen.getByLabelText("Church Name"), "   {Enter}");
    expect(button.disabled).toBe(true);
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({ title: "Error", description: "Please enter a church name." }),
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("posts the trimmed name, shows 'Creating Church...', and no toast (the dashboard's welcome greets)", async () => {
    let release: () => void = () => undefined;
    const fetchMock = mockFetch({
      "POST /api/churches": () =>
        new Promise<Response>((r) => (release = () => r(jsonResponse({ id: "c1", name: "Grace" }, 201)))),
    });
    renderWithApp(<ChurchSetupPage user={user} />);
    const input = screen.getByLabelText("Church Name") as HTMLInputElement;
    await userEvent.type(input, "  Grace Church ");
    await userEvent.click(screen.getByRole("button", { name: "Create Church" }));
    const pending = await screen.findByRole("button", { name: "Creating Church..." });
    expect((pending as HTMLButtonElement).disabled).toBe(true);
    expect(input.disabled).toBe(true);
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({
      name: "Grace Church",
      timeZone: "America/Chicago",
      slug: "grace-church",
    });
    release();
    await waitFor(() => expect(input.disabled).toBe(false));
    expect(getToasts()).toEqual([]);
  });

  it("shows the destructive failure toast on any error", async () => {
    mockFetch({ "POST /api/churches": () => jsonResponse({ message: "You already belong to a church" }, 409) });
    renderWithApp(<ChurchSetupPage user={user} />);
    await userEvent.type(screen.getByLabelText("Church Name"), "Grace");
    await userEvent.click(screen.getByRole("button", { name: "Create Church" }));
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: "Error",
        description: "Failed to create church. Please try again.",
        variant: "destructive",
      }),
    );
    expect(screen.getByRole("button", { name: "Create Church" })).toBeTruthy();
  });
});
