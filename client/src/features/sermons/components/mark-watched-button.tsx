import type { TSermon } from "@common/sermons";
import { Check, Eye } from "lucide-react";
import { useState } from "react";
import { Button, type TButtonSize } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { toastApiError } from "@/lib/auth-redirect";
import { useT } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { useWatchSermon } from "../api";
import { sermonsCatalog } from "../i18n";

/** Spec 1 section 4: 'Mark Watched', then 'Marking...', then 'Watched' (disabled). */
export function MarkWatchedButton({
  sermon,
  size = "sm",
  className,
}: {
  sermon: Pick<TSermon, "id" | "title" | "isWatched">;
  size?: TButtonSize;
  className?: string;
}) {
  const t = useT(sermonsCatalog);
  const watch = useWatchSermon();
  const [watchedHere, setWatchedHere] = useState(false);
  const watched = sermon.isWatched || watchedHere;

  const onClick = () =>
    watch.mutate(sermon.id, {
      onSuccess: (result) => {
        setWatchedHere(true);
        toast({
          title: t("watch.success"),
          description:
            result.pointsAwarded > 0 ? t("watch.markedPoints", { points: result.pointsAwarded }) : t("watch.marked"),
        });
      },
      onError: (error) => toastApiError(error, { description: t("watch.failed") }),
    });

  if (watched) {
    return (
      <Button
        variant="secondary"
        size={size}
        disabled
        aria-label={t("watch.doneLabel", { title: sermon.title })}
        className={cn("text-emerald-800 disabled:opacity-100", className)}
      >
        <Check aria-hidden="true" />
        {t("watch.done")}
      </Button>
    );
  }
  return (
    <Button
      variant="outline"
      size={size}
      onClick={onClick}
      disabled={watch.isPending}
      aria-label={
        watch.isPending
          ? t("watch.markingLabel", { title: sermon.title })
          : t("watch.markLabel", { title: sermon.title })
      }
      className={className}
    >
      <Eye aria-hidden="true" />
      {watch.isPending ? t("watch.marking") : t("watch.mark")}
    </Button>
  );
}
