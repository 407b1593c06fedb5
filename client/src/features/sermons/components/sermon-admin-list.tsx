import type { TSermon } from "@common/sermons";
import { BookOpen, ExternalLink, FileText, Headphones, Pencil, SearchX, Trash2, Video } from "lucide-react";
import { EmptyState } from "@/components/empty-state";
import { Badge } from "@/components/ui/badge";
import { Button, buttonClasses } from "@/components/ui/button";
import { Skeleton, skeletonKeys } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatSermonShortDate } from "../format";

export const SERMON_SKELETON_ROWS = 5;

function MediaMarkers({ sermon }: { sermon: TSermon }) {
  const markers = [
    sermon.videoUrl && { label: "Video", icon: Video },
    sermon.audioUrl && { label: "Audio", icon: Headphones },
    sermon.notesUrl && { label: "Notes", icon: FileText },
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

function RowActions({
  sermon,
  onEdit,
  onDelete,
}: {
  sermon: TSermon;
  onEdit: (s: TSermon) => void;
  onDelete: (s: TSermon) => void;
}) {
  return (
    <div className="flex justify-end gap-1">
      <Button variant="ghost" size="icon" onClick={() => onEdit(sermon)} aria-label={`Edit ${sermon.title}`}>
        <Pencil aria-hidden="true" />
      </Button>
      <a
        href={`/sermons/${encodeURIComponent(sermon.id)}`}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`View ${sermon.title} (opens in a new window)`}
        className={buttonClasses({ variant: "ghost", size: "icon" })}
      >
        <ExternalLink aria-hidden="true" />
      </a>
      <Button
        variant="ghost"
        size="icon"
        className="text-red-700 hover:bg-red-50"
        onClick={() => onDelete(sermon)}
        aria-label={`Delete ${sermon.title}`}
      >
        <Trash2 aria-hidden="true" />
      </Button>
    </div>
  );
}

/** Spec 2 Manage Sermons: the table (cards on a phone), 5 skeleton rows, and the empty states. */
export function SermonAdminList({
  sermons,
  isLoading,
  isFiltered,
  onEdit,
  onDelete,
}: {
  sermons: TSermon[];
  isLoading: boolean;
  isFiltered: boolean;
  onEdit: (s: TSermon) => void;
  onDelete: (s: TSermon) => void;
}) {
  if (isLoading) {
    return (
      <ul className="divide-y divide-border" aria-label="Loading sermons">
        {skeletonKeys(SERMON_SKELETON_ROWS).map((key) => (
          <li key={key} data-testid="sermon-row-skeleton" className="flex items-center gap-4 px-4 py-4">
            <div className="grid flex-1 gap-1.5">
              <Skeleton className="h-4 w-56 max-w-full" />
              <Skeleton className="h-3 w-24" />
            </div>
            <Skeleton className="hidden h-4 w-28 md:block" />
            <Skeleton className="hidden h-4 w-24 md:block" />
            <Skeleton className="h-5 w-20 rounded-full" />
          </li>
        ))}
      </ul>
    );
  }
  if (sermons.length === 0) {
    return isFiltered ? (
      <EmptyState icon={SearchX} title="No sermons found" description="Try adjusting your search filters" />
    ) : (
      <EmptyState icon={BookOpen} title="No sermons found" description="Create your first sermon to get started" />
    );
  }
  const published = <Badge tone="green">Published</Badge>;
  return (
    <>
      {/* Phones: a card list, so nothing scrolls sideways. */}
      <ul className="divide-y divide-border md:hidden">
        {sermons.map((s) => (
          <li key={s.id} className="flex flex-col gap-2 px-4 py-4">
            <div className="flex items-start gap-2">
              <div className="min-w-0 flex-1">
                <p className="font-medium break-words text-foreground">{s.title}</p>
                <p className="text-sm text-muted-foreground">
                  {s.speaker} · {formatSermonShortDate(s.date)}
                </p>
              </div>
              {published}
            </div>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <MediaMarkers sermon={s} />
              <div className="-mr-2 ml-auto">
                <RowActions sermon={s} onEdit={onEdit} onDelete={onDelete} />
              </div>
            </div>
          </li>
        ))}
      </ul>
      <div className="hidden md:block">
        <Table>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>Title</TableHead>
              <TableHead>Speaker</TableHead>
              <TableHead>Date</TableHead>
              <TableHead>Status</TableHead>
              <TableHead className="text-right">Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {sermons.map((s) => (
              <TableRow key={s.id}>
                <TableCell className="w-2/5 max-w-0">
                  <p className="truncate font-medium text-foreground" title={s.title}>
                    {s.title}
                  </p>
                  <div className="mt-1">
                    <MediaMarkers sermon={s} />
                  </div>
                </TableCell>
                <TableCell className="max-w-48 truncate text-stone-700">{s.speaker}</TableCell>
                <TableCell className="whitespace-nowrap text-muted-foreground">
                  {formatSermonShortDate(s.date)}
                </TableCell>
                <TableCell>{published}</TableCell>
                <TableCell className="text-right">
                  <RowActions sermon={s} onEdit={onEdit} onDelete={onDelete} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </>
  );
}
