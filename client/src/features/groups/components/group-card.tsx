import type { TGroup } from "@common/groups";
import { isAdminRole } from "@common/roles";
import { Link } from "wouter";
import { useCurrentUser } from "@/lib/current-user";
import { useT } from "@/lib/i18n";
import { groupsCatalog } from "../i18n";
import { personName } from "../labels";
import { GroupBadges, GroupFacts, useNameList } from "./group-facts";
import { JoinButton } from "./join-button";

/** One group on /groups: its name (the link to its page), kind, meeting, place, places, leaders, Join. */
export function GroupCard({ group }: { group: TGroup }) {
  const t = useT(groupsCatalog);
  const titleId = `group-${group.id}-title`;
  const nameList = useNameList();
  const isAdmin = isAdminRole(useCurrentUser().role);
  const leaders = group.leaders.map((l) => personName(l, t("person.member")));
  return (
    <li className="list-none">
      <article
        aria-labelledby={titleId}
        className="relative flex h-full flex-col gap-3 rounded-2xl border border-border bg-card p-4 shadow-xs transition-colors focus-within:border-brand-border hover:border-brand-border sm:p-5"
      >
        <GroupBadges group={group} />
        <h2 id={titleId} className="text-lg font-semibold leading-snug text-foreground">
          <Link href={`/groups/${encodeURIComponent(group.id)}`} className="hover:underline focus-visible:underline">
            {group.name}
          </Link>
        </h2>
        {group.description && <p className="line-clamp-2 text-sm text-muted-foreground">{group.description}</p>}
        <GroupFacts group={group} />
        {leaders.length > 0 ? (
          <p className="text-sm text-muted-foreground">{t("card.leaders", { names: nameList(leaders) })}</p>
        ) : (
          // Its last leader left or stopped leading: the admins see it wants one.
          isAdmin && <p className="text-sm font-medium text-amber-800">{t("card.noLeader")}</p>
        )}
        <div className="mt-auto pt-1">
          <JoinButton group={group} className="w-full sm:w-auto" />
        </div>
      </article>
    </li>
  );
}
