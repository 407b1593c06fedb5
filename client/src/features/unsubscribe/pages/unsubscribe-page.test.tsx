import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { activateLanguage } from "@/lib/i18n";
import { jsonResponse, mockFetch, renderWithApp } from "@/test/render";
import { UnsubscribePage } from "./unsubscribe-page";

const U = "3f1c7a52-9a4e-4d43-8f3e-2b6a1c0d9e11";
const S = "AbCdEfGhIjKlMnOpQrStUvWxYz012345";
const query = (t: string) => `u=${U}&t=${t}&s=${S}`;

/** Signed out: no user, the page on its own. */
function open(search: string, routes: Record<string, unknown>) {
  const fetchMock = mockFetch(routes);
  renderWithApp(<UnsubscribePage />, { path: `/unsubscribe?${search}` });
  return fetchMock;
}

describe("UnsubscribePage", () => {
  afterEach(async () => {
    await activateLanguage("en");
  });

  it("says what the link turns off, turns it off with one POST and says it is done", async () => {
    let off = false;
    const fetchMock = open(query("prayer"), {
      [`/api/unsubscribe?${query("prayer")}`]: () => jsonResponse({ topic: "prayer", churchName: "Grace Church", off }),
      [`POST /api/unsubscribe?${query("prayer")}`]: () => {
        off = true;
        return jsonResponse({ topic: "prayer", churchName: "Grace Church", off });
      },
    });
    expect(screen.getByRole("status", { name: "Reading the link" })).toBeTruthy();
    expect(await screen.findByText("E-mails about prayer from Grace Church")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1, name: "Unsubscribe" })).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Unsubscribe" }));
    expect(await screen.findByText("Done: you will not get these e-mails any more.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "notification settings" }).getAttribute("href")).toBe(
      "/notifications/settings",
    );
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === "POST")).toHaveLength(1);
  });

  it("the weekly digest, already off: says so and offers no button", async () => {
    open(query("digest"), {
      [`/api/unsubscribe?${query("digest")}`]: { topic: "digest", churchName: "Grace Church", off: true },
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Already off" })).toBeTruthy();
    expect(screen.getByText("The weekly digest from Grace Church")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Unsubscribe" })).toBeNull();
  });

  it("a broken or expired link (400, 404 or missing parts) says so, without asking the server when parts are missing", async () => {
    open(query("events"), {
      [`/api/unsubscribe?${query("events")}`]: () => jsonResponse({ message: "This link is not valid" }, 404),
    });
    expect(await screen.findByRole("heading", { level: 1, name: "This link does not work" })).toBeTruthy();
    expect(screen.getByText(/broken or has expired/)).toBeTruthy();

    document.body.innerHTML = "";
    const fetchMock = open(`u=${U}&t=everything&s=${S}`, {});
    expect(screen.getByRole("heading", { level: 1, name: "This link does not work" })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("a failed click shows the server's words and keeps the button; the page speaks Korean", async () => {
    open(query("kudos"), {
      [`/api/unsubscribe?${query("kudos")}`]: { topic: "kudos", churchName: null, off: false },
      [`POST /api/unsubscribe?${query("kudos")}`]: () => jsonResponse({ message: "Too many requests" }, 429),
    });
    expect(await screen.findByText("E-mails about kudos")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Unsubscribe" }));
    expect(await screen.findByText("Too many requests")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Unsubscribe" })).toBeTruthy();

    document.body.innerHTML = "";
    await activateLanguage("ko");
    open(query("sermons"), {
      [`/api/unsubscribe?${query("sermons")}`]: { topic: "sermons", churchName: "은혜교회", off: false },
    });
    await waitFor(() => expect(screen.getByText("은혜교회의 설교 이메일")).toBeTruthy());
    expect(screen.getByRole("button", { name: "수신 거부" })).toBeTruthy();
  });
});
