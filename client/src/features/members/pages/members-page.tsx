import { getMemberDisplayName, isActiveMember, isNewThisMonth } from "@common/member-helpers";
import type { TMember } from "@common/members";
import { CalendarPlus, Download, FileUp, Loader2, UserCheck, UserPlus, Users, UsersRound } from "lucide-react";
import { useMemo, useState } from "react";
import { Link } from "wouter";
import { ConfirmDeleteDialog } from "@/components/confirm-delete-dialog";
import { LoadError } from "@/components/load-error";
import { PageHeader } from "@/components/page-header";
import { useRoleName } from "@/components/role-name";
import { FilterSelect, SearchToolbar } from "@/components/search-toolbar";
import { StatCard } from "@/components/stat-card";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { toast } from "@/components/ui/use-toast";
import { getServerMessage } from "@/lib/api-client";
import { toastApiError } from "@/lib/auth-redirect";
import { useCurrentUser } from "@/lib/current-user";
import { useT } from "@/lib/i18n";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useMembersPages, useMemberTotals, useRemoveMember, useUpdateMemberRole } from "../api";
import { EraseMemberDialog } from "../components/erase-member-dialog";
import { MemberActionsButton } from "../components/member-actions-button";
import { MemberList } from "../components/member-list";
import { membersCatalog } from "../i18n";

type TRoleFilter = "all" | "ADMIN" | "GROUP_LEADER" | "CONGREGANT";

const ROLE_FILTERS: TRoleFilter[] = ["all", "ADMIN", "GROUP_LEADER", "CONGREGANT"];

function matchesRole(m: TMember, filter: TRoleFilter) {
  if (filter === "all") return true;
  if (filter === "ADMIN") return m.role === "ADMIN" || m.role === "SUPER_ADMIN";
  return m.role === filter;
}

/** Spec 2 Member management (`/admin/members`). */
export function MembersPage() {
  const t = useT(membersCatalog);
  const roleName = useRoleName();
  const user = useCurrentUser();
  const members = useMembersPages();
  const hasMore = !!members.hasNextPage;
  const totals = useMemberTotals(hasMore);
  const updateRole = useUpdateMemberRole();
  const removeMember = useRemoveMember();
  const [search, setSearch] = useState("");
  const [roleFilter, setRoleFilter] = useState<TRoleFilter>("all");
  const [toRemove, setToRemove] = useState<TMember | null>(null);
  const [toErase, setToErase] = useState<{ id: string; name: string } | null>(null);
  useDocumentTitle(t("title"));
  const roleFilterOptions = ROLE_FILTERS.map((value) => ({
    value,
    label: value === "all" ? t("filter.all") : roleName(value),
  }));

  const all = useMemo(() => members.data?.pages.flatMap((p) => p.items) ?? [], [members.data]);
  const filtered = useMemo(() => {
    const q = search.trim().toLowerCase();
    return all.filter(
      (m) =>
        matchesRole(m, roleFilter) &&
        (!q || getMemberDisplayName(m).toLowerCase().includes(q) || m.email.toLowerCase().includes(q)),
    );
  }, [all, search, roleFilter]);

  // The whole list loaded (a church of up to a page): counted from it. Pages still to load (issue 30):
  // the church's totals from the admin stats, and active members and leaders among those shown.
  const counts = members.data && {
    total: hasMore ? totals.data?.totalMembers : all.length,
    active: all.filter((m) => isActiveMember(m)).length,
    leaders: all.filter((m) => m.role === "GROUP_LEADER").length,
    newThisMonth: hasMore ? totals.data?.newMembersThisMonth : all.filter((m) => isNewThisMonth(m)).length,
  };
  const amongShown = hasMore ? t("stats.amongShown", { count: all.length }) : undefined;

  const changeRole = (m: TMember, role: "CONGREGANT" | "GROUP_LEADER" | "ADMIN") => {
    const name = getMemberDisplayName(m);
    updateRole.mutate(
      { id: m.id, role },
      {
        onSuccess: () =>
          toast({
            title: t("toast.roleUpdated.title"),
            description: t("toast.roleUpdated.description", { name, role: roleName(role) }),
          }),
        onError: (error) =>
          toastApiError(error, {
            description: getServerMessage(error) ?? t("toast.roleFailed"),
          }),
      },
    );
  };

  const confirmRemove = (member: TMember) => {
    const name = getMemberDisplayName(member);
    removeMember.mutate(member.id, {
      onSuccess: () =>
        toast({
          title: t("toast.removed.title"),
          description: t("toast.removed.description", { name, church: user.church.name }),
        }),
      onError: (error) =>
        toastApiError(error, {
          description: getServerMessage(error) ?? t("toast.removeFailed"),
        }),
    });
  };

  return (
    <>
      <PageHeader
        title={t("title")}
        description={t("description", { church: user.church.name })}
        actions={
          <>
            <Button asChild>
              <Link href="/admin/invitations?invite=member">
                <UserPlus aria-hidden="true" />
                {t("actions.add")}
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link href="/admin/members/import">
                <FileUp aria-hidden="true" />
                {t("actions.import")}
              </Link>
            </Button>
            <Button asChild variant="ghost">
              <a href="/api/admin/members/export.csv" download>
                <Download aria-hidden="true" />
                {t("actions.export")}
              </a>
            </Button>
          </>
        }
      />

      <div className="mb-6 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard label={t("stats.total")} icon={Users} value={counts?.total} isLoading={members.isLoading} />
        <StatCard
          label={t("stats.active")}
          icon={UserCheck}
          value={counts?.active}
          isLoading={members.isLoading}
          note={amongShown ? `${t("stats.activeNote")}, ${amongShown}` : t("stats.activeNote")}
        />
        <StatCard
          label={t("stats.leaders")}
          icon={UsersRound}
          value={counts?.leaders}
          isLoading={members.isLoading}
          note={amongShown}
        />
        <StatCard
          label={t("stats.newThisMonth")}
          icon={CalendarPlus}
          value={counts?.newThisMonth}
          isLoading={members.isLoading}
        />
      </div>

      <Card className="overflow-hidden">
        <SearchToolbar
          className="border-b border-border p-4"
          label={t("search.label")}
          placeholder={t("search.placeholder")}
          value={search}
          onChange={setSearch}
        >
          <FilterSelect
            label={t("filter.label")}
            className="sm:w-48"
            value={roleFilter}
            onValueChange={(v) => setRoleFilter(v as TRoleFilter)}
            options={roleFilterOptions}
          />
        </SearchToolbar>
        {hasMore && (search.trim() || roleFilter !== "all") && (
          <p className="border-b border-border px-4 py-2 text-sm text-muted-foreground" role="status">
            {t("search.partial", { count: all.length })}
          </p>
        )}
        {members.isError ? (
          <LoadError what={t("loadError.what")} onRetry={() => members.refetch()} className="p-8 text-center" />
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
                onErase={() => setToErase({ id: m.id, name: getMemberDisplayName(m) })}
              />
            )}
          />
        )}
      </Card>
      {hasMore && (
        <div className="mt-6 flex flex-col items-center gap-2">
          {counts?.total !== undefined && (
            <p className="text-sm text-muted-foreground">
              {t("list.shown", { shown: all.length, total: counts.total })}
            </p>
          )}
          <Button variant="outline" onClick={() => members.fetchNextPage()} disabled={members.isFetchingNextPage}>
            {members.isFetchingNextPage && <Loader2 className="animate-spin" aria-hidden="true" />}
            {members.isFetchingNextPage ? t("list.loadingMore") : t("list.loadMore")}
          </Button>
        </div>
      )}
      {members.isFetchNextPageError && (
        <LoadError
          what={t("list.moreLoadError")}
          onRetry={() => members.fetchNextPage()}
          className="mt-3 text-center"
        />
      )}

      <ConfirmDeleteDialog
        item={toRemove}
        title={t("remove.title", { name: toRemove ? getMemberDisplayName(toRemove) : "" })}
        description={t("remove.description", { church: user.church.name })}
        confirmLabel={t("remove.confirm")}
        onConfirm={confirmRemove}
        onClose={() => setToRemove(null)}
      />
      <EraseMemberDialog
        member={toErase}
        onClose={() => setToErase(null)}
        onErased={(name) =>
          toast({ title: t("toast.erased.title"), description: t("toast.erased.description", { name }) })
        }
      />
    </>
  );
}
