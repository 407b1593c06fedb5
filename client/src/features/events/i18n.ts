import en from "@common/locales/en/events.json";
import { catalog, type TTranslate } from "@/lib/i18n";

/** The events pages, cards and the dashboards' event list: the `events` namespace. */
export const eventsCatalog = catalog(
  "events",
  en,
  import.meta.glob(["@common/locales/*/events.json", "!@common/locales/en/*"], { import: "default" }),
);

export type TEventsT = TTranslate<typeof en>;
