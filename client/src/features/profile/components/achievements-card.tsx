import { BadgeList } from "@/components/badge-list";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { useUserBadges } from "../api";

/** Spec 2 Profile: the badge list with name and description, else No achievements yet. */
export function AchievementsCard() {
  const badges = useUserBadges();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Achievements</CardTitle>
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
