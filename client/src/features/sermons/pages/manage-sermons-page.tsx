import type { TSermon } from "@common/sermons";
import { Plus, Search } from "lucide-react";
import { useMemo, useState } from "react";
import { useCurrentUser } from "@/app/current-user";
import { PageHeader } from "@/components/page-header";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { toast } from "@/components/ui/use-toast";
import { ShareFeedsCard } from "@/features/feeds/components/share-feeds-card";
import { toastApiError } from "@/lib/auth-redirect";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useDeleteSermon, useSermons } from "../api";
import { SermonAdminList } from "../components/sermon-admin-list";
import { SermonFormDialog } from "../components/sermon-form-dialog";

const ALL_SPEAKERS = "__all__";

/** Spec 2 Manage Sermons (`/admin/sermons`): the whole list, searched and filtered on the client. */
export function ManageSermonsPage() {
  const user = useCurrentUser();
  const sermons = useSermons();
  const deleteSermon = useDeleteSermon();
  const [search, setSearch] = useState("");
  const [speaker, setSpeaker] = useState(ALL_SPEAKERS);
  const [dialogOpen, setDialogOpen] = useState(false);
  // Kept while the dialog closes, so its title does not change mid-animation.
  const [editing, setEditing] = useState<TSermon | null>(null);
  const openDialog = (sermon: TSermon | null) => {
    setEditing(sermon);
    setDialogOpen(true);
  };
  const [toDelete, setToDelete] = useState<TSermon | null>(null);
  useDocumentTitle("Manage Sermons");

  const all = sermons.data ?? [];
  const speakers = useMemo(() => [...new Set(all.map((s) => s.speaker))].sort((a, b) => a.localeCompare(b)), [all]);
  const q = search.trim().toLowerCase();
  const filtered = all.filter(
    (s) =>
      (speaker === ALL_SPEAKERS || s.speaker === speaker) &&
      (!q || s.title.toLowerCase().includes(q) || s.speaker.toLowerCase().includes(q)),
  );

  const confirmDelete = () => {
    if (!toDelete) return;
    deleteSermon.mutate(toDelete.id, {
      onSuccess: () => toast({ title: "Success!", description: "Sermon deleted successfully." }),
      onError: (error) => toastApiError(error, { description: "Failed to delete sermon" }),
    });
    setToDelete(null);
  };

  return (
    <>
      <PageHeader
        title="Manage Sermons"
        description={`The sermon library of ${user.church.name}.`}
        actions={
          <Button onClick={() => openDialog(null)}>
            <Plus aria-hidden="true" />
            Add New Sermon
          </Button>
        }
      />

      <Card className="overflow-hidden">
        <div className="flex flex-col gap-3 border-b border-border p-4 sm:flex-row">
          <div className="relative flex-1">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-stone-500"
              aria-hidden="true"
            />
            <Input
              type="search"
              aria-label="Search sermons by title or speaker"
              placeholder="Search by title or speaker..."
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              className="pl-9"
            />
          </div>
          <Select value={speaker} onValueChange={setSpeaker}>
            <SelectTrigger aria-label="Filter by speaker" className="sm:w-56">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL_SPEAKERS}>All Speakers</SelectItem>
              {speakers.map((name) => (
                <SelectItem key={name} value={name}>
                  {name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        {sermons.isError ? (
          <p className="p-8 text-center text-sm text-muted-foreground" role="alert">
            Sermons could not be loaded.{" "}
            <button type="button" className="font-medium text-brand-text underline" onClick={() => sermons.refetch()}>
              Try again
            </button>
          </p>
        ) : (
          <SermonAdminList
            sermons={filtered}
            isLoading={sermons.isLoading}
            isFiltered={!!q || speaker !== ALL_SPEAKERS}
            onEdit={openDialog}
            onDelete={setToDelete}
          />
        )}
      </Card>

      <ShareFeedsCard kind="podcast" />

      <SermonFormDialog open={dialogOpen} sermon={editing} onOpenChange={setDialogOpen} />
      <AlertDialog open={!!toDelete} onOpenChange={(open) => !open && setToDelete(null)}>
        <AlertDialogContent>
          <AlertDialogTitle>Are you sure you want to delete this sermon?</AlertDialogTitle>
          <AlertDialogDescription>
            “{toDelete?.title}” will be removed from your sermon library. This cannot be undone.
          </AlertDialogDescription>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction destructive onClick={confirmDelete}>
              Delete
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
