import { NOTIFICATION_BADGE_CAP } from "@common/notification-helpers";

/** Spec 2 §9: the bell's count, "9+" above 9. */
export function formatUnreadCount(count: number): string {
  return count > NOTIFICATION_BADGE_CAP ? `${NOTIFICATION_BADGE_CAP}+` : String(count);
}

/** A notification's link, when it is a path of this app (never another site). */
export function getAppPath(link: string | null): string | null {
  return link?.startsWith("/") && !link.startsWith("//") && !link.startsWith("/\\") ? link : null;
}
