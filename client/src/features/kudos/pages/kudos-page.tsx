import { isAdminRole } from "@common/roles";
import { Loader2, Plus, Trophy } from "lucide-react";
import { Suspense, useEffect, useState } from "react";
import { EmptyState } from "@/components/empty-state";
import { LoadError } from "@/components/load-error";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton, skeletonKeys } from "@/components/ui/skeleton";
import { useCurrentUser } from "@/lib/current-user";
import { useT } from "@/lib/i18n";
import { lazyComponent, usePreload } from "@/lib/lazy";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useNow } from "@/lib/use-now";
import { KUDOS_PAGE_SIZE, useKudos, useOlderKudos } from "../api";
import { KudosCard } from "../components/kudos-card";
import { kudosCatalog } from "../i18n";

const LIST = "grid gap-4 md:grid-cols-2";

// The dialog (its form library and the dialog's scroll lock) downloads after the list is drawn, or
// when a pointer nears "Give Kudos": not with the page's first load (issue 26's bundle budget).
const GiveKudosDialog = lazyComponent(() => import("../components/give-kudos-dialog").then((m) => m.GiveKudosDialog));

function ListSkeleton() {
  const t = useT(kudosCatalog);
  return (
    <ul className={LIST} aria-label={t("page.loading")}>
      {skeletonKeys(4).map((key) => (
        <li key={key} className="grid gap-3 rounded-2xl border border-border bg-card p-5">
          <div className="flex gap-2">
            <Skeleton className="h-5 w-36 rounded-full" />
            <Skeleton className="h-5 w-20 rounded-full" />
          </div>
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-4/5" />
          <div className="mt-2 flex items-center gap-2.5">
            <Skeleton className="size-8 rounded-full" />
            <Skeleton className="h-4 w-40" />
          </div>
          <div className="flex gap-1.5 border-t border-border pt-3">
            {skeletonKeys(4).map((k) => (
              <Skeleton key={k} className="h-9 w-14 rounded-full" />
            ))}
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The kudos older than the first page, a page at a time on "Show older kudos" (issue 30). */
function OlderKudos({ selfId, isAdmin, now }: { selfId: string; isAdmin: boolean; now: Date }) {
  const t = useT(kudosCatalog);
  const [isAsked, setAsked] = useState(false);
  const older = useOlderKudos(isAsked);
  const pages = older.data?.pages ?? [];
  // The first answer is the page already drawn: go on to the page after it at once.
  useEffect(() => {
    if (pages.length === 1 && older.hasNextPage && !older.isFetchingNextPage) void older.fetchNextPage();
  }, [pages.length, older]);
  const items = pages.slice(1).flatMap((p) => p.items);
  const isBusy = older.isFetching;
  const hasMore = !isAsked || older.hasNextPage;
  return (
    <>
      {items.length > 0 && (
        <ul className={`${LIST} mt-4`} aria-label={t("page.olderList")}>
          {items.map((k) => (
            <KudosCard key={k.id} kudos={k} selfId={selfId} isAdmin={isAdmin} now={now} />
          ))}
        </ul>
      )}
      {older.isError ? (
        <LoadError what={t("page.olderLoadError")} onRetry={() => older.refetch()} className="mt-3 text-center" />
      ) : (
        hasMore && (
          <div className="mt-6 flex justify-center">
            <Button
              variant="outline"
              disabled={isBusy}
              onClick={() => (isAsked ? older.fetchNextPage() : setAsked(true))}
            >
              {isBusy && <Loader2 className="animate-spin" aria-hidden="true" />}
              {isBusy ? t("page.loadingOlder") : t("page.older")}
            </Button>
          </div>
        )
      )}
    </>
  );
}

/**
 * Spec 2 Kudos, "Member Recognition" (`/kudos`): Give Kudos, then the church's recognitions, newest
 * first, with reactions. The member's own kudos waiting for approval (or not approved) show here too.
 */
export function KudosPage() {
  const t = useT(kudosCatalog);
  const user = useCurrentUser();
  const kudos = useKudos();
  const now = useNow();
  const [isGiving, setGiving] = useState(false);
  // Drawn from the first opening on (and kept), so that it closes with its animation.
  const [isUsed, setUsed] = useState(false);
  usePreload([GiveKudosDialog.preload]);
  useDocumentTitle(t("page.title"));
  const list = kudos.data ?? [];

  const giveButton = (
    <Button
      onPointerEnter={GiveKudosDialog.preload}
      onFocus={GiveKudosDialog.preload}
      onClick={() => {
        setUsed(true);
        setGiving(true);
      }}
    >
      <Plus aria-hidden="true" />
      {t("page.give")}
    </Button>
  );

  return (
    <>
      <PageHeader title={t("page.title")} description={t("page.description")} actions={giveButton} />
      {kudos.isLoading ? (
        <ListSkeleton />
      ) : kudos.isError ? (
        <LoadError card what={t("page.loadError")} onRetry={() => kudos.refetch()} className="p-8 text-center" />
      ) : list.length === 0 ? (
        <Card>
          <EmptyState
            icon={Trophy}
            title={t("page.empty.title")}
            description={t("page.empty.description")}
            action={giveButton}
          />
        </Card>
      ) : (
        <ul className={LIST} aria-label={t("page.list")}>
          {list.map((k) => (
            <KudosCard key={k.id} kudos={k} selfId={user.id} isAdmin={isAdminRole(user.role)} now={now} />
          ))}
        </ul>
      )}
      {list.length >= KUDOS_PAGE_SIZE && <OlderKudos selfId={user.id} isAdmin={isAdminRole(user.role)} now={now} />}
      {isUsed && (
        <Suspense fallback={null}>
          <GiveKudosDialog open={isGiving} onOpenChange={setGiving} />
        </Suspense>
      )}
    </>
  );
}
