import type { TAuthUser } from "@common/auth";
import { Mail, X } from "lucide-react";
import { useState } from "react";
import { toast } from "@/components/ui/use-toast";
import { getServerMessage, getStatus } from "@/lib/api-client";
import { toastApiError } from "@/lib/auth-redirect";
import { useRefreshAuthUser } from "@/lib/current-user";
import { Rich, useT } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { useResendVerification } from "../api";
import { verifyNoticeCatalog } from "../notice-i18n";

const dismissedKey = (userId: string) => `email_notice_dismissed_${userId}`;

/** Dismissed for this browser tab's session: the notice comes back on a later visit. */
function isDismissed(userId: string): boolean {
  try {
    return window.sessionStorage.getItem(dismissedKey(userId)) === "true";
  } catch {
    return false;
  }
}

function rememberDismissed(userId: string): void {
  try {
    window.sessionStorage.setItem(dismissedKey(userId), "true");
  } catch {
    // Storage unavailable: dismissed until the page reloads.
  }
}

/** A calm reminder, for an account whose address is not confirmed yet, with a way to get a new link. */
export function EmailVerificationNotice({ user, className }: { user: TAuthUser; className?: string }) {
  const t = useT(verifyNoticeCatalog);
  const [dismissed, setDismissed] = useState(() => isDismissed(user.id));
  const resend = useResendVerification();
  const refreshUser = useRefreshAuthUser();
  if (user.emailVerified !== false || dismissed) return null;

  const onResend = async () => {
    try {
      await resend.mutateAsync();
      toast({ title: t("sent.title"), description: t("sent.description", { email: user.email }) });
    } catch (error) {
      // Confirmed meanwhile (in another tab, say): the notice goes away.
      if (getStatus(error) === 409) {
        await refreshUser();
        return;
      }
      toastApiError(error, {
        title: t("failed.title"),
        description: getServerMessage(error) ?? t("failed.description"),
      });
    }
  };

  return (
    <section
      aria-label={t("label")}
      className={cn(
        "flex items-start gap-3 rounded-xl border border-amber-200 bg-amber-50 py-2.5 pe-2 ps-3.5 text-sm text-amber-950",
        className,
      )}
    >
      <Mail className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden="true" />
      <p className="min-w-0 flex-1 py-px">
        <Rich
          catalog={verifyNoticeCatalog}
          k="text"
          values={{ email: user.email }}
          components={{
            0: <span className="font-medium" />,
            1: <span className="font-medium [overflow-wrap:anywhere]" />,
          }}
        />{" "}
        <button
          type="button"
          onClick={onResend}
          disabled={resend.isPending}
          className="font-medium whitespace-nowrap text-amber-900 underline underline-offset-4 hover:text-amber-950 disabled:opacity-60"
        >
          {resend.isPending ? t("sending") : t("resend")}
        </button>
      </p>
      <button
        type="button"
        onClick={() => {
          rememberDismissed(user.id);
          setDismissed(true);
        }}
        aria-label={t("dismiss")}
        className="-my-1 inline-flex size-8 shrink-0 items-center justify-center rounded-md text-amber-800 hover:bg-amber-100"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </section>
  );
}
