import type { TInvitation, TInvitationSource } from "@common/invitations";
import { Inbox, Send } from "lucide-react";
import { useState } from "react";
import { commonCatalog } from "@/components/i18n";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useFormat, useT } from "@/lib/i18n";
import { formatDate } from "@/lib/utils";
import { invitationsCatalog } from "../i18n";
import { DeleteInvitationButton, InvitationRoleBadge } from "./invitation-list";

export const WAITING_HEADING_ID = "waiting-heading";
const PAGE = 50;

/** The catalogue key of where a waiting invitation came from, in words ("CSV import"). */
export const sourceKey = (source: TInvitationSource) => `source.${source}` as const;

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
  const t = useT(invitationsCatalog);
  const tc = useT(commonCatalog);
  const format = useFormat();
  const [shown, setShown] = useState(PAGE);
  return (
    <Card id="waiting" className="mb-6 scroll-mt-20 overflow-hidden border-amber-200">
      <CardHeader className="flex flex-col gap-3 border-b border-border pb-4 sm:flex-row sm:items-start sm:justify-between sm:pb-4">
        <div className="grid gap-1">
          <CardTitle className="flex items-center gap-2">
            <Inbox className="size-4 text-brand-text" aria-hidden="true" />
            <span id={WAITING_HEADING_ID} tabIndex={-1} className="rounded-sm">
              {t("waiting.title")}
            </span>
            <Badge tone="amber">{format.number(invitations.length)}</Badge>
          </CardTitle>
          <CardDescription>{t("waiting.description")}</CardDescription>
        </div>
        <Button className="self-start" disabled={isSendingAll} onClick={onSendAll}>
          <Send aria-hidden="true" />
          {isSendingAll ? t("waiting.sending") : t("waiting.sendAll")}
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
                  <span>{t("waiting.added", { date: formatDate(inv.createdAt) })}</span>
                  {inv.source && <Badge tone="soft">{t(sourceKey(inv.source))}</Badge>}
                  <InvitationRoleBadge role={inv.role} />
                </div>
              </div>
              <div className="flex flex-wrap gap-2">
                <Button
                  size="sm"
                  variant="outline"
                  disabled={isBusy}
                  onClick={() => onSend(inv)}
                  aria-label={t("waiting.send.label", { email: inv.email })}
                >
                  <Send aria-hidden="true" />
                  {t("waiting.send")}
                </Button>
                <DeleteInvitationButton invitation={inv} disabled={isBusy} onDelete={onDelete} />
              </div>
            </li>
          );
        })}
      </ul>
      {invitations.length > shown && (
        <div className="flex flex-wrap items-center gap-3 border-t border-border px-4 py-3 text-sm text-muted-foreground sm:px-6">
          <span>{t("waiting.showing", { shown: format.number(shown), total: format.number(invitations.length) })}</span>
          <Button size="sm" variant="outline" onClick={() => setShown((n) => n + PAGE * 4)}>
            {tc("action.showMore")}
          </Button>
        </div>
      )}
    </Card>
  );
}
