import type { TInvitation } from "@common/invitations";
import { Download, FileUp, Loader2, Mail, ShieldCheck, UserPlus } from "lucide-react";
import { Suspense, useEffect, useMemo, useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { ConfirmDeleteDialog } from "@/components/confirm-delete-dialog";
import { LoadError } from "@/components/load-error";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { toast } from "@/components/ui/use-toast";
import { getServerMessage, getStatus } from "@/lib/api-client";
import { toastApiError } from "@/lib/auth-redirect";
import { useCurrentUser } from "@/lib/current-user";
import { type TTranslate, translator, useT } from "@/lib/i18n";
import { lazyComponent, usePreload } from "@/lib/lazy";
import { useDocumentTitle } from "@/lib/use-document-title";
import {
  getInvitationLink,
  isWaitingForReview,
  useDeleteInvitation,
  useInvitationsPages,
  useResendInvitation,
  useSendAllWaiting,
  useSendConfirmationLink,
  useSendWaitingInvitation,
} from "../api";
import { InvitationList } from "../components/invitation-list";
import { InvitationRequests } from "../components/invitation-requests";
import type { TInvitableRole } from "../components/invite-dialog";
import { SendAllWaitingDialog } from "../components/send-all-waiting-dialog";
import { WAITING_HEADING_ID, WaitingInvitations } from "../components/waiting-invitations";
import { heldNotice } from "../held-notice";
import { invitationsCatalog } from "../i18n";

// The form (react-hook-form and the zod contract) downloads after the list is drawn.
const InviteDialog = lazyComponent(() => import("../components/invite-dialog").then((m) => m.InviteDialog));

const byAddress = new Intl.Collator("en", { numeric: true });

/** `?invite=member|leader` opens the dialog (the members page's Add Member uses it). */
const INVITE_PARAM_ROLES: Record<string, TInvitableRole> = { member: "CONGREGANT", leader: "ADMIN" };

export async function copyInvitationLink(
  token: string,
  t: TTranslate<typeof invitationsCatalog.en> = translator(invitationsCatalog),
): Promise<void> {
  try {
    await navigator.clipboard.writeText(getInvitationLink(token));
    toast({ title: t("toast.copied"), description: t("toast.copied.description") });
  } catch {
    toast({
      title: t("toast.copyFailed"),
      description: t("toast.copyFailed.description"),
      variant: "destructive",
    });
  }
}

/** Spec 2 Invitation management (`/admin/invitations`). */
export function InvitationsPage() {
  const t = useT(invitationsCatalog);
  const held = heldNotice(t);
  const user = useCurrentUser();
  const invitations = useInvitationsPages();
  const hasMore = !!invitations.hasNextPage;
  const deleteInvitation = useDeleteInvitation();
  const resendInvitation = useResendInvitation();
  const sendWaiting = useSendWaitingInvitation();
  const sendAllWaiting = useSendAllWaiting();
  const [isConfirmingSendAll, setIsConfirmingSendAll] = useState(false);
  const [dialogRole, setDialogRole] = useState<TInvitableRole | null>(null);
  // Drawn from its first opening on, so that it closes with its animation.
  const [isDialogDrawn, setIsDialogDrawn] = useState(false);
  if (dialogRole !== null && !isDialogDrawn) setIsDialogDrawn(true);
  const [lastRole, setLastRole] = useState<TInvitableRole>("CONGREGANT");
  const [toDelete, setToDelete] = useState<TInvitation | null>(null);
  // Invitations wait instead of being e-mailed (the admin's address is not confirmed), once told.
  const [isHeld, setIsHeld] = useState(false);
  const sendConfirmationLink = useSendConfirmationLink();
  const search = useSearch();
  const [location, navigate] = useLocation();
  useDocumentTitle(t("page.title"));
  usePreload([InviteDialog.preload]);

  const openDialog = (role: TInvitableRole) => {
    setLastRole(role);
    setDialogRole(role);
  };

  useEffect(() => {
    const role = INVITE_PARAM_ROLES[new URLSearchParams(search).get("invite") ?? ""];
    if (role) {
      setLastRole(role);
      setDialogRole(role);
      navigate(location, { replace: true });
    }
  }, [search, location, navigate]);

  // Waiting ones apart, oldest first (the order "Send all waiting" e-mails them in); the rest newest first.
  const { waiting, sorted } = useMemo(() => {
    const all = (invitations.data?.pages.flatMap((p) => p.items) ?? []).sort((a, b) =>
      b.createdAt.localeCompare(a.createdAt),
    );
    const now = new Date();
    return {
      // One import or sync makes its people at the same moment: those read in address order.
      waiting: all
        .filter((inv) => isWaitingForReview(inv, now))
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || byAddress.compare(a.email, b.email)),
      sorted: all.filter((inv) => !isWaitingForReview(inv, now)),
    };
  }, [invitations.data]);

  // `#waiting` (the integrations page's and the import's "review" links) goes to the waiting list.
  const hasWaiting = waiting.length > 0;
  // An invitation made by hand waits only when it was held back: after a reload, an admin whose
  // address is not confirmed is still told why (and offered the link), not only right after the toast.
  const showsHeld = isHeld || (user.emailVerified === false && waiting.some((inv) => inv.source === "manual"));
  useEffect(() => {
    if (!hasWaiting || window.location.hash !== "#waiting") return;
    document.getElementById("waiting")?.scrollIntoView({ block: "start" });
    document.getElementById(WAITING_HEADING_ID)?.focus({ preventScroll: true });
  }, [hasWaiting]);

  const sendOne = (invitation: TInvitation) =>
    sendWaiting.mutate(invitation.id, {
      onSuccess: () =>
        toast({ title: t("toast.sent"), description: t("toast.sent.description", { email: invitation.email }) }),
      onError: (error) => {
        const status = getStatus(error);
        const detail = status === 403 || status === 409 || status === 429 ? getServerMessage(error) : null;
        if (held.isHeld(detail)) setIsHeld(true);
        toastApiError(error, {
          title: t("toast.sendFailed"),
          description: detail ?? t("toast.sendFailed.description"),
        });
      },
    });

  const sendAll = () =>
    sendAllWaiting.mutate(undefined, {
      onSuccess: ({ sent, waiting: left, notice }) => {
        if (held.isHeld(notice)) setIsHeld(true);
        const why = notice ? held.describe(notice) : t("toast.sendAll.limit");
        const rest = left > 0 ? ` ${t("toast.sendAll.waiting", { count: left })} ${why}` : "";
        toast({
          title: sent > 0 ? t("toast.sendAll.sent") : t("toast.sendAll.none"),
          description: `${t("toast.sendAll.emailed", { count: sent })}${rest}`,
          variant: sent === 0 && left > 0 ? "destructive" : undefined,
        });
      },
      onError: (error) =>
        toastApiError(error, {
          title: t("toast.sendAllFailed"),
          description: getServerMessage(error) ?? t("toast.sendAllFailed.description"),
        }),
    });

  const confirmDelete = (invitation: TInvitation) =>
    deleteInvitation.mutate(invitation.id, {
      onSuccess: () =>
        toast({ title: t("toast.deleted"), description: t("toast.deleted.description", { email: invitation.email }) }),
      onError: (error) =>
        toastApiError(error, {
          title: t("toast.deleteFailed"),
          description: t("toast.deleteFailed.description"),
        }),
    });

  const resend = (invitation: TInvitation) =>
    resendInvitation.mutate(invitation.id, {
      onSuccess: () =>
        toast({ title: t("toast.sent"), description: t("toast.resent.description", { email: invitation.email }) }),
      onError: (error) => {
        // A sending limit (429), an unconfirmed address (403) or a changed invitation (409) says exactly what happened.
        const status = getStatus(error);
        const detail = status === 403 || status === 409 || status === 429 ? getServerMessage(error) : null;
        if (held.isHeld(detail)) setIsHeld(true);
        toastApiError(error, {
          title: t("toast.resendFailed"),
          description: detail ?? t("toast.sendFailed.description"),
        });
      },
    });

  return (
    <>
      <PageHeader
        title={t("page.title")}
        description={t("page.description", { church: user.church.name })}
        actions={
          <>
            <Button onClick={() => openDialog("CONGREGANT")}>
              <UserPlus aria-hidden="true" />
              {t("page.inviteMember")}
            </Button>
            <Button variant="outline" onClick={() => openDialog("ADMIN")}>
              <ShieldCheck aria-hidden="true" />
              {t("page.inviteLeader")}
            </Button>
            <Button asChild variant="outline">
              <Link href="/admin/members/import">
                <FileUp aria-hidden="true" />
                {t("page.import")}
              </Link>
            </Button>
            <Button asChild variant="ghost">
              <a href="/api/admin/invitations/export.csv" download>
                <Download aria-hidden="true" />
                {t("page.export")}
              </a>
            </Button>
          </>
        }
      />

      {showsHeld && (
        <div
          role="note"
          className="mb-6 flex flex-col gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950 sm:flex-row sm:items-center"
        >
          {/* The icon stays beside the words on a phone, where the button goes below them. */}
          <div className="flex min-w-0 flex-1 items-start gap-2">
            <Mail className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <p className="min-w-0">{held.text}</p>
          </div>
          <Button
            size="sm"
            variant="outline"
            disabled={sendConfirmationLink.isPending}
            onClick={() =>
              sendConfirmationLink.mutate(undefined, {
                onSuccess: () =>
                  toast({
                    title: t("held.toast.sent"),
                    description: t("held.toast.sent.description", { email: user.email }),
                  }),
                onError: (error) =>
                  toastApiError(error, {
                    title: t("held.toast.failed"),
                    description: getServerMessage(error) ?? t("tryAgain"),
                  }),
              })
            }
          >
            {t("held.sendLink")}
          </Button>
        </div>
      )}

      <InvitationRequests />

      {hasWaiting && !invitations.isError && (
        <WaitingInvitations
          invitations={waiting}
          busyId={sendWaiting.isPending ? (sendWaiting.variables ?? null) : null}
          isSendingAll={sendAllWaiting.isPending}
          onSend={sendOne}
          onSendAll={() => setIsConfirmingSendAll(true)}
          onDelete={setToDelete}
        />
      )}

      <Card className="overflow-hidden">
        <CardHeader className="border-b border-border pb-4 sm:pb-4">
          <CardTitle className="flex items-center gap-2">
            <Mail className="size-4 text-brand-text" aria-hidden="true" />
            {t("sent.title")}
          </CardTitle>
          <CardDescription>{t("sent.description")}</CardDescription>
        </CardHeader>
        {invitations.isError ? (
          <LoadError what={t("sent.what")} onRetry={() => invitations.refetch()} className="p-8 text-center" />
        ) : (
          <InvitationList
            invitations={sorted}
            isLoading={invitations.isLoading}
            onCopy={(inv) => inv.token && copyInvitationLink(inv.token, t)}
            onResend={resend}
            onDelete={setToDelete}
            emptyTitle={hasWaiting ? t("sent.empty") : undefined}
          />
        )}
      </Card>
      {hasMore && (
        <div className="mt-6 flex justify-center">
          <Button
            variant="outline"
            onClick={() => invitations.fetchNextPage()}
            disabled={invitations.isFetchingNextPage}
          >
            {invitations.isFetchingNextPage && <Loader2 className="animate-spin" aria-hidden="true" />}
            {invitations.isFetchingNextPage ? t("page.loadingMore") : t("page.loadMore")}
          </Button>
        </div>
      )}
      {invitations.isFetchNextPageError && (
        <LoadError
          what={t("page.moreLoadError")}
          onRetry={() => invitations.fetchNextPage()}
          className="mt-3 text-center"
        />
      )}

      {isDialogDrawn && (
        <Suspense fallback={null}>
          <InviteDialog
            open={dialogRole !== null}
            initialRole={dialogRole ?? lastRole}
            churchName={user.church.name}
            onOpenChange={(open) => !open && setDialogRole(null)}
            onHeld={() => setIsHeld(true)}
          />
        </Suspense>
      )}
      <SendAllWaitingDialog
        open={isConfirmingSendAll}
        count={hasMore ? null : waiting.length}
        onConfirm={sendAll}
        onClose={() => setIsConfirmingSendAll(false)}
      />
      <ConfirmDeleteDialog
        item={toDelete}
        title={t("delete.title")}
        description={t("delete.description", { email: toDelete?.email ?? "" })}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      />
    </>
  );
}
