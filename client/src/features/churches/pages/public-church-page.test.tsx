import type { TPublicChurchPage } from "@common/public-church";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { activateLanguage } from "@/lib/i18n";
import { jsonResponse, mockFetch, renderWithApp } from "@/test/render";
import { PublicChurchPage } from "./public-church-page";

const PAGE: TPublicChurchPage = {
  church: {
    name: "Grace Community Church of Springfield",
    slug: "grace",
    logoUrl: null,
    brandColor: "#0F766E",
    timeZone: "America/Chicago",
    address: "120 Main Street, Springfield",
    phone: "+1 555 0142",
    email: "office@grace.example",
    website: "https://grace.example/",
  },
  services: [],
  sermons: [{ id: "s1", title: "Walking in Faith", speaker: "Pastor John", date: "2026-11-15" }],
  events: [
    {
      id: "e1",
      title: "Bible Study",
      startTime: "2026-12-06T16:00:00.000Z",
      endTime: "2026-12-06T17:30:00.000Z",
      location: "Fellowship Hall",
    },
  ],
};

const signedOut = { "/api/auth/user": () => jsonResponse({ message: "Unauthorized" }, 401) };

function renderPage(routes: Record<string, unknown> = {}) {
  const fetchMock = mockFetch({ "/api/public/churches/grace": PAGE, ...signedOut, ...routes });
  renderWithApp(<PublicChurchPage slug="grace" notFound={<p>Nothing here</p>} />, { path: "/c/grace" });
  return fetchMock;
}

describe("PublicChurchPage", () => {
  it("shows the church, its contact details with a map link, events in the church's zone and sermons linking to their page", async () => {
    renderPage();
    expect(await screen.findByRole("heading", { level: 1, name: PAGE.church.name })).toBeTruthy();
    const map = screen.getByRole("link", { name: /Open in a map/ });
    expect(map.getAttribute("href")).toBe(
      "https://www.openstreetmap.org/search?query=120%20Main%20Street%2C%20Springfield",
    );
    expect(screen.getByRole("link", { name: "+1 555 0142" }).getAttribute("href")).toBe("tel:+15550142");
    expect(screen.getByRole("link", { name: "office@grace.example" }).getAttribute("href")).toBe(
      "mailto:office@grace.example",
    );
    // 16:00 UTC is 10:00 in Chicago in December.
    expect(screen.getByText("Sun, Dec 6, 10:00 AM CST")).toBeTruthy();
    expect(screen.getByText("Fellowship Hall")).toBeTruthy();
    const sermon = screen.getByRole("link", { name: /Walking in Faith/ });
    expect(sermon.getAttribute("href")).toBe("/sermons/s1");
    expect(within(sermon).getByText("Pastor John · November 15, 2026")).toBeTruthy();
    expect(document.documentElement.style.getPropertyValue("--brand")).toBe("#0f766e");
    expect(screen.getByRole("link", { name: "Sign In" }).getAttribute("href")).toBe("/api/login");
  });

  it("draws the not-found page for an unpublished or unknown church", async () => {
    renderPage({
      "/api/public/churches/grace": () => jsonResponse({ message: "This church has no public page here." }, 404),
    });
    expect(await screen.findByText("Nothing here")).toBeTruthy();
  });

  it("says so when there are no events or sermons, and leaves out contact details never entered", async () => {
    renderPage({
      "/api/public/churches/grace": {
        ...PAGE,
        church: { ...PAGE.church, address: null, phone: null, email: null, website: null },
        sermons: [],
        events: [],
      },
    });
    expect(await screen.findByText("No upcoming events")).toBeTruthy();
    expect(screen.getByText("No sermons yet")).toBeTruthy();
    expect(screen.queryByText("Visit us")).toBeNull();
  });

  it("sends a request for an invitation and shows the server's thanks", async () => {
    const fetchMock = renderPage({
      "POST /api/public/churches/grace/invitation-requests": () => jsonResponse({ message: "Thank you! Sent." }, 202),
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Your name"), "Ada Visitor");
    await user.type(screen.getByLabelText("Your email"), "ada@example.com");
    await user.type(screen.getByLabelText("Message (optional)"), "Hello!");
    await user.click(screen.getByRole("button", { name: "Request an invitation" }));
    expect((await screen.findByRole("status")).textContent).toBe("Thank you! Sent.");
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === "POST");
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      name: "Ada Visitor",
      email: "ada@example.com",
      message: "Hello!",
    });
  });

  it("asks for a name and an email before sending, and shows the server's field and limit messages", async () => {
    let answer = jsonResponse(
      { message: "Enter a valid email address", errors: [{ path: "email", message: "Enter a valid email address" }] },
      400,
    );
    const fetchMock = renderPage({ "POST /api/public/churches/grace/invitation-requests": () => answer });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Request an invitation" }));
    expect(screen.getByText("Please enter your name.")).toBeTruthy();
    expect(document.activeElement?.id).toBe("request-name");
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "POST")).toBe(false);

    await user.type(screen.getByLabelText("Your name"), "Ada");
    await user.type(screen.getByLabelText("Your email"), "ada@nowhere");
    await user.click(screen.getByRole("button", { name: "Request an invitation" }));
    expect(await screen.findByText("Enter a valid email address")).toBeTruthy();

    answer = jsonResponse({ message: "Too many requests. Try again in 60 minutes." }, 429);
    await user.click(screen.getByRole("button", { name: "Request an invitation" }));
    await waitFor(() => expect(screen.getByText("Too many requests. Try again in 60 minutes.")).toBeTruthy());
  });

  describe("in another language", () => {
    afterEach(async () => {
      await activateLanguage("en");
    });

    it("speaks Spanish to a visitor, the church's own names as they are", async () => {
      await activateLanguage("es");
      renderPage();
      expect(await screen.findByRole("heading", { level: 1, name: PAGE.church.name })).toBeTruthy();
      expect(screen.getByText("Próximos eventos")).toBeTruthy();
      expect(screen.getByText("Prédicas recientes")).toBeTruthy();
      expect(screen.getByText("Visítanos")).toBeTruthy();
      expect(screen.getByRole("link", { name: "Iniciar sesión" })).toBeTruthy();
      expect(screen.getByRole("form", { name: `Pedir una invitación a ${PAGE.church.name}` })).toBeTruthy();
      expect(screen.getByLabelText("Tu nombre")).toBeTruthy();
      expect(screen.getByText("Walking in Faith")).toBeTruthy();
    });

    it("renders right to left in Arabic", async () => {
      await activateLanguage("ar");
      renderPage();
      expect(await screen.findByRole("heading", { level: 1, name: PAGE.church.name })).toBeTruthy();
      expect(screen.getByText("الفعاليات القادمة")).toBeTruthy();
      expect(document.documentElement.dir).toBe("rtl");
    });
  });
});
