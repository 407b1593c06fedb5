import { getInvitationStatus, type TInvitationStatus } from "@common/invitation-helpers";
import type { TInvitation } from "@common/invitations";
import { Badge, type TBadgeTone } from "@/components/ui/badge";

const STATUS_TONES: Record<TInvitationStatus, TBadgeTone> = {
  Accepted: "green",
  Expired: "grey",
  Pending: "amber",
};

export function InvitationStatusBadge({
  invitation,
  now,
}: {
  invitation: Pick<TInvitation, "isUsed" | "expiresAt">;
  now?: Date;
}) {
  const status = getInvitationStatus(invitation, now);
  return <Badge tone={STATUS_TONES[status]}>{status}</Badge>;
}
