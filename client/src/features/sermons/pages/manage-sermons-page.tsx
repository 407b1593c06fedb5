import type { TSermon } from "@common/sermons";
import { Plus } from "lucide-react";
import { type ReactNode, useMemo, useState } from "react";
import { ConfirmDeleteDialog } from "@/components/confirm-delete-dialog";
import { LoadError } from "@/components/load-error";
import { PageHeader } from "@/components/page-header";
import { SearchToolbar } from "@/components/search-toolbar";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { toast } from "@/components/ui/use-toast";
import { toastApiError } from "@/lib/auth-redirect";
import { useCurrentUser } from "@/lib/current-user";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useEditDialog } from "@/lib/use-edit-dialog";
import { useDeleteSermon, useSermons } from "../api";
import { SermonAdminList } from "../components/sermon-admin-list";
import { SermonFormDialog } from "../components/sermon-form-dialog";
import { ALL_SPEAKERS, SpeakerFilter } from "../components/speaker-filter";

/**
 * Spec 2 Manage Sermons (`/admin/sermons`): the whole list, searched and filtered on the client.
 * `feedCard` (the podcast feed, another feature) is composed in by app/.
 */
export function ManageSermonsPage({ feedCard }: { feedCard?: ReactNode }) {
  const user = useCurrentUser();
  const sermons = useSermons();
  const deleteSermon = useDeleteSermon();
  const [search, setSearch] = useState("");
  const [speaker, setSpeaker] = useState(ALL_SPEAKERS);
  const dialog = useEditDialog<TSermon>();
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

  const confirmDelete = (sermon: TSermon) =>
    deleteSermon.mutate(sermon.id, {
      onSuccess: () => toast({ title: "Success!", description: "Sermon deleted successfully." }),
      onError: (error) => toastApiError(error, { description: "Failed to delete sermon" }),
    });

  return (
    <>
      <PageHeader
        title="Manage Sermons"
        description={`The sermon library of ${user.church.name}.`}
        actions={
          <Button onClick={() => dialog.openFor(null)}>
            <Plus aria-hidden="true" />
            Add New Sermon
          </Button>
        }
      />

      <Card className="overflow-hidden">
        <SearchToolbar
          className="border-b border-border p-4"
          label="Search sermons by title or speaker"
          placeholder="Search by title or speaker..."
          value={search}
          onChange={setSearch}
        >
          <SpeakerFilter speakers={speakers} value={speaker} onValueChange={setSpeaker} />
        </SearchToolbar>
        {sermons.isError ? (
          <LoadError what="Sermons" onRetry={() => sermons.refetch()} className="p-8 text-center" />
        ) : (
          <SermonAdminList
            sermons={filtered}
            isLoading={sermons.isLoading}
            isFiltered={!!q || speaker !== ALL_SPEAKERS}
            onEdit={dialog.openFor}
            onDelete={setToDelete}
          />
        )}
      </Card>

      {feedCard}

      <SermonFormDialog open={dialog.open} sermon={dialog.editing} onOpenChange={dialog.setOpen} />
      <ConfirmDeleteDialog
        item={toDelete}
        title="Are you sure you want to delete this sermon?"
        description={<>“{toDelete?.title}” will be removed from your sermon library. This cannot be undone.</>}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      />
    </>
  );
}
