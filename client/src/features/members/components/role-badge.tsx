import type { TRole } from "@common/roles";
import { useRoleName } from "@/components/role-name";
import { Badge, type TBadgeTone } from "@/components/ui/badge";

/** Spec 2 section 6: ADMIN red, GROUP_LEADER blue, CONGREGANT grey (tones meet AA contrast). */
const ROLE_TONES: Record<TRole, TBadgeTone> = {
  SUPER_ADMIN: "red",
  ADMIN: "red",
  GROUP_LEADER: "blue",
  CONGREGANT: "grey",
};

export function RoleBadge({ role }: { role: TRole }) {
  const roleName = useRoleName();
  return <Badge tone={ROLE_TONES[role]}>{roleName(role)}</Badge>;
}
