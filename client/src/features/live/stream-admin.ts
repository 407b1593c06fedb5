import { STREAM_LINK_PATH } from "@common/live-helpers";
import { toast } from "@/components/ui/use-toast";
import { getServerMessage, getStatus } from "@/lib/api-client";
import { toastApiError } from "@/lib/auth-redirect";
import { translator } from "@/lib/i18n";
import { liveCatalog } from "./i18n";

const t = translator(liveCatalog);

export const getStreamLink = () => `${window.location.origin}${STREAM_LINK_PATH}`;

/**
 * The shared contract's own check of a stream address (ZStreamUrl), downloaded when the form is sent
 * rather than with the page. Null when the address is fine, or when the check could not be
 * downloaded (the server checks again and answers in the same words).
 */
export async function findStreamUrlError(url: string): Promise<string | null> {
  if (!url.trim()) return null;
  try {
    const { ZStreamUrl } = await import("@common/live");
    const result = ZStreamUrl.safeParse(url);
    return result.success ? null : (result.error.issues[0]?.message ?? t("url.invalid"));
  } catch {
    return null;
  }
}

/** Spec 2 §8 "Stream Error", with the server's words when it refused for a reason (4xx). */
export function toastStreamError(error: unknown): void {
  const status = getStatus(error) ?? 0;
  const detail = status >= 400 && status < 500 ? getServerMessage(error) : null;
  toastApiError(error, {
    title: t("toast.error.title"),
    description: detail ?? t("toast.error.description"),
  });
}

/** Spec 2 "Title Required", before anything is sent. */
export function toastTitleRequired(): void {
  toast({
    title: t("toast.titleRequired.title"),
    description: t("toast.titleRequired.description"),
    variant: "destructive",
  });
}

export async function copyStreamLink(): Promise<void> {
  try {
    await navigator.clipboard.writeText(getStreamLink());
    toast({ title: t("toast.copied.title"), description: t("toast.copied.description") });
  } catch {
    toast({
      title: t("toast.copyFailed.title"),
      description: t("toast.copyFailed.description"),
      variant: "destructive",
    });
  }
}

/** The phone's share sheet where the browser has one; otherwise the link is copied. */
export async function shareStream(title: string): Promise<void> {
  if (typeof navigator.share === "function") {
    try {
      await navigator.share({ title, text: t("share.text", { title }), url: getStreamLink() });
      return;
    } catch (error) {
      // Closing the share sheet is a choice, not a failure.
      if (error instanceof DOMException && error.name === "AbortError") return;
    }
  }
  await copyStreamLink();
}
