import { getInvitationStatus } from "@common/invitation-helpers";
import type { TInvitation } from "@common/invitations";
import { Copy, Mail, Send, Trash2 } from "lucide-react";
import { EmptyState } from "@/components/empty-state";
import { commonCatalog } from "@/components/i18n";
import { useRoleName } from "@/components/role-name";
import { SkeletonList } from "@/components/skeleton-list";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useT } from "@/lib/i18n";
import { formatDate } from "@/lib/utils";
import { invitationsCatalog } from "../i18n";
import { InvitationStatusBadge } from "./invitation-status-badge";

/** The role an invitation grants, in the members list's colours (spec 2 §6). */
export function InvitationRoleBadge({ role }: { role: TInvitation["role"] }) {
  const roleName = useRoleName();
  return <Badge tone={role === "ADMIN" ? "red" : role === "GROUP_LEADER" ? "blue" : "grey"}>{roleName(role)}</Badge>;
}

export function DeleteInvitationButton({
  invitation,
  disabled,
  onDelete,
}: {
  invitation: TInvitation;
  disabled?: boolean;
  onDelete: (invitation: TInvitation) => void;
}) {
  const t = useT(invitationsCatalog);
  const tc = useT(commonCatalog);
  return (
    <Button
      variant="ghost"
      size="sm"
      className="text-red-700 hover:bg-red-50"
      disabled={disabled}
      onClick={() => onDelete(invitation)}
      aria-label={t("list.delete.label", { email: invitation.email })}
    >
      <Trash2 aria-hidden="true" />
      {tc("action.delete")}
    </Button>
  );
}

export function InvitationList({
  invitations,
  isLoading,
  onCopy,
  onResend,
  onDelete,
  emptyTitle,
  now = new Date(),
}: {
  invitations: TInvitation[];
  isLoading: boolean;
  onCopy: (invitation: TInvitation) => void;
  onResend: (invitation: TInvitation) => void;
  onDelete: (invitation: TInvitation) => void;
  emptyTitle?: string;
  now?: Date;
}) {
  const t = useT(invitationsCatalog);
  if (isLoading) {
    return (
      <SkeletonList label={t("list.loading")} count={5} rowClassName="grid gap-2 px-4 py-4 sm:px-6">
        <Skeleton className="h-4 w-56 max-w-full" />
        <Skeleton className="h-3 w-32" />
      </SkeletonList>
    );
  }
  if (invitations.length === 0) {
    return <EmptyState icon={Mail} title={emptyTitle ?? t("list.empty")} description={t("list.empty.description")} />;
  }
  return (
    <ul className="divide-y divide-border">
      {invitations.map((inv) => {
        const isPending = getInvitationStatus(inv, now) === "Pending";
        return (
          <li key={inv.id} className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:px-6">
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium text-foreground">{inv.email}</p>
              <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                <span>{t("list.invited", { date: formatDate(inv.createdAt) })}</span>
                <InvitationRoleBadge role={inv.role} />
                <InvitationStatusBadge invitation={inv} now={now} />
              </div>
            </div>
            <div className="flex flex-wrap gap-2">
              {isPending && inv.token && (
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => onCopy(inv)}
                  aria-label={t("list.copy.label", { email: inv.email })}
                >
                  <Copy aria-hidden="true" />
                  {t("list.copy")}
                </Button>
              )}
              {isPending && (
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => onResend(inv)}
                  aria-label={t("list.resend.label", { email: inv.email })}
                >
                  <Send aria-hidden="true" />
                  {t("list.resend")}
                </Button>
              )}
              <DeleteInvitationButton invitation={inv} onDelete={onDelete} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
