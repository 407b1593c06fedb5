import type { TInvitation, TInvitationSource } from "@common/invitations";
import { Inbox, Send } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatDate, formatNumber } from "@/lib/utils";
import { DeleteInvitationButton, InvitationRoleBadge } from "./invitation-list";

export const WAITING_HEADING_ID = "waiting-heading";
const PAGE = 50;

/** Where a waiting invitation came from, in words. */
export const SOURCE_LABELS: Record<TInvitationSource, string> = {
  manual: "Added by hand",
  import: "CSV import",
  planning_center: "Planning Center",
  church_community_builder: "Church Community Builder",
};

const personName = (inv: TInvitation) => [inv.firstName, inv.lastName].filter(Boolean).join(" ");

/**
 * Invitations made by an import or a sync and not e-mailed yet (issue 12): nobody hears from the
 * church until an admin sends them, one by one or all at once.
 */
export function WaitingInvitations({
  invitations,
  busyId,
  isSendingAll,
  onSend,
  onSendAll,
  onDelete,
}: {
  invitations: TInvitation[];
  busyId: string | null;
  isSendingAll: boolean;
  onSend: (invitation: TInvitation) => void;
  onSendAll: () => void;
  onDelete: (invitation: TInvitation) => void;
}) {
  const [shown, setShown] = useState(PAGE);
  return (
    <Card id="waiting" className="mb-6 scroll-mt-20 overflow-hidden border-amber-200">
      <CardHeader className="flex flex-col gap-3 border-b border-border pb-4 sm:flex-row sm:items-start sm:justify-between sm:pb-4">
        <div className="grid gap-1">
          <CardTitle className="flex items-center gap-2">
            <Inbox className="size-4 text-brand-text" aria-hidden="true" />
            <span id={WAITING_HEADING_ID} tabIndex={-1} className="rounded-sm">
              Waiting for Review
            </span>
            <Badge tone="amber">{formatNumber(invitations.length)}</Badge>
          </CardTitle>
          <CardDescription>
            Brought in by an import or a sync, or held back by a sending limit. Nobody is emailed until you send their
            invitation.
          </CardDescription>
        </div>
        <Button className="self-start" disabled={isSendingAll} onClick={onSendAll}>
          <Send aria-hidden="true" />
          {isSendingAll ? "Sending..." : "Send all waiting"}
        </Button>
      </CardHeader>
      <ul className="divide-y divide-border" aria-labelledby={WAITING_HEADING_ID}>
        {invitations.slice(0, shown).map((inv) => {
          const name = personName(inv);
          const isBusy = busyId === inv.id || isSendingAll;
          return (
            <li key={inv.id} className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:px-6">
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium text-foreground">{name || inv.email}</p>
                {name && <p className="truncate text-sm text-muted-foreground">{inv.email}</p>}
                <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                  <span>Added {formatDate(inv.createdAt)}</span>
                  {inv.source && <Badge tone="soft">{SOURCE_LABELS[inv.source]}</Badge>}
                  <InvitationRoleBadge role={inv.role} />
                </div>
              </div>
              <div className="flex flex-wrap gap-2">
                <Button
                  size="sm"
                  variant="outline"
                  disabled={isBusy}
                  onClick={() => onSend(inv)}
                  aria-label={`Send invitation to ${inv.email}`}
                >
                  <Send aria-hidden="true" />
                  Send
                </Button>
                <DeleteInvitationButton invitation={inv} disabled={isBusy} onDelete={onDelete} />
              </div>
            </li>
          );
        })}
      </ul>
      {invitations.length > shown && (
        <div className="flex flex-wrap items-center gap-3 border-t border-border px-4 py-3 text-sm text-muted-foreground sm:px-6">
          <span>
            Showing {formatNumber(shown)} of {formatNumber(invitations.length)}.
          </span>
          <Button size="sm" variant="outline" onClick={() => setShown((n) => n + PAGE * 4)}>
            Show more
          </Button>
        </div>
      )}
    </Card>
  );
}
