import type {
  TAuthProviders,
  TAuthUser,
  TForgotPasswordBody,
  TLoginBody,
  TRegisterBody,
  TResetPasswordBody,
  TVerifyEmailBody,
} from "@common/auth";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiJson, apiRequest } from "@/lib/api-client";
import { goToPage } from "@/lib/full-page";
import { getQueryFn } from "@/lib/query-client";

export const AUTH_USER_KEY = ["/api/auth/user"] as const;
export const AUTH_PROVIDERS_KEY = ["/api/auth/providers"] as const;

/** The signed-in user, or null when signed out (a 401 is an answer here, not an error). Never retried. */
export function useAuth() {
  const query = useQuery<TAuthUser | null>({
    queryKey: AUTH_USER_KEY,
    queryFn: getQueryFn<TAuthUser | null>({ on401: "returnNull" }),
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

export function useAuthProviders() {
  return useQuery<TAuthProviders>({ queryKey: AUTH_PROVIDERS_KEY });
}

export function useLogin() {
  return useMutation({ mutationFn: (body: TLoginBody) => apiJson<TAuthUser>("POST", "/api/auth/login", body) });
}

export function useRegister() {
  return useMutation({ mutationFn: (body: TRegisterBody) => apiJson<TAuthUser>("POST", "/api/auth/register", body) });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (body: TForgotPasswordBody) => apiRequest("POST", "/api/auth/forgot-password", body),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: TResetPasswordBody) => apiRequest("POST", "/api/auth/reset-password", body),
  });
}

/** Uses an e-mailed confirmation link; answers the (possibly newly signed-in) user. */
export function useVerifyEmail() {
  return useMutation({
    mutationFn: (body: TVerifyEmailBody) => apiJson<TAuthUser>("POST", "/api/auth/verify-email", body),
  });
}

export function useResendVerification() {
  return useMutation({
    mutationFn: () => apiJson<{ message: string }>("POST", "/api/auth/verify-email/resend"),
  });
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
