import type { TGroupMember } from "@common/groups";
import { Cake, Mail, MapPin, Phone } from "lucide-react";
import type { ReactNode } from "react";
import { LoadError } from "@/components/load-error";
import { SkeletonList } from "@/components/skeleton-list";
import { Avatar } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Skeleton } from "@/components/ui/skeleton";
import { useFormat, useT } from "@/lib/i18n";
import { useGroupMembers } from "../api";
import { groupsCatalog } from "../i18n";
import { birthdayText, personName } from "../labels";

/** One contact detail: its icon, a hidden name for screen readers, then the value. */
function Detail({ icon: Icon, label, children }: { icon: typeof Mail; label: string; children: ReactNode }) {
  return (
    <li className="flex min-w-0 items-start gap-2">
      <Icon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <span className="sr-only">{label}: </span>
      <span className="min-w-0 break-words">{children}</span>
    </li>
  );
}

function MemberRow({ member }: { member: TGroupMember }) {
  const t = useT(groupsCatalog);
  const format = useFormat();
  const name = personName(member, t("person.member"));
  const link = "text-brand-text underline-offset-4 hover:underline";
  return (
    <li className="flex gap-3 py-3">
      <Avatar name={name} src={member.profileImageUrl} />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-medium text-foreground">{name}</p>
          {member.role === "leader" && <Badge tone="soft">{t("roster.leader")}</Badge>}
        </div>
        <ul className="mt-1 grid gap-1 text-sm text-foreground">
          {member.phone && (
            <Detail icon={Phone} label={t("roster.phone")}>
              <a className={link} href={`tel:${member.phone.replace(/[^\d+]/g, "")}`} dir="ltr">
                {member.phone}
              </a>
            </Detail>
          )}
          {member.email && (
            <Detail icon={Mail} label={t("roster.email")}>
              <a className={`${link} break-all`} href={`mailto:${member.email}`}>
                {member.email}
              </a>
            </Detail>
          )}
          {member.birthday && (
            <Detail icon={Cake} label={t("roster.birthday")}>
              {birthdayText(format.date, member.birthday)}
            </Detail>
          )}
          {member.address && (
            <Detail icon={MapPin} label={t("roster.address")}>
              <span className="whitespace-pre-line">{member.address}</span>
            </Detail>
          )}
        </ul>
        {member.bio && <p className="mt-1 text-sm whitespace-pre-line text-muted-foreground">{member.bio}</p>}
      </div>
    </li>
  );
}

/**
 * A group's roster (`GET /api/groups/{id}/members`): leaders first, then members by name, each with
 * only the details the server let through (it decides; this only draws what came).
 */
export function GroupRoster({ groupId, groupName }: { groupId: string; groupName: string }) {
  const t = useT(groupsCatalog);
  const members = useGroupMembers(groupId, true);
  if (members.isLoading)
    return (
      <SkeletonList label={t("roster.loading")} count={4} rowClassName="flex items-center gap-3 py-3">
        <Skeleton className="size-10 rounded-full" />
        <Skeleton className="h-4 w-40" />
      </SkeletonList>
    );
  if (members.isError) return <LoadError what={t("roster.loadError")} onRetry={() => members.refetch()} />;
  const list = [...(members.data ?? [])].sort(
    (a, b) =>
      Number(b.role === "leader") - Number(a.role === "leader") || personName(a, "").localeCompare(personName(b, "")),
  );
  if (list.length === 0) return <p className="py-4 text-sm text-muted-foreground">{t("roster.empty")}</p>;
  return (
    <>
      <p className="text-xs text-muted-foreground">{t("roster.privacy")}</p>
      <ul className="divide-y divide-border" aria-label={t("roster.list", { name: groupName })}>
        {list.map((m) => (
          <MemberRow key={m.id} member={m} />
        ))}
      </ul>
    </>
  );
}
