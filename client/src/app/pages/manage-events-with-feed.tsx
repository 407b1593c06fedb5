import { ManageEventsPage } from "@/features/events/pages/manage-events-page";
import { ShareFeedsCard } from "@/features/feeds/components/share-feeds-card";

/** `/admin/events`: the church's events with its calendar feed below them. */
export function ManageEventsWithFeedPage() {
  return <ManageEventsPage feedCard={<ShareFeedsCard kind="calendar" />} />;
}
