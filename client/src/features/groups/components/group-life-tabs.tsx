import { Suspense, useMemo } from "react";
import { Skeleton } from "@/components/ui/skeleton";
import { useT } from "@/lib/i18n";
import { lazyComponent } from "@/lib/lazy";
import { groupLifeCatalog } from "../life-i18n";
import { GroupPage, type TGroupTab } from "../pages/group-page";

// Each tab's code (and the thread's socket) downloads when the tab is first drawn.
const GroupThread = lazyComponent(() => import("./group-thread").then((m) => m.GroupThread));
const GroupPrayers = lazyComponent(() => import("./group-prayers").then((m) => m.GroupPrayers));
const GroupMeetings = lazyComponent(() => import("./group-meetings").then((m) => m.GroupMeetings));

const fallback = <Skeleton className="h-32 w-full" />;

/** Inside a group (issue 27): the Thread, Prayer and Meetings tabs of its page, before Members. */
export function useGroupLifeTabs(): TGroupTab[] {
  const t = useT(groupLifeCatalog);
  return useMemo(
    () => [
      {
        value: "thread",
        label: t("thread.title"),
        render: (group, canLead) => (
          <Suspense fallback={fallback}>
            <GroupThread groupId={group.id} canModerate={canLead} />
          </Suspense>
        ),
      },
      {
        value: "prayers",
        label: t("prayers.title"),
        render: (group, canLead) => (
          <Suspense fallback={fallback}>
            <GroupPrayers groupId={group.id} canLead={canLead} />
          </Suspense>
        ),
      },
      {
        value: "meetings",
        label: t("meetings.title"),
        render: (group, canLead) => (
          <Suspense fallback={fallback}>
            <GroupMeetings groupId={group.id} canLead={canLead} />
          </Suspense>
        ),
      },
    ],
    [t],
  );
}

/** `/groups/:id` (the route draws this): the group's page with its Thread, Prayer and Meetings tabs. */
export function GroupLifePage({ id }: { id: string }) {
  return <GroupPage id={id} extraTabs={useGroupLifeTabs()} />;
}
