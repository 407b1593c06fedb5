import type { TAnnouncementStatus } from "@common/announcement-helpers";
import { Badge, type TBadgeTone } from "@/components/ui/badge";
import { useT } from "@/lib/i18n";
import { announcementsCatalog } from "../i18n";

const TONES: Record<TAnnouncementStatus, TBadgeTone> = {
  draft: "grey",
  scheduled: "blue",
  sending: "amber",
  sent: "green",
};

/** Draft, Scheduled, Sending or Sent. */
export function StatusBadge({ status }: { status: TAnnouncementStatus }) {
  const t = useT(announcementsCatalog);
  return <Badge tone={TONES[status]}>{t(`status.${status}`)}</Badge>;
}

/** Urgent, in red, with words (never the colour alone). */
export function UrgentBadge() {
  const t = useT(announcementsCatalog);
  return <Badge tone="red">{t("item.urgent")}</Badge>;
}
