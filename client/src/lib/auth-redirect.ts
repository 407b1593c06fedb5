import { commonCatalog } from "@/components/i18n";
import { toast } from "@/components/ui/use-toast";
import { getServerMessage, getStatus, isUnauthorizedError } from "./api-client";
import { goToPage } from "./full-page";
import { translator } from "./i18n";

/** Spec 1 section 9: wait 500 ms after the toast, then sign in again. */
export const LOGIN_REDIRECT_DELAY_MS = 500;

let redirecting = false;

/** Toast 'Unauthorized' and send the browser to /api/login after 500 ms (once, however many calls fail). */
export function handleUnauthorized(): void {
  if (redirecting) return;
  redirecting = true;
  const t = translator(commonCatalog);
  toast({ title: t("session.unauthorized"), description: t("session.loggingIn"), variant: "destructive" });
  setTimeout(() => {
    goToPage("/api/login");
    // A test or a blocked navigation leaves us on the page: allow a later attempt.
    redirecting = false;
  }, LOGIN_REDIRECT_DELAY_MS);
}

/**
 * The usual failure path of a mutation: a 401 signs in again, anything else is a destructive toast.
 * A 429 shows the server's own sentence (which limit, and when to try again), since the caller's
 * usual words ("Failed to send kudos") would have the member retry at once.
 */
export function toastApiError(
  error: unknown,
  { title = translator(commonCatalog)("toast.error"), description }: { title?: string; description: string },
): void {
  if (isUnauthorizedError(error)) {
    handleUnauthorized();
    return;
  }
  const limited = getStatus(error) === 429 ? getServerMessage(error) : null;
  toast({ title, description: limited ?? description, variant: "destructive" });
}
