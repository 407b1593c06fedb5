import { formatTimestamp } from "@common/highlight-helpers";
import type { THighlight } from "@common/highlights";
import { Highlighter, Users } from "lucide-react";
import { LoadError } from "@/components/load-error";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { toastApiError } from "@/lib/auth-redirect";
import { useHighlights, useShareHighlight } from "../api";
import { HighlightItem } from "./highlight-list";

async function copyHighlight(h: THighlight, sermonTitle: string) {
  const text = `“${h.text}” (${sermonTitle}, ${formatTimestamp(h.timestamp)})${h.note && h.isMine ? `\n${h.note}` : ""}`;
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: "Copied", description: "Highlight copied to clipboard." });
  } catch {
    toast({
      title: "Failed to Copy",
      description: "Could not copy the highlight. Please try again.",
      variant: "destructive",
    });
  }
}

/** The member's own highlights and the community's shared ones for one sermon. */
export function SermonHighlights({
  sermonId,
  sermonTitle,
  onSeek,
}: {
  sermonId: string;
  sermonTitle: string;
  onSeek?: (seconds: number) => void;
}) {
  const highlights = useHighlights(sermonId);
  const share = useShareHighlight();
  const all = highlights.data ?? [];
  const mine = all.filter((h) => h.isMine).sort((a, b) => a.timestamp - b.timestamp);
  const community = all
    .filter((h) => !h.isMine && h.isShared)
    .sort((a, b) => b.shareCount - a.shareCount || a.timestamp - b.timestamp);

  const onShare = (h: THighlight) =>
    share.mutate(h.id, {
      onSuccess: () =>
        toast({ title: "Highlight Shared", description: "Your highlight has been shared with the community." }),
      onError: (error) => toastApiError(error, { description: "Failed to share highlight." }),
    });
  const sharing = (h: THighlight) => share.isPending && share.variables === h.id;

  const loading = (
    <div className="grid gap-3" role="status" aria-label="Loading highlights">
      <Skeleton className="h-4 w-16" />
      <Skeleton className="h-12" />
    </div>
  );
  const failed = <LoadError what="Highlights" onRetry={() => highlights.refetch()} />;
  // Both cards list their highlights the same way.
  const list = (items: THighlight[]) => (
    <ul className="divide-y divide-border">
      {items.map((h) => (
        <HighlightItem
          key={h.id}
          highlight={h}
          onSeek={onSeek}
          onShare={onShare}
          onCopy={(x) => copyHighlight(x, sermonTitle)}
          sharing={sharing(h)}
        />
      ))}
    </ul>
  );

  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Highlighter className="size-4 text-brand-text" aria-hidden="true" />
            Your Highlights
          </CardTitle>
        </CardHeader>
        <CardContent>
          {highlights.isLoading ? (
            loading
          ) : highlights.isError ? (
            failed
          ) : mine.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              Select a passage in the sermon text and choose Highlight to save the moment.
            </p>
          ) : (
            list(mine)
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Users className="size-4 text-brand-text" aria-hidden="true" />
            Shared by the community
          </CardTitle>
          <CardDescription>Moments other members found meaningful.</CardDescription>
        </CardHeader>
        <CardContent>
          {highlights.isLoading ? (
            loading
          ) : highlights.isError ? null : community.length === 0 ? (
            <p className="text-sm text-muted-foreground">No one has shared a highlight from this sermon yet.</p>
          ) : (
            list(community)
          )}
        </CardContent>
      </Card>
    </>
  );
}
