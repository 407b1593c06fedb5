import { ShareFeedsCard } from "@/features/feeds/components/share-feeds-card";
import { ManageSermonsPage } from "@/features/sermons/pages/manage-sermons-page";

/** `/admin/sermons`: the sermon library with the church's podcast feed below it. */
export function ManageSermonsWithFeedPage() {
  return <ManageSermonsPage feedCard={<ShareFeedsCard kind="podcast" />} />;
}
