import type { TPrayerRequest } from "@common/prayer";
import { PrayerRepliesDialog } from "@/components/prayer-replies-dialog";
import { PRAYER_REQUESTS_KEY } from "../api";

/**
 * A church prayer request's private thread (issue 28): the shared dialog
 * (components/prayer-replies-dialog.tsx, which a group's prayer opens too), reading the wall again
 * when the request closed meanwhile.
 */
export function RepliesDialog(props: { request: TPrayerRequest | null; userId: string; onClose: () => void }) {
  return <PrayerRepliesDialog {...props} staleKey={PRAYER_REQUESTS_KEY} />;
}
