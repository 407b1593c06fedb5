import type { TAuthUser } from "@common/auth";
import { SESSION_PROBE_HEADER } from "@common/auth-helpers";
import { type QueryFunction, useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useContext } from "react";
import { apiRequest, throwIfResNotOk } from "./api-client";
import { goToPage } from "./full-page";
import { getQueryFn } from "./query-client";
import { AUTH_USER_KEY } from "./query-keys";

const askServer = getQueryFn<TAuthUser | null>({ on401: "returnNull", headers: { [SESSION_PROBE_HEADER]: "1" } });

/**
 * The answer client/public/session-probe.js asked for while the app's code was still loading (a
 * browser that was signed in last time): taken once, by the first question; later ones ask anew.
 */
function takeEarlySessionAnswer(): Promise<Response> | undefined {
  const holder = window as unknown as { __fellowshipSession?: Promise<Response> | null };
  const early = holder.__fellowshipSession;
  // null: asked. Should the (async) script run only now, it asks nothing: a later question never
  // takes an answer from before a change (a new photo, say).
  holder.__fellowshipSession = null;
  return early ?? undefined;
}

const askUser: QueryFunction<TAuthUser | null> = async (context) => {
  const res = await takeEarlySessionAnswer()?.catch(() => null);
  // No early answer, or it never arrived (offline at that moment): ask the usual way.
  if (!res) return askServer(context);
  if (res.status === 401 || res.status === 204) return null;
  await throwIfResNotOk(res);
  return (await res.json()) as TAuthUser;
};

/**
 * The signed-in user, or null when signed out: the server answers the probe 204 rather than 401, so
 * a signed-out visit logs no failed request (a 401 is still read as signed out). Never retried.
 */
export function useAuth() {
  const query = useQuery<TAuthUser | null>({
    queryKey: AUTH_USER_KEY,
    queryFn: askUser,
    retry: false,
  });
  const user = query.data ?? null;
  return {
    user,
    isLoading: query.isLoading,
    isError: query.isError,
    isAuthenticated: !!user,
    refetch: query.refetch,
  };
}

/** Refetch the current user and wait, so the next screen renders with fresh data. */
export function useRefreshAuthUser() {
  const queryClient = useQueryClient();
  return () => queryClient.refetchQueries({ queryKey: AUTH_USER_KEY });
}

/**
 * Signs out with `POST /api/logout` (GET only signs out for a top-level navigation), forgets every
 * cached answer, then loads `to` afresh, so nothing of the previous user stays in memory. If the
 * request fails, a navigation to GET /api/logout (a same-site document request) signs out instead.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  return async (to = "/") => {
    try {
      await apiRequest("POST", "/api/logout");
    } catch {
      goToPage("/api/logout");
      return;
    }
    queryClient.clear();
    goToPage(to);
  };
}

/** A signed-in user who belongs to a church: what every screen inside the shell can rely on. */
export type TChurchUser = TAuthUser & { churchId: string; church: NonNullable<TAuthUser["church"]> };

const CurrentUserContext = createContext<TChurchUser | null>(null);

export function CurrentUserProvider({ user, children }: { user: TChurchUser; children: ReactNode }) {
  return <CurrentUserContext.Provider value={user}>{children}</CurrentUserContext.Provider>;
}

export function useCurrentUser(): TChurchUser {
  const user = useContext(CurrentUserContext);
  if (!user) throw new Error("useCurrentUser must be used inside the signed-in shell");
  return user;
}

/** The signed-in church user, or null on a public page (sermon detail signed out). */
export function useOptionalCurrentUser(): TChurchUser | null {
  return useContext(CurrentUserContext);
}

export function isChurchUser(user: TAuthUser | null): user is TChurchUser {
  return !!user && !!user.churchId && !!user.church;
}
