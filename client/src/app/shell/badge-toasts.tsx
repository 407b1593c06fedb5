import type { TUserBadge } from "@common/user";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { getToasts, toast } from "@/components/ui/use-toast";
import { useT } from "@/lib/i18n";
import { USER_BADGES_KEY } from "@/lib/query-keys";
import { shellCatalog } from "../i18n";

const storageKey = (userId: string) => `fellowship:badges-seen:${userId}`;

function readSeen(userId: string): Set<string> | null {
  try {
    const raw = localStorage.getItem(storageKey(userId));
    return raw ? new Set(JSON.parse(raw) as string[]) : null;
  } catch {
    return null;
  }
}

/** How long a badge waits, at most, for the toast on screen to close. */
const WAIT_TRIES = 15;
const WAIT_STEP_MS = 1_000;

/**
 * One toast shows at a time (TOAST_LIMIT), so a badge waits for the toast on screen (the
 * "Kudos Sent!" of the action that earned it, say) to close rather than replace it.
 */
function toastWhenFree(show: () => void, triesLeft = WAIT_TRIES): void {
  if (triesLeft > 0 && getToasts().some((t) => t.open)) {
    setTimeout(() => toastWhenFree(show, triesLeft - 1), WAIT_STEP_MS);
    return;
  }
  show();
}

/**
 * Earning a badge shows a toast the next time the member's badges refresh (they do after anything
 * that may earn one). Badges already seen on this device are remembered; the first visit on a device
 * remembers what is there without a toast for each.
 */
export function BadgeToasts({ userId }: { userId: string }) {
  const t = useT(shellCatalog);
  const badges = useQuery<TUserBadge[]>({ queryKey: USER_BADGES_KEY });
  useEffect(() => {
    if (!badges.data) return;
    const seen = readSeen(userId);
    const names = badges.data.map((b) => b.name);
    if (seen) {
      for (const badge of badges.data.filter((b) => !seen.has(b.name)).reverse()) {
        toastWhenFree(() =>
          toast({
            title: t("badge.earned"),
            description: t("badge.earnedDescription", { name: badge.name, description: badge.description }),
          }),
        );
      }
    }
    try {
      localStorage.setItem(storageKey(userId), JSON.stringify(names));
    } catch {
      // Private browsing without storage: no toasts, nothing lost.
    }
  }, [badges.data, userId, t]);
  return null;
}
