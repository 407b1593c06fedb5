import type { TInvitationRequest } from "@common/public-church";
import { Send, UserRoundPlus, X } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { toast } from "@/components/ui/use-toast";
import { getServerMessage } from "@/lib/api-client";
import { toastApiError } from "@/lib/auth-redirect";
import { useT } from "@/lib/i18n";
import { formatDate, formatNumber } from "@/lib/utils";
import { invitationsCatalog } from "../i18n";
import { useDismissRequest, useInvitationRequests, useInviteFromRequest } from "../requests-api";

const HEADING_ID = "requests-heading";

/**
 * "Requests to join": visitors who asked on the public page (issue 24). Invite sends a normal
 * invitation as Church Member; Dismiss closes the request. Nothing is drawn while there are none.
 */
export function InvitationRequests() {
  const t = useT(invitationsCatalog);
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
            ? { title: t("requests.toast.notSent"), description: invitation.notice }
            : {
                title: t("requests.toast.sent"),
                description: t("requests.toast.sent.description", { email: r.email }),
              },
        ),
      onError: (error) =>
        toastApiError(error, {
          title: t("requests.toast.inviteFailed"),
          description: getServerMessage(error) ?? t("tryAgain"),
        }),
    });

  const onDismiss = (r: TInvitationRequest) =>
    dismiss.mutate(r.id, {
      onSuccess: () =>
        toast({
          title: t("requests.toast.dismissed"),
          description: t("requests.toast.dismissed.description", { name: r.name }),
        }),
      onError: (error) =>
        toastApiError(error, {
          title: t("requests.toast.dismissFailed"),
          description: getServerMessage(error) ?? t("tryAgain"),
        }),
    });

  return (
    <Card className="mb-6 overflow-hidden border-brand-border">
      <CardHeader className="border-b border-border pb-4 sm:pb-4">
        <CardTitle className="flex items-center gap-2">
          <UserRoundPlus className="size-4 text-brand-text" aria-hidden="true" />
          <span id={HEADING_ID}>{t("requests.title")}</span>
          <Badge tone="soft">{formatNumber(list.length)}</Badge>
        </CardTitle>
        <CardDescription>{t("requests.description")}</CardDescription>
      </CardHeader>
      <ul className="divide-y divide-border" aria-labelledby={HEADING_ID}>
        {list.map((r) => (
          <li key={r.id} className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-start sm:px-6">
            <div className="min-w-0 flex-1">
              <p className="font-medium break-words text-foreground">{r.name}</p>
              <p className="text-sm break-all text-muted-foreground">{r.email}</p>
              {r.message && <p className="mt-1 text-sm break-words whitespace-pre-line text-foreground">{r.message}</p>}
              <p className="mt-1 text-xs text-muted-foreground">
                {t("requests.asked", { date: formatDate(r.createdAt) })}
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              <Button
                size="sm"
                disabled={busyId === r.id}
                onClick={() => onInvite(r)}
                aria-label={t("requests.invite.label", { name: r.name, email: r.email })}
              >
                <Send aria-hidden="true" />
                {t("requests.invite")}
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={busyId === r.id}
                onClick={() => onDismiss(r)}
                aria-label={t("requests.dismiss.label", { name: r.name })}
              >
                <X aria-hidden="true" />
                {t("requests.dismiss")}
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}
