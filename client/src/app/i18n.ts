import en from "@common/locales/en/shell.json";
import { catalog } from "@/lib/i18n";

/** The shell's words (sidebar, drawer, top bar, search box, Live sign, badge toasts): the `shell` namespace. */
export const shellCatalog = catalog(
  "shell",
  en,
  import.meta.glob(["@common/locales/*/shell.json", "!@common/locales/en/*"], { import: "default" }),
);

/** A key of the shell's catalogue (the nav labels in routes.tsx name theirs without loading it). */
export type TShellKey = keyof typeof en;
