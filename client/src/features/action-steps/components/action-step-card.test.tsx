import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { getToasts } from "@/components/ui/use-toast";
import { createQueryClient } from "@/lib/query-client";
import { AUTH_USER_KEY } from "@/lib/query-keys";
import { jsonResponse, makeUser, mockFetch, renderWithApp } from "@/test/render";
import { ActionStepCard } from "./action-step-card";

const STEP = {
  id: "s1",
  title: "Pray for a neighbour",
  description: "Pray for them by name every day.",
  weekOf: "2026-11-22",
  points: 25,
  isCompleted: false,
};

function setup(routes: Record<string, unknown>) {
  const fetchMock = mockFetch(routes);
  const client = createQueryClient();
  const user = makeUser({ role: "CONGREGANT", points: 40 });
  client.setQueryData(AUTH_USER_KEY, user);
  renderWithApp(<ActionStepCard heading="This Week's Growth Challenge" />, { user, client });
  return { fetchMock, client };
}

describe("ActionStepCard", () => {
  it("shows the step with the points available and completes it: toast, points in the top bar at once", async () => {
    const { fetchMock, client } = setup({
      "/api/weekly-action-step": STEP,
      "POST /api/weekly-action-step/s1/complete": () =>
        jsonResponse({ awarded: 25, total: 65, isCompleted: true, badges: ["first_action_step"] }),
    });
    expect(await screen.findByText("Pray for a neighbour")).toBeTruthy();
    expect(screen.getByText("This Week's Growth Challenge")).toBeTruthy();
    expect(screen.getByText("25 points available")).toBeTruthy();
    expect(screen.getByText("Week of November 22, 2026")).toBeTruthy();

    await userEvent.click(screen.getByRole("button", { name: "Mark Complete" }));
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: "Step Complete!",
        description: "You earned 25 points. New badge: Doer of the Word.",
      }),
    );
    expect(client.getQueryData<{ points: number }>(AUTH_USER_KEY)?.points).toBe(65);
    expect(await screen.findByText("Completed this week")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Mark Complete" })).toBeNull();
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => url === "/api/weekly-action-step/s1/complete" && init?.method === "POST",
      ),
    ).toBe(true);
  });

  it("shows a completed step as done, with no button", async () => {
    setup({ "/api/weekly-action-step": { ...STEP, isCompleted: true } });
    expect(await screen.findByText("Completed this week")).toBeTruthy();
    expect(screen.getByText("25 points earned")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Mark Complete" })).toBeNull();
  });

  it("says the week has ended when the server refuses (409), and 'Failed to complete action step' otherwise", async () => {
    setup({
      "/api/weekly-action-step": STEP,
      "POST /api/weekly-action-step/s1/complete": () =>
        jsonResponse({ message: "This action step's week has ended; only this week's step can be completed." }, 409),
    });
    await userEvent.click(await screen.findByRole("button", { name: "Mark Complete" }));
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: "Error",
        description: "This action step's week has ended; only this week's step can be completed.",
        variant: "destructive",
      }),
    );
  });

  it("has an empty state when no step is set", async () => {
    setup({ "/api/weekly-action-step": null });
    expect(await screen.findByText("No action step this week")).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
  });
});
