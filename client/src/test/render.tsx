import type { TAuthUser } from "@common/auth";
import type { QueryClient } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { AppProviders } from "@/app/providers";
import { CurrentUserProvider, type TChurchUser } from "@/lib/current-user";
import { createQueryClient } from "@/lib/query-client";

export function makeUser(overrides: Partial<TAuthUser> = {}): TChurchUser {
  return {
    id: "u1",
    email: "ann@example.org",
    firstName: "Ann",
    lastName: "Lee",
    bio: null,
    role: "ADMIN",
    churchId: "c1",
    points: 120,
    profileImageUrl: null,
    lastLogin: null,
    createdAt: "2025-01-05T10:00:00.000Z",
    toursDone: [],
    church: { name: "Grace Church", logoUrl: null, brandColor: "#6366F1", timeZone: "UTC" },
    ...overrides,
  } as TChurchUser;
}

type TRoutes = Record<string, unknown | ((init?: RequestInit) => Response | Promise<Response>)>;

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });
}

/**
 * Stubs `fetch`: keys are "METHOD /path" (or "/path" for GET); values are a JSON body or a function
 * returning a Response. Unknown requests answer 404. Returns the mock for call assertions.
 */
export function mockFetch(routes: TRoutes) {
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.pathname + input.search : input.url;
    const method = (init?.method ?? "GET").toUpperCase();
    const handler = routes[`${method} ${url}`] ?? (method === "GET" ? routes[url] : undefined);
    if (handler === undefined) return jsonResponse({ message: "Not found" }, 404);
    return typeof handler === "function" ? (handler as (i?: RequestInit) => Response)(init) : jsonResponse(handler);
  });
  vi.stubGlobal("fetch", fn);
  return fn;
}

/** Renders inside the app's providers and an in-memory router at `path`. */
export function renderWithApp(
  ui: ReactElement,
  { path = "/", user, client }: { path?: string; user?: TChurchUser; client?: QueryClient } = {},
) {
  const location = memoryLocation({ path, record: true });
  const queryClient = client ?? createQueryClient();
  const content = user ? <CurrentUserProvider user={user}>{ui}</CurrentUserProvider> : ui;
  const utils = render(
    <AppProviders client={queryClient}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        {content}
      </Router>
    </AppProviders>,
  );
  return { ...utils, location, queryClient };
}
