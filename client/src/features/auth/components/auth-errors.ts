import { getServerMessage, getStatus } from "@/lib/api-client";

const GENERIC = "Something went wrong. Please try again.";

export function getLoginErrorMessage(error: unknown): string {
  const status = getStatus(error);
  if (status === 401) return "Invalid email or password";
  if (status === 429) return getServerMessage(error) ?? "Too many attempts. Please try again later.";
  return getServerMessage(error) ?? GENERIC;
}

export function getRegisterErrorMessage(error: unknown): string {
  if (getStatus(error) === 409) return "An account with this email already exists";
  return getServerMessage(error) ?? GENERIC;
}
