// own module graph: it reads the state a module keeps, which other files' code changes.
import { readFileSync } from "node:fs";
import path from "node:path";
import { SESSION_PROBE_HEADER } from "@common/auth-helpers";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, makeUser, mockFetch } from "@/test/render";
import { useAuth, useRefreshAuthUser } from "./current-user";
import { createQueryClient } from "./query-client";

const holder = window as unknown as { __fellowshipSession?: Promise<Response> | null };
const PROBE_SCRIPT = path.resolve(import.meta.dirname, "../../public/session-probe.js");

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>;
}

/** Runs client/public/session-probe.js as index.html does (a classic script). */
function runProbeScript() {
  new Function(readFileSync(PROBE_SCRIPT, "utf8"))();
}

afterEach(() => {
  holder.__fellowshipSession = undefined;
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

describe("the session asked early (client/public/session-probe.js)", () => {
  it("a browser signed in last time asks at once, with the probe header; the app takes that answer and asks only to refresh", async () => {
    const ann = makeUser({ firstName: "Ann" });
    const fetchMock = mockFetch({ "/api/auth/user": () => jsonResponse(ann) });
    window.localStorage.setItem("signed_in", "true");
    runProbeScript();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe("/api/auth/user");
    expect(new Headers(init?.headers).get(SESSION_PROBE_HEADER)).toBe("1");
    expect(init?.credentials).toBe("include");

    const { result } = renderHook(() => ({ auth: useAuth(), refresh: useRefreshAuthUser() }), { wrapper });
    await waitFor(() => expect(result.current.auth.user?.firstName).toBe("Ann"));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(holder.__fellowshipSession).toBeNull();
    // A later question (after a profile change, say) is a request of its own.
    await act(() => result.current.refresh());
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("when the app's code asked first, the script (async) asks nothing, and a refresh after a change never takes an answer from before it", async () => {
    let profileImageUrl: string | null = null;
    const fetchMock = mockFetch({
      "/api/auth/user": () => jsonResponse(makeUser({ firstName: "Ann", profileImageUrl })),
    });
    window.localStorage.setItem("signed_in", "true");
    const { result } = renderHook(() => ({ auth: useAuth(), refresh: useRefreshAuthUser() }), { wrapper });
    await waitFor(() => expect(result.current.auth.user?.firstName).toBe("Ann"));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    runProbeScript();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    profileImageUrl = "/api/users/u1/avatar?v=2";
    await act(() => result.current.refresh());
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(result.current.auth.user?.profileImageUrl).toBe(profileImageUrl));
  });

  it("a new browser does not ask early; the app asks itself", async () => {
    const fetchMock = mockFetch({ "/api/auth/user": () => new Response(null, { status: 204 }) });
    runProbeScript();
    expect(fetchMock).not.toHaveBeenCalled();
    const { result } = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current.user).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("an early answer of 204 (signed out since) is signed out; one that failed is asked again", async () => {
    holder.__fellowshipSession = Promise.resolve(new Response(null, { status: 204 }));
    const signedOut = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(signedOut.result.current.isLoading).toBe(false));
    expect(signedOut.result.current.user).toBeNull();

    const ann = makeUser({ firstName: "Ann" });
    const fetchMock = mockFetch({ "/api/auth/user": () => jsonResponse(ann) });
    holder.__fellowshipSession = Promise.reject(new TypeError("Failed to fetch"));
    const retried = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(retried.result.current.user?.firstName).toBe("Ann"));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
