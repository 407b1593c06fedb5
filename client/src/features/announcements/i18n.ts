import en from "@common/locales/en/announcements.json";
import { catalog, type TTranslate } from "@/lib/i18n";

/** Announcements (issue 29): the member's list and page, the admins' list and the composer: the `announcements` namespace. */
export const announcementsCatalog = catalog(
  "announcements",
  en,
  import.meta.glob(["@common/locales/*/announcements.json", "!@common/locales/en/*"], { import: "default" }),
);

export type TAnnouncementsT = TTranslate<typeof en>;
