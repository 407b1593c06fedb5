import { getMemberDisplayName, isActiveMember, isNewThisMonth } from "@common/member-helpers";
import type { TMember } from "@common/members";
import { ROLE_LABELS } from "@common/roles";
import { CalendarPlus, Download, FileUp, UserCheck, UserPlus, Users, UsersRound } from "lucide-react";
import { useMemo, useState } from "react";
import { Link } from "wouter";
import { ConfirmDeleteDialog } from "@/components/confirm-delete-dialog";
import { LoadError } from "@/components/load-error";
import { PageHeader } from "@/components/page-header";
import { FilterSelect, SearchToolbar } from "@/components/search-toolbar";
import { StatCard } from "@/components/stat-card";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { toast } from "@/components/ui/use-toast";
import { getServerMessage } from "@/lib/api-client";
import { toastApiError } from "@/lib/auth-redirect";
import { useCurrentUser } from "@/lib/current-user";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useMembers, useRemoveMember, useUpdateMemberRole } from "../api";
import { MemberActionsButton } from "../components/member-actions-button";
import { MemberList } from "../components/member-list";

type TRoleFilter = "all" | "ADMIN" | "GROUP_LEADER" | "CONGREGANT";

const ROLE_FILTER_OPTIONS: Array<{ value: TRoleFilter; label: string }> = [
  { value: "all", label: "All Roles" },
  { value: "ADMIN", label: ROLE_LABELS.ADMIN },
  { value: "GROUP_LEADER", label: ROLE_LABELS.GROUP_LEADER },
  { value: "CONGREGANT", label: ROLE_LABELS.CONGREGANT },
];

function matchesRole(m: TMember, filter: TRoleFilter) {
  if (filter === "all") return true;
  if (filter === "ADMIN") return m.role === "ADMIN" || m.role === "SUPER_ADMIN";
  return m.role === filter;
}

/** Spec 2 Member management (`/admin/members`). */
export function MembersPage() {
  const user = useCurrentUser();
  const members = useMembers();
  const updateRole = useUpdateMemberRole();
  const removeMember = useRemoveMember();
  const [search, setSearch] = useState("");
  const [roleFilter, setRoleFilter] = useState<TRoleFilter>("all");
  const [toRemove, setToRemove] = useState<TMember | null>(null);
  useDocumentTitle("Manage Members");

  const all = members.data ?? [];
  const filtered = useMemo(() => {
    const q = search.trim().toLowerCase();
    return all.filter(
      (m) =>
        matchesRole(m, roleFilter) &&
        (!q || getMemberDisplayName(m).toLowerCase().includes(q) || m.email.toLowerCase().includes(q)),
    );
  }, [all, search, roleFilter]);

  const counts = members.data && {
    total: all.length,
    active: all.filter((m) => isActiveMember(m)).length,
    leaders: all.filter((m) => m.role === "GROUP_LEADER").length,
    newThisMonth: all.filter((m) => isNewThisMonth(m)).length,
  };

  const changeRole = (m: TMember, role: "CONGREGANT" | "GROUP_LEADER" | "ADMIN") => {
    const name = getMemberDisplayName(m);
    updateRole.mutate(
      { id: m.id, role },
      {
        onSuccess: () =>
          toast({
            title: "Role Updated",
            description: `${name} is now a ${ROLE_LABELS[role]}.`,
          }),
        onError: (error) =>
          toastApiError(error, {
            description: getServerMessage(error) ?? "Failed to update the member's role. Please try again.",
          }),
      },
    );
  };

  const confirmRemove = (member: TMember) => {
    const name = getMemberDisplayName(member);
    removeMember.mutate(member.id, {
      onSuccess: () =>
        toast({ title: "Member Removed", description: `${name} has been removed from ${user.church.name}.` }),
      onError: (error) =>
        toastApiError(error, {
          description: getServerMessage(error) ?? "Failed to remove the member. Please try again.",
        }),
    });
  };

  return (
    <>
      <PageHeader
        title="Manage Members"
        description={`Everyone who belongs to ${user.church.name}.`}
        actions={
          <>
            <Button asChild>
              <Link href="/admin/invitations?invite=member">
                <UserPlus aria-hidden="true" />
                Add Member
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link href="/admin/members/import">
                <FileUp aria-hidden="true" />
                Import from CSV
              </Link>
            </Button>
            <Button asChild variant="ghost">
              <a href="/api/admin/members/export.csv" download>
                <Download aria-hidden="true" />
                Export CSV
              </a>
            </Button>
          </>
        }
      />

      <div className="mb-6 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard label="Total Members" icon={Users} value={counts?.total} isLoading={members.isLoading} />
        <StatCard
          label="Active Members"
          icon={UserCheck}
          value={counts?.active}
          isLoading={members.isLoading}
          note="active in the last 30 days"
        />
        <StatCard label="Group Leaders" icon={UsersRound} value={counts?.leaders} isLoading={members.isLoading} />
        <StatCard
          label="New This Month"
          icon={CalendarPlus}
          value={counts?.newThisMonth}
          isLoading={members.isLoading}
        />
      </div>

      <Card className="overflow-hidden">
        <SearchToolbar
          className="border-b border-border p-4"
          label="Search members by name or email"
          placeholder="Search by name or email..."
          value={search}
          onChange={setSearch}
        >
          <FilterSelect
            label="Filter by role"
            className="sm:w-48"
            value={roleFilter}
            onValueChange={(v) => setRoleFilter(v as TRoleFilter)}
            options={ROLE_FILTER_OPTIONS}
          />
        </SearchToolbar>
        {members.isError ? (
          <LoadError what="Members" onRetry={() => members.refetch()} className="p-8 text-center" />
        ) : (
          <MemberList
            members={filtered}
            isLoading={members.isLoading}
            hasAnyMembers={all.length > 0}
            currentUserId={user.id}
            renderActions={(m) => (
              <MemberActionsButton
                member={m}
                name={getMemberDisplayName(m)}
                isSelf={m.id === user.id}
                disabled={updateRole.isPending || removeMember.isPending}
                onChangeRole={(role) => changeRole(m, role)}
                onRemove={() => setToRemove(m)}
              />
            )}
          />
        )}
      </Card>

      <ConfirmDeleteDialog
        item={toRemove}
        title={<>Remove {toRemove ? getMemberDisplayName(toRemove) : ""} from the church?</>}
        description={
          <>
            They will no longer see {user.church.name}'s sermons, events or prayer requests. You can invite them again
            later.
          </>
        }
        confirmLabel="Remove"
        onConfirm={confirmRemove}
        onClose={() => setToRemove(null)}
      />
    </>
  );
}
