import type en from "@common/locales/en/common.json";
import type { TRole } from "@common/roles";
import { useCallback } from "react";
import { type TTranslate, useT } from "@/lib/i18n";
import { commonCatalog } from "./i18n";

/** The catalogue key of a role's name in `common` (its English is `ROLE_LABELS`'). */
export const roleKey = (role: TRole) => `role.${role}` as const;

/** A role's one name on every screen ("Church Member"), with the `common` namespace's `t`. */
export const roleName = (t: TTranslate<typeof en>, role: TRole): string => t(roleKey(role));

/** `roleName` in the language on screen: `const name = useRoleName(); name("ADMIN")`. */
export function useRoleName(): (role: TRole) => string {
  const t = useT(commonCatalog);
  return useCallback((role: TRole) => roleName(t, role), [t]);
}
