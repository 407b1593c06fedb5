import type { TDirectoryEntry } from "@common/directory";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { activateLanguage } from "@/lib/i18n";
import { jsonResponse, makeUser, mockFetch, renderWithApp } from "@/test/render";
import { DIRECTORY_PAGE_LIMIT } from "../api";
import { DirectoryPage } from "./directory-page";

const ANN: TDirectoryEntry = {
  id: "00000000-0000-4000-8000-000000000001",
  firstName: "Ann",
  lastName: "Lee",
  profileImageUrl: null,
  email: "ann@example.org",
  phone: "+1 (555) 010-2030",
  birthday: "04-12",
  address: "12 Elm Street\nSpringfield",
  bio: "Sings in the choir",
};
const BEN: TDirectoryEntry = {
  id: "00000000-0000-4000-8000-000000000002",
  firstName: "Ben",
  lastName: "Cole",
  profileImageUrl: null,
};

const page = (offset = 0, q = "") =>
  `/api/directory?limit=${DIRECTORY_PAGE_LIMIT}&offset=${offset}${q ? `&q=${encodeURIComponent(q)}` : ""}`;
const VISIBLE = {
  hidden: false,
  fields: { email: "church", phone: "church", birthday: "church", address: "church", bio: "church" },
};

function setup(routes: Record<string, unknown>) {
  const fetchMock = mockFetch({ "/api/user/privacy": VISIBLE, ...routes });
  renderWithApp(<DirectoryPage />, { user: makeUser({ role: "CONGREGANT" }), path: "/directory" });
  return fetchMock;
}

function deferred() {
  let resolve: (r: Response) => void = () => {};
  const promise = new Promise<Response>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

afterEach(async () => {
  await activateLanguage("en");
});

describe("DirectoryPage", () => {
  it("shows a skeleton, then each person with only the fields the server sent, as links", async () => {
    const list = deferred();
    setup({ [page()]: () => list.promise });
    expect(screen.getByRole("heading", { name: "Directory", level: 1 })).toBeTruthy();
    expect(screen.getByRole("list", { name: "Loading the directory" })).toBeTruthy();
    list.resolve(jsonResponse([ANN, BEN]));

    const ann = await screen.findByRole("article", { name: "Ann Lee" });
    expect(within(ann).getByRole("link", { name: "ann@example.org" }).getAttribute("href")).toBe(
      "mailto:ann@example.org",
    );
    expect(within(ann).getByRole("link", { name: "+1 (555) 010-2030" }).getAttribute("href")).toBe("tel:+15550102030");
    expect(within(ann).getByText("April 12")).toBeTruthy();
    expect(within(ann).getByText(/12 Elm Street/)).toBeTruthy();
    expect(within(ann).getByText("Sings in the choir")).toBeTruthy();

    const ben = screen.getByRole("article", { name: "Ben Cole" });
    expect(within(ben).queryByRole("link")).toBeNull();
    expect(await within(ben).findByText("BC")).toBeTruthy();
  });

  it("searches by name on the server and says when nobody matches", async () => {
    const fetchMock = setup({ [page()]: [ANN, BEN], [page(0, "zed")]: [] });
    await screen.findByRole("article", { name: "Ann Lee" });
    await userEvent.type(screen.getByRole("searchbox", { name: "Search the directory" }), "zed");
    expect(await screen.findByText("No one matches “zed”")).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => url === page(0, "zed"))).toBe(true);
  });

  it("shows an empty state, and the next page on 'Show more'", async () => {
    const full = Array.from({ length: DIRECTORY_PAGE_LIMIT }, (_, i) => ({
      ...BEN,
      id: `id-${i}`,
      firstName: `P${i}`,
    }));
    setup({ [page()]: full, [page(DIRECTORY_PAGE_LIMIT)]: [ANN] });
    await screen.findByRole("article", { name: "P0 Cole" });
    await userEvent.click(screen.getByRole("button", { name: "Show more" }));
    expect(await screen.findByRole("article", { name: "Ann Lee" })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("button", { name: "Show more" })).toBeNull());
  });

  it("says the directory is empty, and tells a hidden member so", async () => {
    setup({ [page()]: [], "/api/user/privacy": { ...VISIBLE, hidden: true } });
    expect(await screen.findByText("Nobody in the directory yet")).toBeTruthy();
    expect(await screen.findByText(/You are hidden from the directory/)).toBeTruthy();
    expect(screen.getByRole("link", { name: /privacy settings/ }).getAttribute("href")).toBe("/profile");
  });

  it("offers to try again when the list cannot be loaded", async () => {
    setup({ [page()]: () => jsonResponse({ message: "Boom" }, 500) });
    expect(await screen.findByRole("button", { name: /try again/i })).toBeTruthy();
  });

  it("speaks Spanish: headings, search, labels and the birthday", async () => {
    await activateLanguage("es");
    setup({ [page()]: [ANN] });
    const ann = await screen.findByRole("article", { name: "Ann Lee" });
    expect(screen.getByRole("heading", { name: "Directorio", level: 1 })).toBeTruthy();
    expect(screen.getByRole("searchbox", { name: "Buscar en el directorio" })).toBeTruthy();
    expect(within(ann).getByText("12 de abril")).toBeTruthy();
    expect(within(ann).getByText("Teléfono")).toBeTruthy();
  });
});
