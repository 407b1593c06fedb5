import { getInvitationStatus, type TInvitationStatus } from "@common/invitation-helpers";
import type { TInvitation } from "@common/invitations";
import { Badge, type TBadgeTone } from "@/components/ui/badge";
import { useT } from "@/lib/i18n";
import { invitationsCatalog } from "../i18n";

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
  const t = useT(invitationsCatalog);
  const status = getInvitationStatus(invitation, now);
  return <Badge tone={STATUS_TONES[status]}>{t(`status.${status}`)}</Badge>;
}
