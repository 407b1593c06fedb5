import { useT } from "@/lib/i18n";
import { commonCatalog } from "./i18n";

/** The whole screen while the session or a standalone page's code is on its way; `label` is "Loading Fellowship" unless given. */
export function FullPageLoader({ label }: { label?: string }) {
  const t = useT(commonCatalog);
  return (
    <div className="flex min-h-dvh items-center justify-center bg-background" role="status" aria-live="polite">
      <div className="flex flex-col items-center gap-4">
        <span
          className="size-10 animate-spin rounded-full border-4 border-brand-soft border-t-primary"
          aria-hidden="true"
        />
        <span className="text-sm text-muted-foreground">{label ?? t("loading.app")}...</span>
      </div>
    </div>
  );
}
