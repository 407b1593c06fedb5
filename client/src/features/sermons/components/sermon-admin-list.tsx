import type { TSermon } from "@common/sermons";
import { BookOpen, ExternalLink, FileText, Headphones, SearchX, Send, Video } from "lucide-react";
import { EmptyState } from "@/components/empty-state";
import { ResponsiveTable } from "@/components/responsive-table";
import { RowActions } from "@/components/row-actions";
import { SkeletonList } from "@/components/skeleton-list";
import { Badge } from "@/components/ui/badge";
import { Button, buttonClasses } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { TableCell } from "@/components/ui/table";
import { useT } from "@/lib/i18n";
import { useSermonFormat } from "../format";
import { sermonsCatalog } from "../i18n";

export const SERMON_SKELETON_ROWS = 5;

function MediaMarkers({ sermon }: { sermon: TSermon }) {
  const t = useT(sermonsCatalog);
  const markers = [
    sermon.videoUrl && { label: t("admin.media.video"), icon: Video },
    sermon.audioUrl && { label: t("admin.media.audio"), icon: Headphones },
    sermon.notesUrl && { label: t("admin.media.notes"), icon: FileText },
  ].filter(Boolean) as Array<{ label: string; icon: typeof Video }>;
  if (markers.length === 0) return null;
  return (
    <span className="flex flex-wrap gap-1.5">
      {markers.map(({ label, icon: Icon }) => (
        <Badge key={label} tone="outline" className="text-stone-700">
          <Icon className="size-3" aria-hidden="true" />
          {label}
        </Badge>
      ))}
    </span>
  );
}

function RowSkeletons({ label, count, testId }: { label: string; count: number; testId?: string }) {
  return (
    <SkeletonList label={label} count={count} testId={testId} rowClassName="flex items-center gap-4 px-4 py-4">
      <div className="grid flex-1 gap-1.5">
        <Skeleton className="h-4 w-56 max-w-full" />
        <Skeleton className="h-3 w-24" />
      </div>
      <Skeleton className="hidden h-4 w-28 md:block" />
      <Skeleton className="hidden h-4 w-24 md:block" />
      <Skeleton className="h-5 w-20 rounded-full" />
    </SkeletonList>
  );
}

/** Published, or a draft (a live stream's recording) that members do not see yet. */
function SermonStatus({ sermon }: { sermon: TSermon }) {
  const t = useT(sermonsCatalog);
  return sermon.isDraft ? (
    <Badge tone="amber">{t("admin.status.draft")}</Badge>
  ) : (
    <Badge tone="green">{t("admin.status.published")}</Badge>
  );
}

/**
 * Spec 2 Manage Sermons: the table (cards on a phone), 5 skeleton rows, and the empty states; three
 * more skeleton rows below the list while its next page loads. A draft has a Publish button.
 */
export function SermonAdminList({
  sermons,
  isLoading,
  isLoadingMore = false,
  isFiltered,
  onEdit,
  onDelete,
  onPublish,
  publishingId,
}: {
  sermons: TSermon[];
  isLoading: boolean;
  isLoadingMore?: boolean;
  isFiltered: boolean;
  onEdit: (s: TSermon) => void;
  onDelete: (s: TSermon) => void;
  onPublish: (s: TSermon) => void;
  /** The draft being published, if any. */
  publishingId?: string;
}) {
  const t = useT(sermonsCatalog);
  const format = useSermonFormat();
  if (isLoading) {
    return <RowSkeletons label={t("list.loading")} count={SERMON_SKELETON_ROWS} testId="sermon-row-skeleton" />;
  }
  if (sermons.length === 0) {
    return isFiltered ? (
      <EmptyState icon={SearchX} title={t("admin.empty.title")} description={t("admin.empty.filtered")} />
    ) : (
      <EmptyState icon={BookOpen} title={t("admin.empty.title")} description={t("admin.empty.description")} />
    );
  }
  const publishButton = (s: TSermon) =>
    s.isDraft && (
      <Button
        variant="outline"
        size="sm"
        onClick={() => onPublish(s)}
        disabled={publishingId === s.id}
        aria-label={
          publishingId === s.id
            ? t("admin.publishingLabel", { title: s.title })
            : t("admin.publishLabel", { title: s.title })
        }
      >
        <Send aria-hidden="true" />
        {publishingId === s.id ? t("admin.publishing") : t("admin.publish")}
      </Button>
    );
  const actions = (s: TSermon) => (
    <div className="flex items-center justify-end gap-1">
      {publishButton(s)}
      <RowActions name={s.title} onEdit={() => onEdit(s)} onDelete={() => onDelete(s)}>
        <a
          href={`/sermons/${encodeURIComponent(s.id)}`}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t("admin.view", { title: s.title })}
          className={buttonClasses({ variant: "ghost", size: "icon" })}
        >
          <ExternalLink aria-hidden="true" />
        </a>
      </RowActions>
    </div>
  );
  return (
    <>
      <ResponsiveTable
        items={sermons}
        headings={[
          t("admin.column.title"),
          t("admin.column.speaker"),
          t("admin.column.date"),
          t("admin.column.status"),
        ]}
        cardClassName="flex flex-col gap-2 px-4 py-4"
        renderActions={actions}
        renderCard={(s) => (
          <>
            <div className="flex items-start gap-2">
              <div className="min-w-0 flex-1">
                <p className="font-medium break-words text-foreground">{s.title}</p>
                <p className="text-sm text-muted-foreground">
                  {s.speaker} · {format.shortDate(s.date)}
                </p>
              </div>
              <SermonStatus sermon={s} />
            </div>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <MediaMarkers sermon={s} />
              <div className="-me-2 ms-auto">{actions(s)}</div>
            </div>
          </>
        )}
        renderCells={(s) => (
          <>
            <TableCell className="w-2/5 max-w-0">
              <p className="truncate font-medium text-foreground" title={s.title}>
                {s.title}
              </p>
              <div className="mt-1">
                <MediaMarkers sermon={s} />
              </div>
            </TableCell>
            <TableCell className="max-w-48 truncate text-stone-700">{s.speaker}</TableCell>
            <TableCell className="whitespace-nowrap text-muted-foreground">{format.shortDate(s.date)}</TableCell>
            <TableCell>
              <SermonStatus sermon={s} />
            </TableCell>
          </>
        )}
      />
      {isLoadingMore && <RowSkeletons label={t("admin.loadingMore")} count={3} />}
    </>
  );
}
