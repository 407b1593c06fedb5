import { getMemberDisplayName } from "@common/member-helpers";
import type { TMember } from "@common/members";
import { SearchX, Users } from "lucide-react";
import type { ReactNode } from "react";
import { EmptyState } from "@/components/empty-state";
import { ResponsiveTable } from "@/components/responsive-table";
import { SkeletonList } from "@/components/skeleton-list";
import { Avatar } from "@/components/ui/avatar";
import { Skeleton } from "@/components/ui/skeleton";
import { TableCell } from "@/components/ui/table";
import { useT } from "@/lib/i18n";
import { formatDate } from "@/lib/utils";
import { membersCatalog } from "../i18n";
import { RoleBadge } from "./role-badge";

export const MEMBER_SKELETON_ROWS = 5;

function Identity({ member, isSelf }: { member: TMember; isSelf: boolean }) {
  const t = useT(membersCatalog);
  const name = getMemberDisplayName(member);
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Avatar name={name} src={member.profileImageUrl} />
      <div className="min-w-0">
        <p className="font-medium break-words text-foreground">
          {name}
          {isSelf && <span className="ms-1.5 text-xs font-normal text-muted-foreground">{t("list.you")}</span>}
        </p>
        {/* An address reads left to right in every language: cut at its end, not its start. */}
        <p dir="ltr" className="truncate text-sm text-muted-foreground rtl:text-end" title={member.email}>
          {member.email}
        </p>
      </div>
    </div>
  );
}

export function MemberList({
  members,
  isLoading,
  hasAnyMembers,
  currentUserId,
  renderActions,
}: {
  members: TMember[];
  isLoading: boolean;
  hasAnyMembers: boolean;
  currentUserId: string;
  renderActions: (member: TMember) => ReactNode;
}) {
  const t = useT(membersCatalog);
  if (isLoading) {
    return (
      <SkeletonList
        label={t("list.loading")}
        count={MEMBER_SKELETON_ROWS}
        testId="member-skeleton"
        rowClassName="flex items-center gap-3 px-4 py-3"
      >
        <Skeleton className="size-10 rounded-full" />
        <div className="grid flex-1 gap-1.5">
          <Skeleton className="h-4 w-40 max-w-full" />
          <Skeleton className="h-3 w-56 max-w-full" />
        </div>
        <Skeleton className="hidden h-5 w-20 rounded-full sm:block" />
      </SkeletonList>
    );
  }
  if (members.length === 0) {
    return hasAnyMembers ? (
      <EmptyState icon={SearchX} title={t("list.noneFound.title")} description={t("list.noneFound.description")} />
    ) : (
      <EmptyState icon={Users} title={t("list.empty.title")} description={t("list.empty.description")} />
    );
  }
  return (
    <ResponsiveTable
      items={members}
      headings={[t("list.heading.member"), t("list.heading.role"), t("list.heading.joinDate")]}
      cardClassName="flex items-start gap-2 px-4 py-3"
      renderActions={renderActions}
      renderCard={(m) => (
        <>
          <div className="grid min-w-0 flex-1 gap-2">
            <Identity member={m} isSelf={m.id === currentUserId} />
            <div className="flex flex-wrap items-center gap-2 ps-[52px] text-xs text-muted-foreground">
              <RoleBadge role={m.role} />
              <span>{t("list.joined", { date: formatDate(m.createdAt) })}</span>
            </div>
          </div>
          {renderActions(m)}
        </>
      )}
      renderCells={(m) => (
        <>
          <TableCell className="max-w-0 w-1/2">
            <Identity member={m} isSelf={m.id === currentUserId} />
          </TableCell>
          <TableCell>
            <RoleBadge role={m.role} />
          </TableCell>
          <TableCell className="whitespace-nowrap text-muted-foreground">{formatDate(m.createdAt)}</TableCell>
        </>
      )}
    />
  );
}
