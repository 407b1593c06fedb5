import { getServerMessage, getStatus } from "@/lib/api-client";
import type { TTranslate } from "@/lib/i18n";
import type { authCatalog } from "../i18n";

type TAuthT = TTranslate<(typeof authCatalog)["en"]>;

/** The server's own words (already in the reader's language) when it sent some; ours otherwise. */
export function getLoginErrorMessage(error: unknown, t: TAuthT): string {
  const status = getStatus(error);
  if (status === 401) return t("error.invalidCredentials");
  if (status === 429) return getServerMessage(error) ?? t("error.tooManyAttempts");
  return getServerMessage(error) ?? t("error.generic");
}

export function getRegisterErrorMessage(error: unknown, t: TAuthT): string {
  if (getStatus(error) === 409) return t("error.accountExists");
  return getServerMessage(error) ?? t("error.generic");
}
