import { SIGN_IN_ERRORS } from "@common/auth-helpers";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { goToPage } from "@/lib/full-page";
import { activateLanguage, readLocalChoice } from "@/lib/i18n";
import { jsonResponse, mockFetch, renderWithApp } from "@/test/render";
import { LoginPage } from "./login-page";

vi.mock("@/lib/full-page", () => ({ goToPage: vi.fn() }));

const PROVIDERS = { password: true, oidc: null };
const INVITE = {
  email: "joy@x.org",
  role: "GROUP_LEADER",
  expiresAt: "2099-01-01T00:00:00Z",
  church: { name: "Hope Chapel", logoUrl: null, brandColor: "#0F766E" },
};

async function signIn(email: string, password: string) {
  await userEvent.type(await screen.findByLabelText("Email"), email);
  await userEvent.type(screen.getByLabelText("Password"), password);
  await userEvent.click(screen.getByRole("button", { name: "Sign In" }));
}

describe("LoginPage", () => {
  it("says the account was deleted when 'Delete my account' lands here (issue 28), and not otherwise", async () => {
    mockFetch({ "/api/auth/providers": PROVIDERS });
    const { unmount } = renderWithApp(<LoginPage />, { path: "/login?deleted=1" });
    expect(await screen.findByText("Your account was deleted, and your personal data erased.")).toBeTruthy();
    unmount();
    renderWithApp(<LoginPage />, { path: "/login" });
    await screen.findByLabelText("Email");
    expect(screen.queryByText("Your account was deleted, and your personal data erased.")).toBeNull();
  });

  it("shows 'Invalid email or password' on 401", async () => {
    mockFetch({
      "/api/auth/providers": PROVIDERS,
      "POST /api/auth/login": () => jsonResponse({ message: "Unauthorized" }, 401),
    });
    renderWithApp(<LoginPage />, { path: "/login" });
    await signIn("a@x.org", "wrongpass");
    expect((await screen.findByRole("alert")).textContent).toBe("Invalid email or password");
    expect(goToPage).not.toHaveBeenCalled();
  });

  it("shows the server message on 429", async () => {
    mockFetch({
      "/api/auth/providers": PROVIDERS,
      "POST /api/auth/login": () =>
        jsonResponse({ message: "Too many sign-in attempts. Try again in 15 minutes." }, 429),
    });
    renderWithApp(<LoginPage />, { path: "/login" });
    await signIn("a@x.org", "whatever1");
    expect((await screen.findByRole("alert")).textContent).toBe("Too many sign-in attempts. Try again in 15 minutes.");
  });

  it("Tab goes from the email to the password, then to 'Forgot password?' and Sign In", async () => {
    mockFetch({ "/api/auth/providers": PROVIDERS });
    renderWithApp(<LoginPage />, { path: "/login" });
    await userEvent.click(await screen.findByLabelText("Email"));
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByLabelText("Password"));
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Forgot password?" }));
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Sign In" }));
  });

  it("validates the form before sending", async () => {
    const fetchMock = mockFetch({ "/api/auth/providers": PROVIDERS });
    renderWithApp(<LoginPage />, { path: "/login" });
    await userEvent.click(await screen.findByRole("button", { name: "Sign In" }));
    expect(await screen.findByText("Email is required")).toBeTruthy();
    expect(screen.getByText("Password is required")).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => url === "/api/auth/login")).toBe(false);
  });

  it("signs in, refreshes the user and goes to /", async () => {
    const fetchMock = mockFetch({
      "/api/auth/providers": PROVIDERS,
      "POST /api/auth/login": { id: "u1" },
      "/api/auth/user": null,
    });
    const { location } = renderWithApp(<LoginPage />, { path: "/login" });
    await signIn("A@X.org ", "password123");
    await waitFor(() => expect(location.history?.at(-1)).toBe("/"));
    const login = fetchMock.mock.calls.find(([url]) => url === "/api/auth/login");
    expect(JSON.parse(String(login?.[1]?.body))).toEqual({ email: "a@x.org", password: "password123" });
  });

  it("registers; a 409 says the account exists", async () => {
    mockFetch({
      "/api/auth/providers": PROVIDERS,
      "POST /api/auth/register": () => jsonResponse({ message: "Conflict" }, 409),
    });
    renderWithApp(<LoginPage />, { path: "/login" });
    await userEvent.click(await screen.findByRole("tab", { name: "Create Account" }));
    await userEvent.type(screen.getByLabelText("First name"), "Ann");
    await userEvent.type(screen.getByLabelText("Email"), "a@x.org");
    await userEvent.type(screen.getByLabelText("Password"), "short");
    await userEvent.click(screen.getByRole("button", { name: "Create Account" }));
    expect(await screen.findByText("Password must be at least 8 characters")).toBeTruthy();
    await userEvent.type(screen.getByLabelText("Password"), "enough");
    await userEvent.click(screen.getByRole("button", { name: "Create Account" }));
    expect((await screen.findByRole("alert")).textContent).toBe("An account with this email already exists");
  });

  it("with ?invitation shows the inviting church, locks the email and registers with the token", async () => {
    const fetchMock = mockFetch({
      "/api/auth/providers": { password: true, oidc: { name: "Church SSO" } },
      "/api/invite/tok1": INVITE,
      "POST /api/auth/register": () => jsonResponse({ id: "u2" }, 201),
      "/api/auth/user": null,
    });
    renderWithApp(<LoginPage />, { path: "/login?invitation=tok1" });
    expect(await screen.findByRole("heading", { name: "Create an account to join Hope Chapel" })).toBeTruthy();
    expect(screen.getByText("Group Leader")).toBeTruthy();
    const email = screen.getByLabelText("Email") as HTMLInputElement;
    expect(email.value).toBe("joy@x.org");
    expect(email.readOnly).toBe(true);
    await userEvent.click(screen.getByRole("button", { name: "Continue with Church SSO" }));
    expect(goToPage).toHaveBeenCalledWith("/api/login/oidc?invitation=tok1");
    await userEvent.type(screen.getByLabelText("Password"), "password123");
    await userEvent.click(screen.getByRole("button", { name: "Create Account" }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === "/api/auth/register")).toBe(true));
    const reg = fetchMock.mock.calls.find(([url]) => url === "/api/auth/register");
    expect(JSON.parse(String(reg?.[1]?.body))).toEqual({
      email: "joy@x.org",
      password: "password123",
      invitationToken: "tok1",
    });
  });

  it("reached with ?invitation=…&tab=signin, says 'Sign in to join' the church in its colour; the plain page does not", async () => {
    mockFetch({ "/api/auth/providers": PROVIDERS, "/api/invite/tok1": INVITE });
    const { unmount } = renderWithApp(<LoginPage />, { path: "/login?invitation=tok1&tab=signin" });
    expect(await screen.findByRole("heading", { name: "Sign in to join Hope Chapel" })).toBeTruthy();
    expect(screen.getByRole("tab", { name: "Sign In", selected: true })).toBeTruthy();
    expect(document.documentElement.style.getPropertyValue("--brand")).toBe("#0f766e");
    unmount();
    expect(document.documentElement.style.getPropertyValue("--brand")).toBe("#6366f1");
    renderWithApp(<LoginPage />, { path: "/login" });
    expect(await screen.findByRole("heading", { name: "Welcome back" })).toBeTruthy();
    expect(screen.queryByText(/Hope Chapel/)).toBeNull();
  });

  it("after signing in with an invitation, accepts it", async () => {
    const fetchMock = mockFetch({
      "/api/auth/providers": PROVIDERS,
      "/api/invite/tok1": INVITE,
      "POST /api/auth/login": { id: "u2" },
      "POST /api/invite/tok1/accept": { ok: true },
      "/api/auth/user": null,
    });
    renderWithApp(<LoginPage />, { path: "/login?invitation=tok1" });
    await userEvent.click(await screen.findByRole("tab", { name: "Sign In" }));
    await userEvent.type(screen.getByLabelText("Password"), "password123");
    await userEvent.click(screen.getByRole("button", { name: "Sign In" }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([url, init]) => url === "/api/invite/tok1/accept" && init?.method === "POST"),
      ).toBe(true),
    );
  });

  it("sends a reset link request from 'Forgot password?'", async () => {
    const fetchMock = mockFetch({
      "/api/auth/providers": PROVIDERS,
      "POST /api/auth/forgot-password": () => new Response(null, { status: 202 }),
    });
    renderWithApp(<LoginPage />, { path: "/login" });
    await userEvent.type(await screen.findByLabelText("Email"), "a@x.org");
    await userEvent.click(screen.getByRole("button", { name: "Forgot password?" }));
    const dialog = await screen.findByRole("dialog");
    expect((dialog.querySelector("input[type=email]") as HTMLInputElement).value).toBe("a@x.org");
    await userEvent.click(screen.getByRole("button", { name: "Send Reset Link" }));
    expect(await screen.findByText("If an account exists, we sent a reset link")).toBeTruthy();
    const call = fetchMock.mock.calls.find(([url]) => url === "/api/auth/forgot-password");
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ email: "a@x.org" });
  });
});

describe("LoginPage after single sign-on was refused", () => {
  it("shows our words for the code the server sent, never text from the link", async () => {
    mockFetch({ "/api/auth/providers": { password: true, oidc: { name: "Church SSO" } } });
    renderWithApp(<LoginPage />, { path: "/login?error=account_email_unverified" });
    expect((await screen.findByRole("alert")).textContent).toBe(SIGN_IN_ERRORS.account_email_unverified);
  });

  it("a made-up error text in the link shows only the general failure", async () => {
    mockFetch({ "/api/auth/providers": { password: true, oidc: { name: "Church SSO" } } });
    const phishing = "Your account is locked. Call 555-0100 to unlock it.";
    renderWithApp(<LoginPage />, { path: `/login?error=${encodeURIComponent(phishing)}` });
    expect((await screen.findByRole("alert")).textContent).toBe(SIGN_IN_ERRORS.failed);
    expect(screen.queryByText(/555-0100/)).toBeNull();
  });
});

describe("LoginPage in other languages", () => {
  afterEach(async () => {
    await activateLanguage("en");
    window.localStorage.clear();
  });

  it("a visitor switches to Spanish: the page changes at once, the pick is kept and the server is asked in Spanish", async () => {
    const fetchMock = mockFetch({
      "/api/auth/providers": PROVIDERS,
      "POST /api/auth/login": () => jsonResponse({ message: "Demasiados intentos. Vuelve en 15 minutos." }, 429),
    });
    renderWithApp(<LoginPage />, { path: "/login" });
    await userEvent.selectOptions(await screen.findByRole("combobox", { name: "Language" }), "es");
    expect(await screen.findByRole("heading", { name: "Qué bueno verte de nuevo" })).toBeTruthy();
    expect(screen.getByText("Inicia sesión en la comunidad de tu iglesia")).toBeTruthy();
    expect(screen.getByRole("tab", { name: "Crear cuenta" })).toBeTruthy();
    expect(screen.getByRole("combobox", { name: "Idioma" })).toBeTruthy();
    expect(document.title).toBe("Iniciar sesión · Fellowship");
    expect(document.documentElement.lang).toBe("es");
    expect(readLocalChoice()).toBe("es");

    await userEvent.type(screen.getByLabelText("Correo electrónico"), "a@x.org");
    await userEvent.type(screen.getByLabelText("Contraseña"), "whatever1");
    await userEvent.click(screen.getByRole("button", { name: "Iniciar sesión" }));
    // The server's words are shown as they come (it answers in the language asked for).
    expect((await screen.findByRole("alert")).textContent).toBe("Demasiados intentos. Vuelve en 15 minutos.");
    const login = fetchMock.mock.calls.find(([url]) => url === "/api/auth/login");
    expect((login?.[1]?.headers as Record<string, string> | undefined)?.["Accept-Language"]).toBe("es");
  });

  it("says why single sign-on failed, and a 401, in Korean", async () => {
    await activateLanguage("ko");
    mockFetch({
      "/api/auth/providers": PROVIDERS,
      "POST /api/auth/login": () => jsonResponse({ message: "Unauthorized" }, 401),
    });
    renderWithApp(<LoginPage />, { path: "/login?error=link_expired" });
    expect((await screen.findByRole("alert")).textContent).toBe("로그인 링크가 만료되었어요. 다시 시도해 주세요.");
    await userEvent.type(await screen.findByLabelText("이메일"), "a@x.org");
    await userEvent.type(screen.getByLabelText("비밀번호"), "wrongpass");
    await userEvent.click(screen.getByRole("button", { name: "로그인" }));
    expect(await screen.findByText("이메일 또는 비밀번호가 올바르지 않아요")).toBeTruthy();
  });

  it("renders right to left in Arabic, with the invitation's church and role", async () => {
    await activateLanguage("ar");
    mockFetch({ "/api/auth/providers": PROVIDERS, "/api/invite/tok1": INVITE });
    renderWithApp(<LoginPage />, { path: "/login?invitation=tok1" });
    expect(await screen.findByRole("heading", { name: "أنشئ حسابًا للانضمام إلى Hope Chapel" })).toBeTruthy();
    expect(screen.getByText("قائد مجموعة")).toBeTruthy();
    expect(screen.getByText("أُرسلت دعوتك إلى هذا العنوان.")).toBeTruthy();
    expect(document.documentElement.dir).toBe("rtl");
  });
});
