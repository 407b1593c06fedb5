import type { TSearchResult } from "@common/search-helpers";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeUser, mockFetch, renderWithApp } from "@/test/render";
import { SearchBox } from "./search-box";

const SERMON: TSearchResult = {
  type: "sermon",
  id: "s1",
  title: "The Prodigal Son",
  snippet: "Pastor Miriam · Luke 15:11-32 — <b>not bold</b> the prodigal returns",
  url: "/sermons/s1",
};
const EVENT: TSearchResult = {
  type: "event",
  id: "e1",
  title: "Prodigal Potluck",
  snippet: "Nov 29, 2026 · Fellowship Hall",
  url: "/events/e1",
};
const PAGE: TSearchResult = { type: "page", id: "sermons", title: "Sermons", snippet: "Page", url: "/sermons" };

function renderBox(routes: Record<string, unknown> = {}) {
  const fetchMock = mockFetch({
    "/api/search?q=prod": { results: [SERMON, EVENT] },
    "/api/search?q=sermons": { results: [PAGE, SERMON] },
    "/api/search?q=zzz": { results: [] },
    ...routes,
  });
  const utils = renderWithApp(<SearchBox />, { user: makeUser({ role: "CONGREGANT" }) });
  const input = screen.getByRole("combobox", { name: "Search" });
  return { ...utils, input, fetchMock };
}

const searched = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((u) => u.startsWith("/api/search"));

afterEach(() => vi.unstubAllGlobals());

describe("SearchBox", () => {
  it("asks nothing under 2 characters, then shows the results grouped by type with the words in bold", async () => {
    const { input, fetchMock } = renderBox();
    await userEvent.type(input, "p");
    expect(screen.getByRole("status").textContent).toBe("Type at least 2 characters");
    await userEvent.type(input, "rod");
    const listbox = await screen.findByRole("listbox", { name: "Search results" });
    await waitFor(() => expect(within(listbox).getAllByRole("option")).toHaveLength(2));
    expect(searched(fetchMock)).toEqual(["/api/search?q=prod"]);
    expect(input.getAttribute("aria-expanded")).toBe("true");

    const sermons = within(listbox).getByRole("group", { name: "Sermons" });
    const [option] = within(sermons).getAllByRole("option");
    expect(option.textContent).toMatch(/^The Prodigal Son/);
    expect(option.getAttribute("href")).toBe("/sermons/s1");
    expect(
      within(option)
        .getAllByText("Prod")
        .map((m) => m.tagName),
    ).toEqual(["MARK"]);
    // A snippet is text: markup in it is shown as written, never drawn.
    expect(option.textContent).toContain("<b>not bold</b>");
    expect(option.querySelector("b")).toBeNull();
    expect(within(listbox).getByRole("group", { name: "Events" })).toBeTruthy();
    expect(screen.getByRole("status").textContent).toBe("2 results");
  });

  it("moves through the results with the arrows and opens one with Enter", async () => {
    const { input, location } = renderBox();
    await userEvent.type(input, "prod");
    await screen.findAllByRole("option");
    const selected = () => screen.getAllByRole("option").find((o) => o.getAttribute("aria-selected") === "true");
    expect(selected()?.textContent).toContain("The Prodigal Son");
    expect(input.getAttribute("aria-activedescendant")).toBe(selected()?.id);
    await userEvent.keyboard("{ArrowDown}");
    expect(selected()?.textContent).toContain("Prodigal Potluck");
    expect(input.getAttribute("aria-activedescendant")).toBe(selected()?.id);
    await userEvent.keyboard("{ArrowDown}");
    expect(selected()?.textContent).toContain("The Prodigal Son");
    await userEvent.keyboard("{ArrowUp}{Enter}");
    expect(location.history?.at(-1)).toBe("/events/e1");
    expect((input as HTMLInputElement).value).toBe("");
  });

  it("says when nothing was found", async () => {
    const { input } = renderBox();
    await userEvent.type(input, "zzz");
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("No results for “zzz”"));
    expect(screen.queryAllByRole("option")).toEqual([]);
  });

  it("closes the list with Escape, and a second Escape empties the box", async () => {
    const { input } = renderBox();
    await userEvent.type(input, "sermons");
    await screen.findByRole("option", { name: /^Sermons/ });
    expect(screen.getAllByRole("group").map((g) => g.getAttribute("aria-label"))).toEqual(["Pages", "Sermons"]);
    await userEvent.keyboard("{Escape}");
    expect(input.getAttribute("aria-expanded")).toBe("false");
    expect((input as HTMLInputElement).value).toBe("sermons");
    await userEvent.keyboard("{Escape}");
    expect((input as HTMLInputElement).value).toBe("");
  });

  it("opens a result on click", async () => {
    const { input, location } = renderBox();
    await userEvent.type(input, "sermons");
    await userEvent.click(await screen.findByRole("option", { name: /^Sermons/ }));
    expect(location.history?.at(-1)).toBe("/sermons");
  });

  it("shows groups under their own heading, each linking to its group's page", async () => {
    const GROUP: TSearchResult = {
      type: "group",
      id: "g1",
      title: "Tuesday Bible Study",
      snippet: "Room 4 · Romans, slowly.",
      url: "/groups/g1",
    };
    const GROUPS_PAGE: TSearchResult = { type: "page", id: "groups", title: "Groups", snippet: "Page", url: "/groups" };
    const { input, location } = renderBox({ "/api/search?q=tuesday": { results: [GROUP, GROUPS_PAGE] } });
    await userEvent.type(input, "tuesday");
    const listbox = await screen.findByRole("listbox", { name: "Search results" });
    const groups = await within(listbox).findByRole("group", { name: "Groups" });
    const [option] = within(groups).getAllByRole("option");
    expect(option.getAttribute("href")).toBe("/groups/g1");
    expect(option.textContent).toContain("Room 4 · Romans, slowly.");
    expect(within(listbox).getByRole("group", { name: "Pages" })).toBeTruthy();
    await userEvent.click(option);
    expect(location.history?.at(-1)).toBe("/groups/g1");
  });
});
