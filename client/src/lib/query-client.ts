import { MutationCache, QueryCache, QueryClient, type QueryFunction } from "@tanstack/react-query";
import { trackError } from "./analytics";
import { isUnauthorizedError, languageHeader, throwIfResNotOk } from "./api-client";
import { handleUnauthorized } from "./auth-redirect";

export type TUnauthorizedBehavior = "returnNull" | "throw";

/** Default data fetching (spec 1 section 7): GET the query key parts joined with "/", parse JSON. */
export function getQueryFn<T>({
  on401,
  headers,
}: {
  on401: TUnauthorizedBehavior;
  /** Sent besides the language; a 204 (no content) is then answered null. */
  headers?: Record<string, string>;
}): QueryFunction<T> {
  return async ({ queryKey, signal }) => {
    const path = queryKey.filter((part) => part !== undefined && part !== null).join("/");
    try {
      const res = await fetch(path, { credentials: "include", signal, headers: { ...languageHeader(), ...headers } });
      if (on401 === "returnNull" && res.status === 401) return null as T;
      if (headers && res.status === 204) return null as T;
      await throwIfResNotOk(res);
      return (await res.json()) as T;
    } catch (error) {
      if (!(error instanceof DOMException && error.name === "AbortError")) trackError(error, `API GET ${path}`);
      throw error;
    }
  };
}

/**
 * Spec 1 section 9: no retries, no refetch on focus or interval, data never stale. A data query that
 * answers 401 means the session ended: sign in again. (Mutations decide per call, since a 401 from the
 * sign-in form means wrong credentials, not an ended session.)
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        // A public page (sermon detail signed out) handles its own 401 instead of leaving.
        if (query.meta?.publicPage) return;
        if (isUnauthorizedError(error)) handleUnauthorized();
      },
    }),
    mutationCache: new MutationCache(),
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: "throw" }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Number.POSITIVE_INFINITY,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
