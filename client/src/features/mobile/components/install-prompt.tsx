import { Download } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { useOptionalCurrentUser } from "@/lib/current-user";
import { useT } from "@/lib/i18n";
import { mobileCatalog } from "../i18n";
import { acceptInstallOffer, isStandalone, useInstallOffer } from "../install-offer";

/** Spec 2 §9: the prompt appears about 5 s after the browser offers installation. */
export const INSTALL_PROMPT_DELAY_MS = 5000;
/** Spec 2 §9: "Not now" is remembered for the session. */
export const INSTALL_DISMISSED_KEY = "install_prompt_dismissed";

function isDismissed(): boolean {
  try {
    return window.sessionStorage.getItem(INSTALL_DISMISSED_KEY) === "true";
  } catch {
    return false;
  }
}

function rememberDismissal() {
  try {
    window.sessionStorage.setItem(INSTALL_DISMISSED_KEY, "true");
  } catch {
    // Storage unavailable: the prompt may come back on the next page load.
  }
}

/**
 * Spec 2 Mobile app settings: the floating install prompt, with Install and Not now. Hidden when the
 * app already runs installed, after Not now (for the session) and once the offer is used.
 */
export function InstallPrompt() {
  const t = useT(mobileCatalog);
  const { offer } = useInstallOffer();
  const [isDue, setIsDue] = useState(false);
  const [isClosed, setIsClosed] = useState(isDismissed);
  const churchName = useOptionalCurrentUser()?.church.name || "Fellowship";
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    setIsDue(false);
    if (!offer) return;
    const wait = Math.max(0, offer.offeredAt + INSTALL_PROMPT_DELAY_MS - Date.now());
    const timer = setTimeout(() => setIsDue(true), wait);
    return () => clearTimeout(timer);
  }, [offer]);

  if (!offer || !isDue || isClosed || isStandalone()) return null;

  const notNow = () => {
    rememberDismissal();
    setIsClosed(true);
  };
  const install = async () => {
    setIsClosed(true);
    const isAccepted = await acceptInstallOffer();
    if (!isAccepted) rememberDismissal();
  };

  return (
    <section
      aria-labelledby={titleId}
      aria-describedby={textId}
      className="fixed inset-x-3 bottom-[max(0.75rem,env(safe-area-inset-bottom))] z-40 rounded-2xl border border-border bg-card p-4 shadow-xl sm:inset-x-auto sm:end-6 sm:bottom-6 sm:w-96"
    >
      <div className="flex gap-3">
        <img src="/icons/icon-192.png" alt="" className="size-11 shrink-0 rounded-xl" />
        <div className="grid min-w-0 flex-1 gap-0.5">
          <h2 id={titleId} className="text-sm font-semibold text-foreground">
            {t("prompt.title", { churchName })}
          </h2>
          <p id={textId} className="text-sm text-muted-foreground">
            {t("prompt.text")}
          </p>
        </div>
      </div>
      <div className="mt-3 flex justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={notNow}>
          {t("prompt.notNow")}
        </Button>
        <Button size="sm" onClick={install}>
          <Download aria-hidden="true" />
          {t("install.action")}
        </Button>
      </div>
    </section>
  );
}
