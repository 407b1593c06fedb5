import type { TPrayerRequest } from "@common/prayer";
import { isAdminRole } from "@common/roles";
import { HeartHandshake, Loader2, Plus } from "lucide-react";
import { Suspense, useEffect, useRef, useState } from "react";
import { useSearch } from "wouter";
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
import { usePrayerRequests } from "../api";
import { PrayerRequestCard, requestTitleId } from "../components/prayer-request-card";
import { PrayerRequestForm } from "../components/prayer-request-form";
import { prayerCatalog } from "../i18n";

const FORM_ID = "new-prayer-request";
const LIST = "grid gap-4 md:grid-cols-2";

function ListSkeleton() {
  const t = useT(prayerCatalog);
  return (
    <ul className={LIST} aria-label={t("requests.loading")}>
      {skeletonKeys(4).map((key) => (
        <li key={key} className="grid gap-3 rounded-2xl border border-border bg-card p-5">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-4/5" />
          <div className="mt-2 flex items-center gap-2.5">
            <Skeleton className="size-8 rounded-full" />
            <Skeleton className="h-4 w-28" />
          </div>
          <Skeleton className="h-8 w-32" />
        </li>
      ))}
    </ul>
  );
}

// The "mark answered" dialog (and the dialog's scroll lock) downloads after the list is drawn: not
// with the page's first load (issue 26's bundle budget).
const AnswerDialog = lazyComponent(() => import("../components/answer-dialog").then((m) => m.AnswerDialog));
const RepliesDialog = lazyComponent(() => import("../components/replies-dialog").then((m) => m.RepliesDialog));

/**
 * Spec 1 §2.11 Prayer Requests (`/prayer-requests`): the "New Request" form, then the church's
 * requests in two columns (one on a phone), newest first, a page at a time.
 */
export function PrayerRequestsPage() {
  const t = useT(prayerCatalog);
  const user = useCurrentUser();
  const isAdmin = isAdminRole(user.role);
  const requests = usePrayerRequests();
  const now = useNow();
  const [isFormOpen, setFormOpen] = useState(false);
  const [answering, setAnswering] = useState<TPrayerRequest | null>(null);
  // Drawn from the first opening on (and kept), so that it closes with its animation.
  const [isUsed, setUsed] = useState(false);
  usePreload([AnswerDialog.preload]);
  const opener = useRef<{ id: string; button: HTMLElement | null } | null>(null);
  const startAnswer = (request: TPrayerRequest) => {
    opener.current = { id: request.id, button: document.activeElement as HTMLElement | null };
    setUsed(true);
    setAnswering(request);
  };
  // Back to the button that opened the dialog, or to the request's title once the button is gone.
  const returnFocus = () => {
    const o = opener.current;
    if (!o) return null;
    return o.button?.isConnected ? o.button : document.getElementById(requestTitleId(o.id));
  };
  const newRequestButton = useRef<HTMLButtonElement>(null);
  useDocumentTitle(t("requests.title"));
  const all = requests.data?.pages.flat() ?? [];
  // A request's private thread (issue 28); a notification opens it with ?thread=<id>.
  const [replyingId, setReplyingId] = useState<string | null>(null);
  const [isThreadUsed, setThreadUsed] = useState(false);
  const openThread = (request: TPrayerRequest) => {
    setThreadUsed(true);
    setReplyingId(request.id);
  };
  const linked = new URLSearchParams(useSearch()).get("thread");
  const linkedLoaded = !!linked && all.some((r) => r.id === linked);
  useEffect(() => {
    if (!linked || !linkedLoaded) return;
    setThreadUsed(true);
    setReplyingId(linked);
  }, [linked, linkedLoaded]);
  const replying = all.find((r) => r.id === replyingId) ?? null;

  return (
    <>
      <PageHeader
        title={t("requests.title")}
        description={t("requests.description")}
        actions={
          <Button
            ref={newRequestButton}
            aria-expanded={isFormOpen}
            aria-controls={FORM_ID}
            onClick={() => setFormOpen((open) => !open)}
          >
            <Plus aria-hidden="true" />
            {t("requests.new")}
          </Button>
        }
      />
      {isFormOpen && (
        <PrayerRequestForm
          id={FORM_ID}
          onDone={() => {
            setFormOpen(false);
            // The form goes away with the focus in it: back to the button that opened it.
            newRequestButton.current?.focus();
          }}
        />
      )}
      {requests.isLoading ? (
        <ListSkeleton />
      ) : requests.isError && all.length === 0 ? (
        <LoadError card what={t("requests.loadError")} onRetry={() => requests.refetch()} className="p-8 text-center" />
      ) : all.length === 0 ? (
        <Card>
          <EmptyState
            icon={HeartHandshake}
            title={t("requests.empty.title")}
            description={t("requests.empty.description")}
          />
        </Card>
      ) : (
        <>
          <ul className={LIST} aria-label={t("requests.list")}>
            {all.map((r) => (
              <PrayerRequestCard
                key={r.id}
                request={r}
                isAdmin={isAdmin}
                now={now}
                onAnswer={startAnswer}
                onReplies={openThread}
              />
            ))}
          </ul>
          {requests.hasNextPage && (
            <div className="mt-6 flex justify-center">
              <Button variant="outline" onClick={() => requests.fetchNextPage()} disabled={requests.isFetchingNextPage}>
                {requests.isFetchingNextPage && <Loader2 className="animate-spin" aria-hidden="true" />}
                {requests.isFetchingNextPage ? t("requests.loadingMore") : t("requests.loadMore")}
              </Button>
            </div>
          )}
          {requests.isFetchNextPageError && (
            <LoadError
              what={t("requests.moreLoadError")}
              onRetry={() => requests.fetchNextPage()}
              className="mt-3 text-center"
            />
          )}
        </>
      )}
      {isUsed && (
        <Suspense fallback={null}>
          <AnswerDialog request={answering} returnFocus={returnFocus} onClose={() => setAnswering(null)} />
        </Suspense>
      )}
      {isThreadUsed && (
        <Suspense fallback={null}>
          <RepliesDialog request={replying} userId={user.id} onClose={() => setReplyingId(null)} />
        </Suspense>
      )}
    </>
  );
}
