import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { getToasts } from "@/components/ui/use-toast";
import { activateLanguage } from "@/lib/i18n";
import { jsonResponse, mockFetch, renderWithApp } from "@/test/render";
import { InvitationRequests } from "./invitation-requests";

const REQUEST = {
  id: "r1",
  name: "Ada Visitor",
  email: "ada@example.com",
  message: "We moved here last month.",
  createdAt: "2026-11-20T10:00:00.000Z",
};

describe("InvitationRequests", () => {
  it("draws nothing without requests", async () => {
    const fetchMock = mockFetch({ "/api/admin/invitation-requests": [] });
    const { container } = renderWithApp(<InvitationRequests />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(container.textContent).toBe("");
  });

  it("lists name, email, message and date; Invite posts and toasts, and the list is read again", async () => {
    let requests = [REQUEST];
    const fetchMock = mockFetch({
      "/api/admin/invitation-requests": () => jsonResponse(requests),
      "POST /api/admin/invitation-requests/r1/invite": () => {
        requests = [];
        return jsonResponse({ id: "i1", email: REQUEST.email }, 201);
      },
    });
    renderWithApp(<InvitationRequests />);
    expect(await screen.findByText("Requests to join")).toBeTruthy();
    expect(screen.getByText("ada@example.com")).toBeTruthy();
    expect(screen.getByText("We moved here last month.")).toBeTruthy();
    expect(screen.getByText(/^Asked /)).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Invite Ada Visitor (ada@example.com)" }));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: "Invitation Sent" }));
    await waitFor(() => expect(screen.queryByText("Requests to join")).toBeNull());
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => url === "/api/admin/invitation-requests/r1/invite" && init?.method === "POST",
      ),
    ).toBe(true);
  });

  it("Dismiss closes the request; a refused Invite shows the server's sentence", async () => {
    mockFetch({
      "/api/admin/invitation-requests": [REQUEST],
      "POST /api/admin/invitation-requests/r1/invite": () =>
        jsonResponse({ message: "ada@example.com already has a pending invitation." }, 409),
      "POST /api/admin/invitation-requests/r1/dismiss": () => new Response(null, { status: 204 }),
    });
    renderWithApp(<InvitationRequests />);
    await userEvent.click(await screen.findByRole("button", { name: /Invite Ada Visitor/ }));
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: "Could not invite",
        description: "ada@example.com already has a pending invitation.",
      }),
    );
    await userEvent.click(screen.getByRole("button", { name: "Dismiss the request from Ada Visitor" }));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: "Request dismissed" }));
  });

  describe("in another language", () => {
    afterEach(async () => {
      await activateLanguage("en");
    });

    it("speaks Spanish: the heading, the buttons and the toast; the visitor's own words as they are", async () => {
      await activateLanguage("es");
      mockFetch({
        "/api/admin/invitation-requests": [REQUEST],
        "POST /api/admin/invitation-requests/r1/dismiss": () => new Response(null, { status: 204 }),
      });
      renderWithApp(<InvitationRequests />);
      expect(await screen.findByText("Solicitudes para unirse")).toBeTruthy();
      expect(screen.getByText("We moved here last month.")).toBeTruthy();
      expect(screen.getByText(/^Lo pidió el /)).toBeTruthy();
      expect(screen.getByRole("button", { name: "Invitar a Ada Visitor (ada@example.com)" })).toBeTruthy();
      await userEvent.click(screen.getByRole("button", { name: "Descartar la solicitud de Ada Visitor" }));
      await waitFor(() =>
        expect(getToasts()[0]).toMatchObject({
          title: "Solicitud descartada",
          description: "Ada Visitor no será invitado.",
        }),
      );
    });

    it("renders right to left in Arabic", async () => {
      await activateLanguage("ar");
      mockFetch({ "/api/admin/invitation-requests": [REQUEST] });
      renderWithApp(<InvitationRequests />);
      expect(await screen.findByText("طلبات الانضمام")).toBeTruthy();
      expect(document.documentElement.dir).toBe("rtl");
    });
  });
});
