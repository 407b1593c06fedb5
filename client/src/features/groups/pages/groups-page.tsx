import type { TGroupKind } from "@common/groups";
import { isAdminRole } from "@common/roles";
import { Loader2, Plus, UsersRound } from "lucide-react";
import { Suspense, useState } from "react";
import { EmptyState } from "@/components/empty-state";
import { LoadError } from "@/components/load-error";
import { PageHeader } from "@/components/page-header";
import { FilterSelect, SearchToolbar } from "@/components/search-toolbar";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton, skeletonKeys } from "@/components/ui/skeleton";
import { Switch } from "@/components/ui/switch";
import { useCurrentUser } from "@/lib/current-user";
import { useFormat, useT } from "@/lib/i18n";
import { lazyComponent, usePreload } from "@/lib/lazy";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { useDocumentTitle } from "@/lib/use-document-title";
import { type TGroupFilters, useGroups } from "../api";
import { GroupCard } from "../components/group-card";
import { groupsCatalog } from "../i18n";
import { dayName, GROUP_KIND_OPTIONS, KIND_LABELS, WEEK_DAYS } from "../labels";

const LIST = "grid gap-4 md:grid-cols-2 xl:grid-cols-3";
/** How long typing rests before the search goes to the server. */
export const SEARCH_DEBOUNCE_MS = 300;

// The dialog (its form library and the contract) downloads after the list is drawn, or when a pointer
// nears "New group": not with the page's first load.
const GroupFormDialog = lazyComponent(() => import("../components/group-form-dialog").then((m) => m.GroupFormDialog));

function ListSkeleton() {
  const t = useT(groupsCatalog);
  return (
    <ul className={LIST} aria-label={t("page.loading")}>
      {skeletonKeys(4).map((key) => (
        <li key={key} className="grid gap-3 rounded-2xl border border-border bg-card p-5">
          <Skeleton className="h-5 w-24 rounded-full" />
          <Skeleton className="h-6 w-2/3" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-4 w-2/5" />
          <Skeleton className="mt-2 h-10 w-full rounded-lg sm:w-28" />
        </li>
      ))}
    </ul>
  );
}

/**
 * Issue 27, `/groups`: the church's groups a member may find (listed ones and their own; admins all),
 * narrowed on the server by a search, a kind, a day and "has space"; Join or Ask to join on each card.
 * Admins start a group from here.
 */
export function GroupsPage() {
  const t = useT(groupsCatalog);
  const format = useFormat();
  const user = useCurrentUser();
  const isAdmin = isAdminRole(user.role);
  const [search, setSearch] = useState("");
  const [kind, setKind] = useState<TGroupKind | "">("");
  const [day, setDay] = useState("");
  const [hasSpace, setHasSpace] = useState(false);
  const [isCreating, setCreating] = useState(false);
  const [isUsed, setUsed] = useState(false);
  const q = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const filters: TGroupFilters = { q, kind: kind || null, day: day === "" ? null : Number(day), hasSpace };
  const groups = useGroups(filters);
  usePreload([GroupFormDialog.preload], isAdmin);
  useDocumentTitle(t("page.title"));
  const list = groups.data?.pages.flat() ?? [];
  const isFiltered = Boolean(search.trim() || kind || day || hasSpace);

  const clearFilters = () => {
    setSearch("");
    setKind("");
    setDay("");
    setHasSpace(false);
  };
  const openCreate = () => {
    setUsed(true);
    setCreating(true);
  };
  const newButton = isAdmin && (
    <Button onPointerEnter={GroupFormDialog.preload} onFocus={GroupFormDialog.preload} onClick={openCreate}>
      <Plus aria-hidden="true" />
      {t("page.new")}
    </Button>
  );

  return (
    <>
      <PageHeader title={t("page.title")} description={t("page.description")} actions={newButton || undefined} />
      <SearchToolbar
        label={t("filter.search")}
        placeholder={t("filter.searchPlaceholder")}
        value={search}
        onChange={setSearch}
        className="mb-3"
      >
        <FilterSelect
          label={t("filter.kind")}
          value={kind}
          onValueChange={(v) => setKind(v as TGroupKind | "")}
          options={[
            { value: "", label: t("filter.anyKind") },
            ...GROUP_KIND_OPTIONS.map((k) => ({ value: k, label: t(KIND_LABELS[k]) })),
          ]}
          className="sm:w-44"
        />
        <FilterSelect
          label={t("filter.day")}
          value={day}
          onValueChange={setDay}
          options={[
            { value: "", label: t("filter.anyDay") },
            ...WEEK_DAYS.map((d) => ({ value: String(d), label: dayName(format.date, d) })),
          ]}
          className="sm:w-40"
        />
      </SearchToolbar>
      <div className="mb-6 flex items-center gap-3">
        <Switch id="groups-has-space" checked={hasSpace} onCheckedChange={setHasSpace} />
        <label htmlFor="groups-has-space" className="text-sm font-medium text-foreground">
          {t("filter.hasSpace")}
        </label>
      </div>
      {groups.isLoading ? (
        <ListSkeleton />
      ) : groups.isError && list.length === 0 ? (
        <LoadError card what={t("page.loadError")} onRetry={() => groups.refetch()} className="p-8 text-center" />
      ) : list.length === 0 ? (
        <Card>
          {isFiltered ? (
            <EmptyState
              icon={UsersRound}
              title={t("page.noMatch.title")}
              description={t("page.noMatch.description")}
              action={
                <Button variant="outline" onClick={clearFilters}>
                  {t("page.clearFilters")}
                </Button>
              }
            />
          ) : (
            <EmptyState
              icon={UsersRound}
              title={t("page.empty.title")}
              description={isAdmin ? t("page.empty.adminDescription") : t("page.empty.description")}
              action={newButton || undefined}
            />
          )}
        </Card>
      ) : (
        <>
          <ul className={LIST} aria-label={t("page.list")}>
            {list.map((g) => (
              <GroupCard key={g.id} group={g} />
            ))}
          </ul>
          {groups.hasNextPage && !groups.isFetchNextPageError && (
            <div className="mt-6 flex justify-center">
              <Button variant="outline" onClick={() => groups.fetchNextPage()} disabled={groups.isFetchingNextPage}>
                {groups.isFetchingNextPage && <Loader2 className="animate-spin" aria-hidden="true" />}
                {groups.isFetchingNextPage ? t("page.loadingMore") : t("page.loadMore")}
              </Button>
            </div>
          )}
          {groups.isFetchNextPageError && (
            <LoadError
              what={t("page.moreLoadError")}
              onRetry={() => groups.fetchNextPage()}
              className="mt-3 text-center"
            />
          )}
        </>
      )}
      {isUsed && (
        <Suspense fallback={null}>
          <GroupFormDialog open={isCreating} onOpenChange={setCreating} canChooseLeaders />
        </Suspense>
      )}
    </>
  );
}
