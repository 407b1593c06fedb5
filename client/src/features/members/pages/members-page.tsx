import { getMemberDisplayName, isActiveMember, isNewThisMonth, type TMember } from "@common/members";
import { ROLE_LABELS } from "@common/roles";
import { CalendarPlus, Search, UserCheck, UserPlus, Users, UsersRound } from "lucide-react";
import { useMemo, useState } from "react";
import { Link } from "wouter";
import { useCurrentUser } from "@/app/current-user";
import { PageHeader } from "@/components/page-header";
import { StatCard } from "@/components/stat-card";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { toast } from "@/components/ui/use-toast";
import { getServerMessage } from "@/lib/api-client";
import { toastApiError } from "@/lib/auth-redirect";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useMembers, useRemoveMember, useUpdateMemberRole } from "../api";
import { MemberActionsMenu } from "../components/member-actions-menu";
import { MemberList } from "../components/member-list";
import { RemoveMemberDialog } from "../components/remove-member-dialog";

type TRoleFilter = "all" | "ADMIN" | "GROUP_LEADER" | "CONGREGANT";

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
            description: `${name} is now ${role === "ADMIN" ? "an" : "a"} ${ROLE_LABELS[role]}.`,
          }),
        onError: (error) =>
          toastApiError(error, {
            description: getServerMessage(error) ?? "Failed to update the member's role. Please try again.",
          }),
      },
    );
  };

  const confirmRemove = () => {
    if (!toRemove) return;
    const name = getMemberDisplayName(toRemove);
    removeMember.mutate(toRemove.id, {
      onSuccess: () =>
        toast({ title: "Member Removed", description: `${name} has been removed from ${user.church.name}.` }),
      onError: (error) =>
        toastApiError(error, {
          description: getServerMessage(error) ?? "Failed to remove the member. Please try again.",
        }),
    });
    setToRemove(null);
  };

  return (
    <>
      <PageHeader
        title="Manage Members"
        description={`Everyone who belongs to ${user.church.name}.`}
        actions={
          <Button asChild>
            <Link href="/admin/invitations?invite=member">
              <UserPlus aria-hidden="true" />
              Add Member
            </Link>
          </Button>
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
        <div className="flex flex-col gap-3 border-b border-border p-4 sm:flex-row">
          <div className="relative flex-1">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-stone-500"
              aria-hidden="true"
            />
            <Input
              type="search"
              aria-label="Search members by name or email"
              placeholder="Search by name or email..."
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              className="pl-9"
            />
          </div>
          <Select value={roleFilter} onValueChange={(v) => setRoleFilter(v as TRoleFilter)}>
            <SelectTrigger aria-label="Filter by role" className="sm:w-48">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="all">All Roles</SelectItem>
              <SelectItem value="ADMIN">Admin</SelectItem>
              <SelectItem value="GROUP_LEADER">Group Leader</SelectItem>
              <SelectItem value="CONGREGANT">Congregant</SelectItem>
            </SelectContent>
          </Select>
        </div>
        {members.isError ? (
          <p className="p-8 text-center text-sm text-muted-foreground" role="alert">
            Members could not be loaded.{" "}
            <button type="button" className="font-medium text-brand-text underline" onClick={() => members.refetch()}>
              Try again
            </button>
          </p>
        ) : (
          <MemberList
            members={filtered}
            isLoading={members.isLoading}
            hasAnyMembers={all.length > 0}
            currentUserId={user.id}
            renderActions={(m) => (
              <MemberActionsMenu
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

      <RemoveMemberDialog
        name={toRemove ? getMemberDisplayName(toRemove) : ""}
        churchName={user.church.name}
        open={!!toRemove}
        onOpenChange={(open) => !open && setToRemove(null)}
        onConfirm={confirmRemove}
      />
    </>
  );
}
