import { Skeleton } from "@/components/ui/skeleton";
import { useT } from "@/lib/i18n";
import { groupLifeCatalog } from "../life-i18n";

/** Inside a group (issue 27): first cut, filled in next. */
export function GroupThread({ groupId }: { groupId: string; canModerate: boolean }) {
  const t = useT(groupLifeCatalog);
  return (
    <section aria-labelledby={`group-thread-${groupId}`} className="space-y-3">
      <h2 id={`group-thread-${groupId}`} className="font-semibold text-lg">
        {t("thread.title")}
      </h2>
      <div role="status" aria-label={t("thread.loading")} className="space-y-2">
        <Skeleton className="h-16 w-full" />
      </div>
    </section>
  );
}
