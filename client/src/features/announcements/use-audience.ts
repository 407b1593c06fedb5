import type { TAnnouncement } from "@common/announcements";
import { useCallback } from "react";
import { useRoleName } from "@/components/role-name";
import { currentLanguage, intlLocale, useT } from "@/lib/i18n";
import { describeAudience } from "./format";
import { announcementsCatalog } from "./i18n";

/** "Youth and Alpha" in the language on screen. */
export function useNameList(): (names: string[]) => string {
  const t = useT(announcementsCatalog);
  // `t` changes with the language: the list's words follow it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: t marks the language
  return useCallback(
    (names: string[]) => new Intl.ListFormat(intlLocale(currentLanguage()), { type: "conjunction" }).format(names),
    [t],
  );
}

/** Who an announcement went or goes to, in words. */
export function useAudienceText(): (a: Pick<TAnnouncement, "audience" | "groups">) => string {
  const t = useT(announcementsCatalog);
  const roleName = useRoleName();
  const list = useNameList();
  return useCallback((a) => describeAudience(a.audience, a.groups, t, roleName, list), [t, roleName, list]);
}
