import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { getToasts } from "@/components/ui/use-toast";
import { activateLanguage } from "@/lib/i18n";
import { jsonResponse, makeUser, mockFetch, renderWithApp } from "@/test/render";
import { EmailVerificationNotice } from "./email-verification-notice";

const unverified = makeUser({ emailVerified: false });

beforeEach(() => window.sessionStorage.clear());

describe("EmailVerificationNotice", () => {
  it("shows only for an account whose address is not confirmed", () => {
    mockFetch({});
    const { unmount } = renderWithApp(<EmailVerificationNotice user={makeUser({ emailVerified: true })} />);
    expect(screen.queryByText(/Confirm your email address/)).toBeNull();
    unmount();
    renderWithApp(<EmailVerificationNotice user={unverified} />);
    const notice = screen.getByRole("region", { name: "Confirm your email address" });
    expect(notice.textContent).toBe("Confirm your email address: we sent a link to ann@example.org. Resend");
  });

  it("Resend asks for a new link and toasts where it went", async () => {
    const fetchMock = mockFetch({
      "POST /api/auth/verify-email/resend": () => jsonResponse({ message: "sent" }, 202),
    });
    renderWithApp(<EmailVerificationNotice user={unverified} />);
    await userEvent.click(screen.getByRole("button", { name: "Resend" }));
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({ title: "Link sent", description: "Check your inbox at ann@example.org." }),
    );
    expect(fetchMock.mock.calls.filter(([u]) => u === "/api/auth/verify-email/resend")).toHaveLength(1);
  });

  it("shows the server's words when it refuses (429)", async () => {
    mockFetch({
      "POST /api/auth/verify-email/resend": () =>
        jsonResponse({ message: "Too many requests. Try again in 42 minutes." }, 429),
    });
    renderWithApp(<EmailVerificationNotice user={unverified} />);
    await userEvent.click(screen.getByRole("button", { name: "Resend" }));
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: "Could not send the link",
        description: "Too many requests. Try again in 42 minutes.",
        variant: "destructive",
      }),
    );
  });

  it("can be dismissed, for the rest of the visit", async () => {
    mockFetch({});
    const { unmount } = renderWithApp(<EmailVerificationNotice user={unverified} />);
    await userEvent.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByRole("region", { name: "Confirm your email address" })).toBeNull();
    unmount();
    renderWithApp(<EmailVerificationNotice user={unverified} />);
    expect(screen.queryByRole("region", { name: "Confirm your email address" })).toBeNull();
  });
});

describe("EmailVerificationNotice in other languages", () => {
  afterEach(async () => {
    await activateLanguage("en");
  });

  it("reminds in Spanish and toasts where the link went", async () => {
    await activateLanguage("es");
    mockFetch({ "POST /api/auth/verify-email/resend": () => jsonResponse({ message: "sent" }, 202) });
    renderWithApp(<EmailVerificationNotice user={unverified} />);
    const notice = screen.getByRole("region", { name: "Confirma tu correo electrónico" });
    expect(notice.textContent).toBe(
      "Confirma tu correo electrónico: te enviamos un enlace a ann@example.org. Reenviar",
    );
    await userEvent.click(screen.getByRole("button", { name: "Reenviar" }));
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: "Enlace enviado",
        description: "Revisa tu bandeja de entrada en ann@example.org.",
      }),
    );
  });

  it("renders right to left in Arabic", async () => {
    await activateLanguage("ar");
    mockFetch({});
    renderWithApp(<EmailVerificationNotice user={unverified} />);
    expect(screen.getByRole("region", { name: "أكّد بريدك الإلكتروني" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "إخفاء" })).toBeTruthy();
    expect(document.documentElement.dir).toBe("rtl");
  });
});
