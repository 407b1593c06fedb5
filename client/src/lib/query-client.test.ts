import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getToasts } from "@/components/ui/use-toast";
import { goToPage } from "./full-page";
import { createQueryClient, getQueryFn } from "./query-client";

vi.mock("./full-page", () => ({ goToPage: vi.fn() }));

const ctx = (queryKey: unknown[]) =>
  ({ queryKey, signal: new AbortController().signal, meta: undefined, client: new QueryClient() }) as never;

describe("getQueryFn", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("GETs the query key parts joined with '/' with credentials and parses JSON", async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ email: "a@b.c" })));
    vi.stubGlobal("fetch", fetchMock);
    const data = await getQueryFn({ on401: "throw" })(ctx(["/api/invite", "tok123"]));
    expect(data).toEqual({ email: "a@b.c" });
    expect(fetchMock).toHaveBeenCalledWith("/api/invite/tok123", expect.objectContaining({ credentials: "include" }));
  });

  it("sends extra headers beside the language and reads a 204 as null (the session probe)", async () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal("fetch", fetchMock);
    const probe = getQueryFn({ on401: "returnNull", headers: { "x-session-probe": "1" } });
    await expect(probe(ctx(["/api/auth/user"]))).resolves.toBeNull();
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.headers).toEqual(expect.objectContaining({ "x-session-probe": "1", "Accept-Language": "en" }));
  });

  it("returns null on 401 with on401 'returnNull' and throws with 'throw'", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("Unauthorized", { status: 401, statusText: "Unauthorized" })),
    );
    await expect(getQueryFn({ on401: "returnNull" })(ctx(["/api/auth/user"]))).resolves.toBeNull();
    await expect(getQueryFn({ on401: "throw" })(ctx(["/api/auth/user"]))).rejects.toThrow("401: Unauthorized");
  });
});

describe("createQueryClient", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("never retries, never refetches on focus and keeps data fresh forever", () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries?.retry).toBe(false);
    expect(defaults.queries?.refetchOnWindowFocus).toBe(false);
    expect(defaults.queries?.refetchInterval).toBe(false);
    expect(defaults.queries?.staleTime).toBe(Number.POSITIVE_INFINITY);
    expect(defaults.mutations?.retry).toBe(false);
  });

  it("a query answering 401 shows 'Unauthorized' and sends the browser to /api/login after 500 ms", async () => {
    vi.useFakeTimers();
    const seen: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response('{"message":"Sign in first"}', { status: 401 })),
    );
    const client = createQueryClient();
    await client.fetchQuery({ queryKey: ["/api/admin/stats"] }).catch((e: Error) => seen.push(e.message));
    expect(seen).toEqual(['401: {"message":"Sign in first"}']);
    expect(getToasts()[0]).toMatchObject({
      title: "Unauthorized",
      description: "You are logged out. Logging in again...",
    });
    expect(goToPage).not.toHaveBeenCalled();
    vi.advanceTimersByTime(499);
    expect(goToPage).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(goToPage).toHaveBeenCalledWith("/api/login");
  });
});
