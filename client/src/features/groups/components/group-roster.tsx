import type { TGroupMember } from "@common/groups";
import { Cake, Mail, MapPin, Phone, UserPlus } from "lucide-react";
import { type ReactNode, Suspense, useState } from "react";
import { LoadError } from "@/components/load-error";
import { SkeletonList } from "@/components/skeleton-list";
import { Avatar } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useFormat, useT } from "@/lib/i18n";
import { lazyComponent } from "@/lib/lazy";
import { useGroupMembers } from "../api";
import { groupsCatalog } from "../i18n";
import { birthdayText, personName } from "../labels";

// Only who leads the group downloads the dialog.
const AddMemberDialog = lazyComponent(() => import("./add-member-dialog").then((m) => m.AddMemberDialog));

/** "Add member" and its dialog, for the group's leaders and admins. */
function AddMember({ groupId, groupName, inGroup }: { groupId: string; groupName: string; inGroup: Set<string> }) {
  const t = useT(groupsCatalog);
  const [isOpen, setOpen] = useState(false);
  const [isUsed, setUsed] = useState(false);
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        className="justify-self-start"
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <UserPlus aria-hidden="true" />
        {t("addMember.open")}
      </Button>
      {isUsed && (
        <Suspense fallback={null}>
          <AddMemberDialog
            groupId={groupId}
            groupName={groupName}
            open={isOpen}
            onOpenChange={setOpen}
            inGroup={inGroup}
          />
        </Suspense>
      )}
    </>
  );
}

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
export function GroupRoster({
  groupId,
  groupName,
  canLead = false,
}: {
  groupId: string;
  groupName: string;
  /** Its leaders and admins may add someone ("Add member"). */
  canLead?: boolean;
}) {
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
  const add = canLead && <AddMember groupId={groupId} groupName={groupName} inGroup={new Set(list.map((m) => m.id))} />;
  if (list.length === 0)
    return (
      <div className="grid gap-2">
        {add}
        <p className="py-4 text-sm text-muted-foreground">{t("roster.empty")}</p>
      </div>
    );
  return (
    <div className="grid gap-2">
      {add}
      <p className="text-xs text-muted-foreground">{t("roster.privacy")}</p>
      <ul className="divide-y divide-border" aria-label={t("roster.list", { name: groupName })}>
        {list.map((m) => (
          <MemberRow key={m.id} member={m} />
        ))}
      </ul>
    </div>
  );
}
