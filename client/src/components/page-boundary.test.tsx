import { render, screen } from "@testing-library/react";
import { type ComponentType, lazy } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PageBoundary } from "./page-boundary";

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe("PageBoundary", () => {
  afterEach(() => vi.restoreAllMocks());

  it("shows the fallback while the page's code downloads, then the page", async () => {
    const load = deferred<{ default: ComponentType }>();
    const Page = lazy(() => load.promise);
    render(
      <PageBoundary fallback={<p>Loading page</p>} resetKey="/events">
        <Page />
      </PageBoundary>,
    );
    expect(screen.getByText("Loading page")).toBeTruthy();
    load.resolve({ default: () => <h1>Events</h1> });
    expect(await screen.findByRole("heading", { name: "Events" })).toBeTruthy();
    expect(screen.queryByText("Loading page")).toBeNull();
  });

  it("offers a reload when the download fails, and forgets the failure on the next address", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const Broken = lazy(() => Promise.reject(new TypeError("Failed to fetch dynamically imported module")));
    const { rerender } = render(
      <PageBoundary fallback={<p>Loading page</p>} resetKey="/events">
        <Broken />
      </PageBoundary>,
    );
    expect((await screen.findByRole("alert")).textContent).toContain("This page could not be loaded.");
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
    rerender(
      <PageBoundary fallback={<p>Loading page</p>} resetKey="/sermons">
        <h1>Sermons</h1>
      </PageBoundary>,
    );
    expect(screen.getByRole("heading", { name: "Sermons" })).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
