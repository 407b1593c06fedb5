import { CONFIRM_TO_SEND_INVITATIONS } from "@common/invitation-helpers";
import type { TInvitation } from "@common/invitations";
import { Download, FileUp, Mail, ShieldCheck, UserPlus } from "lucide-react";
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
import { lazyComponent, usePreload } from "@/lib/lazy";
import { useDocumentTitle } from "@/lib/use-document-title";
import {
  getInvitationLink,
  isWaitingForReview,
  useDeleteInvitation,
  useInvitations,
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

// The form (react-hook-form and the zod contract) downloads after the list is drawn.
const InviteDialog = lazyComponent(() => import("../components/invite-dialog").then((m) => m.InviteDialog));

const byAddress = new Intl.Collator("en", { numeric: true });

/** `?invite=member|leader` opens the dialog (the members page's Add Member uses it). */
const INVITE_PARAM_ROLES: Record<string, TInvitableRole> = { member: "CONGREGANT", leader: "ADMIN" };

export async function copyInvitationLink(token: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(getInvitationLink(token));
    toast({ title: "Link Copied", description: "The invitation link is on your clipboard." });
  } catch {
    toast({
      title: "Failed to Copy",
      description: "Could not copy the invitation link. Please try again.",
      variant: "destructive",
    });
  }
}

/** Spec 2 Invitation management (`/admin/invitations`). */
export function InvitationsPage() {
  const user = useCurrentUser();
  const invitations = useInvitations();
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
  // Why invitations wait instead of being e-mailed (the admin's address is not confirmed), once told.
  const [heldNotice, setHeldNotice] = useState<string | null>(null);
  const sendConfirmationLink = useSendConfirmationLink();
  const search = useSearch();
  const [location, navigate] = useLocation();
  useDocumentTitle("Send Invitations");
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
    const all = [...(invitations.data ?? [])].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
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
  const notice =
    heldNotice ??
    (user.emailVerified === false && waiting.some((inv) => inv.source === "manual")
      ? CONFIRM_TO_SEND_INVITATIONS
      : null);
  useEffect(() => {
    if (!hasWaiting || window.location.hash !== "#waiting") return;
    document.getElementById("waiting")?.scrollIntoView({ block: "start" });
    document.getElementById(WAITING_HEADING_ID)?.focus({ preventScroll: true });
  }, [hasWaiting]);

  const sendOne = (invitation: TInvitation) =>
    sendWaiting.mutate(invitation.id, {
      onSuccess: () =>
        toast({ title: "Invitation Sent", description: `We emailed an invitation to ${invitation.email}.` }),
      onError: (error) => {
        const status = getStatus(error);
        const detail = status === 403 || status === 409 || status === 429 ? getServerMessage(error) : null;
        if (detail === CONFIRM_TO_SEND_INVITATIONS) setHeldNotice(detail);
        toastApiError(error, {
          title: "Failed to Send Invitation",
          description: detail ?? "There was an error sending the invitation. Please try again.",
        });
      },
    });

  const sendAll = () =>
    sendAllWaiting.mutate(undefined, {
      onSuccess: ({ sent, waiting: left, notice }) => {
        if (notice?.startsWith(CONFIRM_TO_SEND_INVITATIONS)) setHeldNotice(CONFIRM_TO_SEND_INVITATIONS);
        const why = notice ?? "Today's sending limit is reached, send them tomorrow.";
        const rest = left > 0 ? ` ${left} still waiting. ${why}` : "";
        toast({
          title: sent > 0 ? "Invitations Sent" : "No Invitations Sent",
          description: `${sent} ${sent === 1 ? "invitation" : "invitations"} emailed.${rest}`,
          variant: sent === 0 && left > 0 ? "destructive" : undefined,
        });
      },
      onError: (error) =>
        toastApiError(error, {
          title: "Failed to Send Invitations",
          description: getServerMessage(error) ?? "There was an error sending the invitations. Please try again.",
        }),
    });

  const confirmDelete = (invitation: TInvitation) =>
    deleteInvitation.mutate(invitation.id, {
      onSuccess: () =>
        toast({ title: "Invitation Deleted", description: `The link sent to ${invitation.email} no longer works.` }),
      onError: (error) =>
        toastApiError(error, {
          title: "Failed to Delete Invitation",
          description: "There was an error deleting the invitation. Please try again.",
        }),
    });

  const resend = (invitation: TInvitation) =>
    resendInvitation.mutate(invitation.id, {
      onSuccess: () =>
        toast({ title: "Invitation Sent", description: `We emailed the link to ${invitation.email} again.` }),
      onError: (error) => {
        // A sending limit (429), an unconfirmed address (403) or a changed invitation (409) says exactly what happened.
        const status = getStatus(error);
        const detail = status === 403 || status === 409 || status === 429 ? getServerMessage(error) : null;
        if (detail === CONFIRM_TO_SEND_INVITATIONS) setHeldNotice(detail);
        toastApiError(error, {
          title: "Failed to Resend Invitation",
          description: detail ?? "There was an error sending the invitation. Please try again.",
        });
      },
    });

  return (
    <>
      <PageHeader
        title="Send Invitations"
        description={`Members join ${user.church.name} only through an invitation link.`}
        actions={
          <>
            <Button onClick={() => openDialog("CONGREGANT")}>
              <UserPlus aria-hidden="true" />
              Invite Church Member
            </Button>
            <Button variant="outline" onClick={() => openDialog("ADMIN")}>
              <ShieldCheck aria-hidden="true" />
              Invite Church Leader
            </Button>
            <Button asChild variant="outline">
              <Link href="/admin/members/import">
                <FileUp aria-hidden="true" />
                Import from CSV
              </Link>
            </Button>
            <Button asChild variant="ghost">
              <a href="/api/admin/invitations/export.csv" download>
                <Download aria-hidden="true" />
                Export CSV
              </a>
            </Button>
          </>
        }
      />

      {notice && (
        <div
          role="note"
          className="mb-6 flex flex-col gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950 sm:flex-row sm:items-center"
        >
          {/* The icon stays beside the words on a phone, where the button goes below them. */}
          <div className="flex min-w-0 flex-1 items-start gap-2">
            <Mail className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <p className="min-w-0">{notice}</p>
          </div>
          <Button
            size="sm"
            variant="outline"
            disabled={sendConfirmationLink.isPending}
            onClick={() =>
              sendConfirmationLink.mutate(undefined, {
                onSuccess: () =>
                  toast({ title: "Link sent", description: `Check your inbox at ${user.email}, then open the link.` }),
                onError: (error) =>
                  toastApiError(error, {
                    title: "Could not send the link",
                    description: getServerMessage(error) ?? "Please try again in a moment.",
                  }),
              })
            }
          >
            Send me a confirmation link
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
            Sent Invitations
          </CardTitle>
          <CardDescription>Pending links can be copied and shared directly.</CardDescription>
        </CardHeader>
        {invitations.isError ? (
          <LoadError what="Invitations" onRetry={() => invitations.refetch()} className="p-8 text-center" />
        ) : (
          <InvitationList
            invitations={sorted}
            isLoading={invitations.isLoading}
            onCopy={(inv) => inv.token && copyInvitationLink(inv.token)}
            onResend={resend}
            onDelete={setToDelete}
            emptyTitle={hasWaiting ? "No invitations sent yet" : undefined}
          />
        )}
      </Card>

      {isDialogDrawn && (
        <Suspense fallback={null}>
          <InviteDialog
            open={dialogRole !== null}
            initialRole={dialogRole ?? lastRole}
            churchName={user.church.name}
            onOpenChange={(open) => !open && setDialogRole(null)}
            onHeld={setHeldNotice}
          />
        </Suspense>
      )}
      <SendAllWaitingDialog
        open={isConfirmingSendAll}
        count={waiting.length}
        onConfirm={sendAll}
        onClose={() => setIsConfirmingSendAll(false)}
      />
      <ConfirmDeleteDialog
        item={toDelete}
        title="Delete this invitation?"
        description={
          <>The link sent to {toDelete?.email} will stop working. You can send a new invitation at any time.</>
        }
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      />
    </>
  );
}
