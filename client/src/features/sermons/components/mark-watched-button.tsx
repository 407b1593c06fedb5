import type { TSermon } from "@common/sermons";
import { Check, Eye } from "lucide-react";
import { useState } from "react";
import { Button, type TButtonSize } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { toastApiError } from "@/lib/auth-redirect";
import { cn } from "@/lib/utils";
import { useWatchSermon } from "../api";

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
  const watch = useWatchSermon();
  const [watchedHere, setWatchedHere] = useState(false);
  const watched = sermon.isWatched || watchedHere;

  const onClick = () =>
    watch.mutate(sermon.id, {
      onSuccess: (result) => {
        setWatchedHere(true);
        toast({
          title: "Success!",
          description:
            result.pointsAwarded > 0
              ? `Sermon marked as watched! +${result.pointsAwarded} points earned`
              : "Sermon marked as watched!",
        });
      },
      onError: (error) => toastApiError(error, { description: "Failed to mark sermon as watched" }),
    });

  if (watched) {
    return (
      <Button
        variant="secondary"
        size={size}
        disabled
        aria-label={`Watched: ${sermon.title}`}
        className={cn("text-emerald-800 disabled:opacity-100", className)}
      >
        <Check aria-hidden="true" />
        Watched
      </Button>
    );
  }
  return (
    <Button
      variant="outline"
      size={size}
      onClick={onClick}
      disabled={watch.isPending}
      aria-label={watch.isPending ? `Marking... ${sermon.title}` : `Mark Watched: ${sermon.title}`}
      className={className}
    >
      <Eye aria-hidden="true" />
      {watch.isPending ? "Marking..." : "Mark Watched"}
    </Button>
  );
}
