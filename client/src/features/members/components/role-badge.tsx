import type { TRole } from "@common/roles";
import { Badge, type TBadgeTone } from "@/components/ui/badge";
import { useT } from "@/lib/i18n";
import { membersCatalog, roleKey } from "../i18n";

/** Spec 2 section 6: ADMIN red, GROUP_LEADER blue, CONGREGANT grey (tones meet AA contrast). */
const ROLE_TONES: Record<TRole, TBadgeTone> = {
  SUPER_ADMIN: "red",
  ADMIN: "red",
  GROUP_LEADER: "blue",
  CONGREGANT: "grey",
};

export function RoleBadge({ role }: { role: TRole }) {
  const t = useT(membersCatalog);
  return <Badge tone={ROLE_TONES[role]}>{t(roleKey(role))}</Badge>;
}
