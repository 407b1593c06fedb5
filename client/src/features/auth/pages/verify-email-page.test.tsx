import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getToasts } from "@/components/ui/use-toast";
import { goToPage } from "@/lib/full-page";
import { activateLanguage } from "@/lib/i18n";
import { jsonResponse, makeUser, mockFetch, renderWithApp } from "@/test/render";
import { VerifyEmailPage } from "./verify-email-page";

vi.mock("@/lib/full-page", () => ({ goToPage: vi.fn() }));

const unverified = makeUser({ emailVerified: false });
const PATH = "/verify-email?token=tok_123";
const INVALID =
  "This confirmation link is invalid, has expired or has already been used. Sign in and ask for a new one.";

const bodyOf = (fetchMock: ReturnType<typeof mockFetch>, url: string) =>
  JSON.parse(String(fetchMock.mock.calls.find(([u]) => u === url)?.[1]?.body));

async function choosePassword(password: string, confirm = password) {
  await userEvent.type(await screen.findByLabelText("New password"), password);
  await userEvent.type(screen.getByLabelText("Confirm new password"), confirm);
  await userEvent.click(screen.getByRole("button", { name: "Confirm and sign in" }));
}

describe("VerifyEmailPage", () => {
  it("signed in to an unconfirmed account: one click confirms, toasts and goes home", async () => {
    const fetchMock = mockFetch({
      "/api/auth/user": unverified,
      "POST /api/auth/verify-email": { ...unverified, emailVerified: true },
    });
    const { location, queryClient } = renderWithApp(<VerifyEmailPage />, { path: PATH });
    expect(await screen.findByText(unverified.email)).toBeTruthy();
    expect(screen.queryByLabelText("New password")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Confirm email address" }));
    await waitFor(() => expect(location.history?.at(-1)).toBe("/"));
    expect(bodyOf(fetchMock, "/api/auth/verify-email")).toEqual({ token: "tok_123" });
    expect(getToasts()[0]).toMatchObject({ title: "Email address confirmed" });
    expect(queryClient.getQueryData<{ emailVerified: boolean }>(["/api/auth/user"])?.emailVerified).toBe(true);
  });

  it("signed out: asks for a new password (checked before sending) and signs in", async () => {
    const fetchMock = mockFetch({
      "/api/auth/user": () => jsonResponse({ message: "Unauthorized" }, 401),
      "POST /api/auth/verify-email": { ...unverified, emailVerified: true },
    });
    const { location } = renderWithApp(<VerifyEmailPage />, { path: PATH });
    expect(await screen.findByText(/replaces the account's current one/)).toBeTruthy();
    await choosePassword("short");
    expect(await screen.findByText("Password must be at least 8 characters")).toBeTruthy();
    await userEvent.clear(screen.getByLabelText("New password"));
    await userEvent.clear(screen.getByLabelText("Confirm new password"));
    await choosePassword("a good password", "another password");
    expect(await screen.findByText("Passwords do not match")).toBeTruthy();
    expect(fetchMock.mock.calls.some(([u]) => u === "/api/auth/verify-email")).toBe(false);
    await userEvent.clear(screen.getByLabelText("Confirm new password"));
    await userEvent.type(screen.getByLabelText("Confirm new password"), "a good password");
    await userEvent.click(screen.getByRole("button", { name: "Confirm and sign in" }));
    await waitFor(() => expect(location.history?.at(-1)).toBe("/"));
    expect(bodyOf(fetchMock, "/api/auth/verify-email")).toEqual({ token: "tok_123", password: "a good password" });
  });

  it("signed in to another account: the server's request for a password switches to the password form", async () => {
    mockFetch({
      "/api/auth/user": unverified,
      "POST /api/auth/verify-email": (init?: RequestInit) =>
        JSON.parse(String(init?.body)).password
          ? jsonResponse({ ...unverified, id: "u2", email: "owner@example.org", emailVerified: true })
          : jsonResponse({ message: "Choose a new password", errors: [{ path: "password", message: "x" }] }, 400),
    });
    const { location } = renderWithApp(<VerifyEmailPage />, { path: PATH });
    await userEvent.click(await screen.findByRole("button", { name: "Confirm email address" }));
    expect(await screen.findByText(/This link is for another account than ann@example.org/)).toBeTruthy();
    await choosePassword("a good password");
    await waitFor(() => expect(location.history?.at(-1)).toBe("/"));
  });

  it("shows the server's message for a used or expired link", async () => {
    mockFetch({
      "/api/auth/user": unverified,
      "POST /api/auth/verify-email": () =>
        jsonResponse({ message: INVALID, errors: [{ path: "token", message: INVALID }] }, 400),
    });
    const { location } = renderWithApp(<VerifyEmailPage />, { path: PATH });
    await userEvent.click(await screen.findByRole("button", { name: "Confirm email address" }));
    expect((await screen.findByRole("alert")).textContent).toBe(INVALID);
    expect(location.history?.at(-1)).toBe(PATH);
  });

  it("says so when the link has no token, and sends nothing", async () => {
    const fetchMock = mockFetch({ "/api/auth/user": unverified });
    renderWithApp(<VerifyEmailPage />, { path: "/verify-email" });
    expect((await screen.findByRole("alert")).textContent).toMatch(/link is incomplete/);
    expect(fetchMock.mock.calls.some(([u]) => u === "/api/auth/verify-email")).toBe(false);
  });

  it("signed in to a confirmed account: says it is confirmed and offers to sign out for another account", async () => {
    mockFetch({
      "/api/auth/user": makeUser({ emailVerified: true }),
      "POST /api/logout": () => jsonResponse(undefined, 204),
    });
    renderWithApp(<VerifyEmailPage />, { path: PATH });
    expect(await screen.findByText(/is already confirmed/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Continue to Fellowship" }).getAttribute("href")).toBe("/");
    await userEvent.click(screen.getByRole("button", { name: "Sign out" }));
    await waitFor(() => expect(goToPage).toHaveBeenCalled());
  });
});

describe("VerifyEmailPage in other languages", () => {
  afterEach(async () => {
    await activateLanguage("en");
  });

  it("speaks Brazilian Portuguese: the password form, its own check and the toast", async () => {
    await activateLanguage("pt-BR");
    mockFetch({
      "/api/auth/user": () => jsonResponse({ message: "Unauthorized" }, 401),
      "POST /api/auth/verify-email": { ...unverified, emailVerified: true },
    });
    renderWithApp(<VerifyEmailPage />, { path: PATH });
    expect(await screen.findByRole("heading", { name: "Confirme seu e-mail" })).toBeTruthy();
    expect(document.title).toBe("Confirme seu e-mail · Fellowship");
    await userEvent.type(await screen.findByLabelText("Nova senha"), "longenough1");
    await userEvent.type(screen.getByLabelText("Confirme a nova senha"), "different12");
    await userEvent.click(screen.getByRole("button", { name: "Confirmar e entrar" }));
    expect(await screen.findByText("As senhas não coincidem")).toBeTruthy();
    await userEvent.clear(screen.getByLabelText("Confirme a nova senha"));
    await userEvent.type(screen.getByLabelText("Confirme a nova senha"), "longenough1");
    await userEvent.click(screen.getByRole("button", { name: "Confirmar e entrar" }));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: "E-mail confirmado" }));
  });

  it("renders right to left in Arabic, the address kept as written", async () => {
    await activateLanguage("ar");
    mockFetch({ "/api/auth/user": makeUser({ emailVerified: true }) });
    renderWithApp(<VerifyEmailPage />, { path: PATH });
    expect(await screen.findByRole("heading", { name: "تم تأكيد البريد الإلكتروني" })).toBeTruthy();
    expect(screen.getByText("مؤكَّد بالفعل.", { exact: false }).textContent).toBe("ann@example.org مؤكَّد بالفعل.");
    expect(screen.getByRole("button", { name: "سجّل الخروج" })).toBeTruthy();
    expect(document.documentElement.dir).toBe("rtl");
  });
});
