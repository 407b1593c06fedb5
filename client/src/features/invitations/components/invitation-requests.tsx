import type { TInvitationRequest } from "@common/public-church";
import { Send, UserRoundPlus, X } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { toast } from "@/components/ui/use-toast";
import { getServerMessage } from "@/lib/api-client";
import { toastApiError } from "@/lib/auth-redirect";
import { formatDate, formatNumber } from "@/lib/utils";
import { useDismissRequest, useInvitationRequests, useInviteFromRequest } from "../requests-api";

const HEADING_ID = "requests-heading";

/**
 * "Requests to join": visitors who asked on the public page (issue 24). Invite sends a normal
 * invitation as Church Member; Dismiss closes the request. Nothing is drawn while there are none.
 */
export function InvitationRequests() {
  const requests = useInvitationRequests();
  const invite = useInviteFromRequest();
  const dismiss = useDismissRequest();
  const list = requests.data ?? [];
  if (list.length === 0) return null;

  const busyId = (invite.isPending && invite.variables) || (dismiss.isPending && dismiss.variables) || null;

  const onInvite = (r: TInvitationRequest) =>
    invite.mutate(r.id, {
      onSuccess: (invitation) =>
        toast(
          invitation.notice
            ? { title: "Invitation made, not sent yet", description: invitation.notice }
            : { title: "Invitation Sent", description: `An invitation is on its way to ${r.email}.` },
        ),
      onError: (error) =>
        toastApiError(error, {
          title: "Could not invite",
          description: getServerMessage(error) ?? "Please try again in a moment.",
        }),
    });

  const onDismiss = (r: TInvitationRequest) =>
    dismiss.mutate(r.id, {
      onSuccess: () => toast({ title: "Request dismissed", description: `${r.name} will not be invited.` }),
      onError: (error) =>
        toastApiError(error, {
          title: "Could not dismiss",
          description: getServerMessage(error) ?? "Please try again in a moment.",
        }),
    });

  return (
    <Card className="mb-6 overflow-hidden border-brand-border">
      <CardHeader className="border-b border-border pb-4 sm:pb-4">
        <CardTitle className="flex items-center gap-2">
          <UserRoundPlus className="size-4 text-brand-text" aria-hidden="true" />
          <span id={HEADING_ID}>Requests to join</span>
          <Badge tone="soft">{formatNumber(list.length)}</Badge>
        </CardTitle>
        <CardDescription>
          Visitors who asked for an invitation on your public page. Invite sends them a Church Member invitation.
        </CardDescription>
      </CardHeader>
      <ul className="divide-y divide-border" aria-labelledby={HEADING_ID}>
        {list.map((r) => (
          <li key={r.id} className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-start sm:px-6">
            <div className="min-w-0 flex-1">
              <p className="font-medium break-words text-foreground">{r.name}</p>
              <p className="text-sm break-all text-muted-foreground">{r.email}</p>
              {r.message && <p className="mt-1 text-sm break-words whitespace-pre-line text-foreground">{r.message}</p>}
              <p className="mt-1 text-xs text-muted-foreground">Asked {formatDate(r.createdAt)}</p>
            </div>
            <div className="flex flex-wrap gap-2">
              <Button
                size="sm"
                disabled={busyId === r.id}
                onClick={() => onInvite(r)}
                aria-label={`Invite ${r.name} (${r.email})`}
              >
                <Send aria-hidden="true" />
                Invite
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={busyId === r.id}
                onClick={() => onDismiss(r)}
                aria-label={`Dismiss the request from ${r.name}`}
              >
                <X aria-hidden="true" />
                Dismiss
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}
