import type {
  TAuthProviders,
  TAuthUser,
  TForgotPasswordBody,
  TLoginBody,
  TRegisterBody,
  TResetPasswordBody,
  TVerifyEmailBody,
} from "@common/auth";
import { useMutation, useQuery } from "@tanstack/react-query";
import { apiJson, apiRequest } from "@/lib/api-client";

export const AUTH_PROVIDERS_KEY = ["/api/auth/providers"] as const;

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
