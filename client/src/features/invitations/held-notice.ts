import { CONFIRM_TO_SEND_INVITATIONS, UNCONFIRMED_ADMIN_INVITATION_EMAILS } from "@common/invitation-helpers";
import type en from "@common/locales/en/invitations.json";
import type { TTranslate } from "@/lib/i18n";

/**
 * Why invitations wait while the admin's address is not confirmed, in the language on screen. The
 * server says it in English in a `notice` (a success's body) and in the caller's language in an
 * error's `message`: both are recognised, and a notice is put into the language on screen.
 */
export function heldNotice(t: TTranslate<typeof en>) {
  // A string, not a number: the words must read exactly as the server's, digits included.
  const text = t("held.notice", { count: String(UNCONFIRMED_ADMIN_INVITATION_EMAILS) });
  return {
    text,
    isHeld: (message: string | null | undefined) =>
      !!message && (message.startsWith(CONFIRM_TO_SEND_INVITATIONS) || message.startsWith(text)),
    /** A notice in words: ours for the held invitations, the server's own for its sending limits. */
    describe: (notice: string) => {
      if (!notice.startsWith(CONFIRM_TO_SEND_INVITATIONS)) return notice;
      return notice.length > CONFIRM_TO_SEND_INVITATIONS.length ? `${text} ${t("held.rest")}` : text;
    },
  };
}
