import { DELETE_ACCOUNT_URL } from "@common/member-erasure-helpers";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { goToPage } from "@/lib/full-page";
import { activateLanguage } from "@/lib/i18n";
import { jsonResponse, makeUser, mockFetch, renderWithApp } from "@/test/render";
import { DeleteAccountCard } from "./delete-account-card";

vi.mock("@/lib/full-page", () => ({ goToPage: vi.fn() }));

const user = makeUser({ role: "CONGREGANT" });
const WITH_PASSWORD = { hasPassword: true, otherSessions: 0 };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(goToPage).mockClear();
});

async function openDialog() {
  fireEvent.click(await screen.findByRole("button", { name: "Delete my account…" }));
  return screen.findByRole("dialog", { name: "Delete your account?" });
}

const submit = () => screen.getByRole("button", { name: "Delete my account" }) as HTMLButtonElement;

describe("DeleteAccountCard", () => {
  it("says what leaves, what stays and that it is final, with a link to download the data first", async () => {
    mockFetch({ "/api/user/account": WITH_PASSWORD });
    renderWithApp(<DeleteAccountCard />, { user });
    expect(screen.getByText(/This cannot be undone\./)).toBeTruthy();
    await openDialog();
    expect(screen.getByText(/^What leaves: your name, e-mail/)).toBeTruthy();
    expect(screen.getByText(/a former member/)).toBeTruthy();
    expect(screen.getByText("This cannot be undone.")).toBeTruthy();
    const link = screen.getByRole("link", { name: "Download your data" });
    expect(link.getAttribute("href")).toBe("/api/user/export.zip");
    expect(link.hasAttribute("download")).toBe(true);
  });

  it("keeps the button disabled until DELETE is typed, shows the server's sentence for a wrong password, then signs out to the sign-in page", async () => {
    let tries = 0;
    const fetch = mockFetch({
      "/api/user/account": WITH_PASSWORD,
      [`POST ${DELETE_ACCOUNT_URL}`]: () =>
        ++tries === 1
          ? jsonResponse({ message: "Your current password is incorrect.", field: "password" }, 400)
          : jsonResponse({ ok: true }),
    });
    const { queryClient } = renderWithApp(<DeleteAccountCard />, { user });
    await openDialog();
    const password = await screen.findByLabelText("Your password");
    fireEvent.change(password, { target: { value: "wrong-password" } });
    const confirm = screen.getByLabelText("Type DELETE to confirm");
    fireEvent.change(confirm, { target: { value: "delete" } });
    expect(submit().disabled).toBe(true);
    fireEvent.change(confirm, { target: { value: "DELETE" } });
    expect(submit().disabled).toBe(false);
    fireEvent.click(submit());
    expect(await screen.findByText("Your current password is incorrect.")).toBeTruthy();
    expect(password.getAttribute("aria-invalid")).toBe("true");
    expect(goToPage).not.toHaveBeenCalled();

    queryClient.setQueryData(["something"], 1);
    fireEvent.change(password, { target: { value: "right-password" } });
    fireEvent.click(submit());
    await waitFor(() => expect(goToPage).toHaveBeenCalledWith("/login?deleted=1"));
    expect(queryClient.getQueryData(["something"])).toBeUndefined();
    const posts = fetch.mock.calls.filter(([url]) => url === DELETE_ACCOUNT_URL);
    expect(JSON.parse(String(posts[1][1]?.body))).toEqual({ password: "right-password", confirm: "DELETE" });
  });

  it("shows the last admin's 409 sentence in the dialog", async () => {
    mockFetch({
      "/api/user/account": WITH_PASSWORD,
      [`POST ${DELETE_ACCOUNT_URL}`]: () => jsonResponse({ message: "Name another admin first." }, 409),
    });
    renderWithApp(<DeleteAccountCard />, { user: makeUser({ role: "ADMIN" }) });
    await openDialog();
    fireEvent.change(await screen.findByLabelText("Your password"), { target: { value: "pw" } });
    fireEvent.change(screen.getByLabelText("Type DELETE to confirm"), { target: { value: "DELETE" } });
    fireEvent.click(submit());
    expect((await screen.findByRole("alert")).textContent).toBe("Name another admin first.");
    expect(goToPage).not.toHaveBeenCalled();
  });

  it("asks an account without a password for a fresh single sign-on instead, and sends no password", async () => {
    const fetch = mockFetch({
      "/api/user/account": { hasPassword: false, otherSessions: 0 },
      [`POST ${DELETE_ACCOUNT_URL}`]: { ok: true },
    });
    renderWithApp(<DeleteAccountCard />, { user });
    await openDialog();
    expect(await screen.findByText(/more than 10 minutes ago, sign out and sign in again first/)).toBeTruthy();
    expect(screen.queryByLabelText("Your password")).toBeNull();
    fireEvent.change(screen.getByLabelText("Type DELETE to confirm"), { target: { value: "DELETE" } });
    fireEvent.click(submit());
    await waitFor(() => expect(goToPage).toHaveBeenCalled());
    const post = fetch.mock.calls.find(([url]) => url === DELETE_ACCOUNT_URL);
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ confirm: "DELETE" });
  });

  it("speaks Spanish, the word DELETE unchanged", async () => {
    mockFetch({ "/api/user/account": WITH_PASSWORD });
    await activateLanguage("es");
    try {
      renderWithApp(<DeleteAccountCard />, { user });
      fireEvent.click(await screen.findByRole("button", { name: "Eliminar mi cuenta…" }));
      expect(await screen.findByLabelText("Escribe DELETE para confirmar")).toBeTruthy();
    } finally {
      await activateLanguage("en");
    }
  });
});
