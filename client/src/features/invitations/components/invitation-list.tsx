import { getInvitationStatus } from "@common/invitation-helpers";
import type { TInvitation } from "@common/invitations";
import { Copy, Mail, Send, Trash2 } from "lucide-react";
import { EmptyState } from "@/components/empty-state";
import { SkeletonList } from "@/components/skeleton-list";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { INVITATION_ROLE_LABELS } from "@/lib/public-invitation";
import { formatDate } from "@/lib/utils";
import { InvitationStatusBadge } from "./invitation-status-badge";

/** The role an invitation grants, in the members list's colours (spec 2 §6). */
export function InvitationRoleBadge({ role }: { role: TInvitation["role"] }) {
  return (
    <Badge tone={role === "ADMIN" ? "red" : role === "GROUP_LEADER" ? "blue" : "grey"}>
      {INVITATION_ROLE_LABELS[role]}
    </Badge>
  );
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
  return (
    <Button
      variant="ghost"
      size="sm"
      className="text-red-700 hover:bg-red-50"
      disabled={disabled}
      onClick={() => onDelete(invitation)}
      aria-label={`Delete invitation for ${invitation.email}`}
    >
      <Trash2 aria-hidden="true" />
      Delete
    </Button>
  );
}

export function InvitationList({
  invitations,
  isLoading,
  onCopy,
  onResend,
  onDelete,
  emptyTitle = "No invitations yet",
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
  if (isLoading) {
    return (
      <SkeletonList label="Loading invitations" count={5} rowClassName="grid gap-2 px-4 py-4 sm:px-6">
        <Skeleton className="h-4 w-56 max-w-full" />
        <Skeleton className="h-3 w-32" />
      </SkeletonList>
    );
  }
  if (invitations.length === 0) {
    return (
      <EmptyState
        icon={Mail}
        title={emptyTitle}
        description="Invite your first members and leaders. Each person gets a personal link by email."
      />
    );
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
                <span>Invited {formatDate(inv.createdAt)}</span>
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
                  aria-label={`Copy Link for ${inv.email}`}
                >
                  <Copy aria-hidden="true" />
                  Copy Link
                </Button>
              )}
              {isPending && (
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => onResend(inv)}
                  aria-label={`Resend invitation to ${inv.email}`}
                >
                  <Send aria-hidden="true" />
                  Resend
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
