import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { getToasts } from "@/components/ui/use-toast";
import { activateLanguage } from "@/lib/i18n";
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
  mockFetch(routes);
  const client = createQueryClient();
  const user = makeUser({ role: "CONGREGANT", points: 40 });
  client.setQueryData(AUTH_USER_KEY, user);
  renderWithApp(<ActionStepCard />, { user, client });
}

afterEach(async () => {
  await activateLanguage("en");
});

describe("ActionStepCard in other languages", () => {
  it("shows this week's step in Spanish and completes it with a Spanish toast", async () => {
    await activateLanguage("es");
    setup({
      "/api/weekly-action-step": STEP,
      "POST /api/weekly-action-step/s1/complete": () =>
        jsonResponse({ awarded: 25, total: 65, isCompleted: true, badges: [] }),
    });
    expect(await screen.findByText("Pray for a neighbour")).toBeTruthy();
    expect(screen.getByText("El paso práctico de la semana")).toBeTruthy();
    expect(screen.getByText("25 puntos disponibles")).toBeTruthy();
    expect(screen.getByText(/^Semana del 22 de noviembre de 2026$/)).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Marcar como hecho" }));
    await waitFor(() => expect(getToasts().some((t) => t.title === "¡Paso completado!")).toBe(true));
    expect(getToasts().find((t) => t.title === "¡Paso completado!")?.description).toBe("Ganaste 25 puntos.");
  });

  it("renders right to left in Arabic, with its empty state", async () => {
    await activateLanguage("ar");
    setup({ "/api/weekly-action-step": null });
    expect(await screen.findByText("لا توجد خطوة عملية هذا الأسبوع")).toBeTruthy();
    expect(document.documentElement.dir).toBe("rtl");
    expect(screen.getByText("الخطوة العملية لهذا الأسبوع")).toBeTruthy();
  });
});
