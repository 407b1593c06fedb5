import { BadgeList } from "@/components/badge-list";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { useT } from "@/lib/i18n";
import { useUserBadges } from "../api";
import { profileCatalog } from "../i18n";

/** Spec 2 Profile: the badge list with name and description, else No achievements yet. */
export function AchievementsCard() {
  const t = useT(profileCatalog);
  const badges = useUserBadges();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("achievements.title")}</CardTitle>
      </CardHeader>
      <CardContent>
        <BadgeList
          badges={badges.data}
          isLoading={badges.isLoading}
          isError={badges.isError}
          onRetry={() => badges.refetch()}
          className="sm:grid-cols-2"
        />
      </CardContent>
    </Card>
  );
}
