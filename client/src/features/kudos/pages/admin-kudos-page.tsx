import type { TPendingKudos } from "@common/kudos";
import { Check, Inbox, X } from "lucide-react";
import { useRef, useState } from "react";
import { EmptyState } from "@/components/empty-state";
import { LoadError } from "@/components/load-error";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton, skeletonKeys } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { getServerMessage, getStatus } from "@/lib/api-client";
import { toastApiError } from "@/lib/auth-redirect";
import { translator, useT } from "@/lib/i18n";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useNow } from "@/lib/use-now";
import { useApproveKudos, usePendingKudos, useRejectKudos } from "../api";
import { KudosBadges, KudosByline, KudosText } from "../components/kudos-parts";
import { RejectKudosDialog } from "../components/reject-kudos-dialog";
import { kudosCatalog } from "../i18n";
import { kudosPersonName } from "../labels";

const HEADING_ID = "kudos-approvals-heading";
const titleId = (id: string) => `pending-kudos-${id}-title`;

function QueueSkeleton() {
  const t = useT(kudosCatalog);
  return (
    <ul className="grid gap-4" aria-label={t("admin.loading")}>
      {skeletonKeys(3).map((key) => (
        <li key={key} className="grid gap-3 rounded-2xl border border-border bg-card p-5">
          <Skeleton className="h-5 w-40 rounded-full" />
          <Skeleton className="h-5 w-1/2" />
          <Skeleton className="h-4 w-full" />
          <div className="flex items-center justify-between gap-3">
            <Skeleton className="h-4 w-48" />
            <Skeleton className="h-8 w-44" />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Someone reviewed it first, or it is gone: the server's words, else ours. */
function reviewFailed(error: unknown, action: "approve" | "reject") {
  const t = translator(kudosCatalog);
  const gone = getStatus(error) === 404 || getStatus(error) === 409;
  toastApiError(error, {
    description:
      (gone ? (getServerMessage(error) ?? t("admin.gone")) : null) ??
      t(action === "approve" ? "admin.approveFailed" : "admin.rejectFailed"),
  });
}

function PendingKudosItem({
  kudos,
  now,
  isBusy,
  onApprove,
  onReject,
}: {
  kudos: TPendingKudos;
  now: Date;
  isBusy: boolean;
  onApprove: () => void;
  onReject: () => void;
}) {
  const t = useT(kudosCatalog);
  const from = kudosPersonName(kudos.fromUser, t("person.fallback"));
  const to = kudosPersonName(kudos.toUser, t("person.fallback"));
  return (
    <li className="min-w-0">
      <article
        aria-labelledby={titleId(kudos.id)}
        className="grid gap-3 rounded-2xl border border-border bg-card p-5 shadow-xs"
      >
        <KudosBadges kudos={kudos} now={now} />
        <KudosText kudos={kudos} titleId={titleId(kudos.id)} isFocusable />
        <div className="flex flex-col gap-3 border-t border-border pt-3 sm:flex-row sm:items-center sm:justify-between">
          <KudosByline from={from} to={to} imageUrl={kudos.fromUser?.profileImageUrl} />
          <div className="flex gap-2">
            <Button size="sm" className="flex-1 sm:flex-none" disabled={isBusy} onClick={onApprove}>
              <Check aria-hidden="true" />
              {t("admin.approve")}
              <span className="sr-only"> {t("quoted", { title: kudos.title })}</span>
            </Button>
            <Button size="sm" variant="outline" className="flex-1 sm:flex-none" disabled={isBusy} onClick={onReject}>
              <X aria-hidden="true" />
              {t("admin.reject")}
              <span className="sr-only"> {t("quoted", { title: kudos.title })}</span>
            </Button>
          </div>
        </div>
      </article>
    </li>
  );
}

/**
 * The kudos approval queue (`/admin/kudos`, issue 11): members' recognitions waiting for a leader,
 * oldest first, each approved or rejected (with an optional reason for the sender).
 */
export function AdminKudosPage() {
  const t = useT(kudosCatalog);
  const pending = usePendingKudos();
  const approve = useApproveKudos();
  const reject = useRejectKudos();
  const now = useNow();
  const [rejecting, setRejecting] = useState<TPendingKudos | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  useDocumentTitle(t("admin.title"));
  const list = pending.data ?? [];

  // A reviewed kudos leaves the list with its buttons: the focus goes on to the next one's title,
  // or to the page's heading when none is left.
  const nextFocus = (id: string) => {
    const index = list.findIndex((k) => k.id === id);
    const next = list[index + 1] ?? list[index - 1];
    return () => (next && document.getElementById(titleId(next.id))) || document.getElementById(HEADING_ID);
  };

  const onApprove = (kudos: TPendingKudos) => {
    const focusNext = nextFocus(kudos.id);
    approve.mutate(kudos.id, {
      onSuccess: () => {
        toast({
          title: t("admin.approved.title"),
          description: t("admin.approved.description", { name: kudosPersonName(kudos.toUser, t("person.fallback")) }),
        });
        requestAnimationFrame(() => focusNext()?.focus());
      },
      onError: (error) => reviewFailed(error, "approve"),
    });
  };

  const onReject = (kudos: TPendingKudos, reason: string) => {
    const focusNext = nextFocus(kudos.id);
    reject.mutate(
      { id: kudos.id, reason },
      {
        onSuccess: () => {
          toast({ title: t("admin.rejected.title"), description: t("admin.rejected.description") });
          opener.current = focusNext();
          setRejecting(null);
        },
        onError: (error) => reviewFailed(error, "reject"),
      },
    );
  };

  return (
    <>
      <PageHeader
        title={
          <span id={HEADING_ID} tabIndex={-1} className="rounded-sm">
            {t("admin.title")}
          </span>
        }
        description={t("admin.description")}
      />
      {pending.isLoading ? (
        <QueueSkeleton />
      ) : pending.isError ? (
        <LoadError card what={t("admin.loadError")} onRetry={() => pending.refetch()} className="p-8 text-center" />
      ) : list.length === 0 ? (
        <Card>
          <EmptyState icon={Inbox} title={t("admin.empty.title")} description={t("admin.empty.description")} />
        </Card>
      ) : (
        <ul className="grid gap-4" aria-label={t("admin.list")}>
          {list.map((k) => (
            <PendingKudosItem
              key={k.id}
              kudos={k}
              now={now}
              isBusy={
                (approve.isPending && approve.variables === k.id) || (reject.isPending && reject.variables?.id === k.id)
              }
              onApprove={() => onApprove(k)}
              onReject={() => {
                opener.current = document.activeElement as HTMLElement | null;
                setRejecting(k);
              }}
            />
          ))}
        </ul>
      )}
      <RejectKudosDialog
        kudos={rejecting}
        pending={reject.isPending}
        returnFocus={() => (opener.current?.isConnected ? opener.current : document.getElementById(HEADING_ID))}
        onReject={onReject}
        onClose={() => setRejecting(null)}
      />
    </>
  );
}
