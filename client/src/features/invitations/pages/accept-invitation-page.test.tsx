import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Route } from "wouter";
import { goToPage } from "@/lib/full-page";
import { activateLanguage } from "@/lib/i18n";
import { jsonResponse, mockFetch, renderWithApp } from "@/test/render";
import { AcceptInvitationPage } from "./accept-invitation-page";

vi.mock("@/lib/full-page", () => ({ goToPage: vi.fn() }));

const INVITE = {
  email: "joy@x.org",
  role: "ADMIN",
  expiresAt: "2099-01-01T00:00:00Z",
  church: { name: "Hope Chapel", logoUrl: null, brandColor: "#0F766E" },
};
const SIGNED_IN = {
  id: "u9",
  email: "other@x.org",
  firstName: "Oz",
  lastName: null,
  bio: null,
  role: "CONGREGANT",
  churchId: null,
  points: 0,
  profileImageUrl: null,
  lastLogin: null,
  createdAt: "2025-01-01T00:00:00Z",
  church: null,
};

const renderPage = (token = "tok1") =>
  renderWithApp(<Route path="/invite/:token" component={AcceptInvitationPage} />, { path: `/invite/${token}` });

describe("AcceptInvitationPage", () => {
  it("shows the church, the role label and the invited email; signed out, accepting goes to sign-in", async () => {
    mockFetch({ "/api/invite/tok1": INVITE, "/api/auth/user": () => jsonResponse({ message: "Unauthorized" }, 401) });
    renderPage();
    expect(await screen.findByRole("heading", { name: "Hope Chapel" })).toBeTruthy();
    expect(screen.getByText("Church Leader (Admin)")).toBeTruthy();
    expect(screen.getByText("joy@x.org")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Accept Invitation & Join" }));
    expect(goToPage).toHaveBeenCalledWith("/api/login?invitation=tok1");
  });

  it("wears the church's colour and offers a sign-in that carries the invitation", async () => {
    mockFetch({ "/api/invite/tok1": INVITE, "/api/auth/user": () => jsonResponse({ message: "Unauthorized" }, 401) });
    renderPage();
    const signIn = await screen.findByRole("link", { name: "Sign in to join" });
    expect(signIn.getAttribute("href")).toBe("/login?invitation=tok1&tab=signin");
    expect(document.documentElement.style.getPropertyValue("--brand")).toBe("#0f766e");
  });

  it("signed in, posts accept and shows a 403's message", async () => {
    const fetchMock = mockFetch({
      "/api/invite/tok1": INVITE,
      "/api/auth/user": SIGNED_IN,
      "POST /api/invite/tok1/accept": () =>
        jsonResponse({ message: "This invitation was sent to a different email address." }, 403),
    });
    renderPage();
    await userEvent.click(await screen.findByRole("button", { name: "Accept Invitation & Join" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "This invitation was sent to a different email address.",
    );
    expect(
      fetchMock.mock.calls.some(([url, init]) => url === "/api/invite/tok1/accept" && init?.method === "POST"),
    ).toBe(true);
    expect(goToPage).not.toHaveBeenCalled();
  });

  it("signed in, a successful accept refreshes the user and goes to /", async () => {
    mockFetch({
      "/api/invite/tok1": INVITE,
      "/api/auth/user": SIGNED_IN,
      "POST /api/invite/tok1/accept": { ok: true },
    });
    const { location } = renderPage();
    await userEvent.click(await screen.findByRole("button", { name: "Accept Invitation & Join" }));
    await waitFor(() => expect(location.history?.at(-1)).toBe("/"));
  });

  it("shows Invalid Invitation for a bad token", async () => {
    mockFetch({
      "/api/invite/nope": () => jsonResponse({ message: "Invitation not found" }, 404),
      "/api/auth/user": null,
    });
    renderPage("nope");
    expect(await screen.findByRole("heading", { name: "Invalid Invitation" })).toBeTruthy();
    expect(screen.getByText("This invitation link is invalid, expired, or has already been used.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to Homepage" }).getAttribute("href")).toBe("/");
  });
});

describe("AcceptInvitationPage in other languages", () => {
  afterEach(async () => {
    await activateLanguage("en");
  });

  it("an invited visitor switches to Spanish: the role, the button and the link to sign in", async () => {
    mockFetch({ "/api/invite/tok1": INVITE, "/api/auth/user": () => jsonResponse({ message: "Unauthorized" }, 401) });
    renderPage();
    expect(await screen.findByRole("heading", { name: "Hope Chapel" })).toBeTruthy();
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Language" }), "es");
    // The switch downloads what is on screen in Spanish first, then the page changes at once.
    expect(await screen.findByText("Te invitan a unirte a")).toBeTruthy();
    expect(screen.getByText("Líder de la iglesia (administrador)")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Aceptar la invitación y unirme" })).toBeTruthy();
    const signIn = screen.getByRole("link", { name: "Inicia sesión para unirte" });
    expect(signIn.getAttribute("href")).toBe("/login?invitation=tok1&tab=signin");
    expect(document.title).toBe("Únete a Hope Chapel · Fellowship");
  });

  it("renders right to left in Arabic", async () => {
    await activateLanguage("ar");
    mockFetch({ "/api/invite/bad": () => jsonResponse({ message: "Not found" }, 404), "/api/auth/user": SIGNED_IN });
    renderPage("bad");
    expect(await screen.findByRole("heading", { name: "دعوة غير صالحة" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "الذهاب إلى الصفحة الرئيسية" })).toBeTruthy();
    expect(document.documentElement.dir).toBe("rtl");
  });
});
