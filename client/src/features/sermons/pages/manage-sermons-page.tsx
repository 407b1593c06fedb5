import type { TSermon } from "@common/sermons";
import { Plus } from "lucide-react";
import { type ReactNode, Suspense, useState } from "react";
import { ConfirmDeleteDialog } from "@/components/confirm-delete-dialog";
import { LoadError } from "@/components/load-error";
import { PageHeader } from "@/components/page-header";
import { SearchToolbar } from "@/components/search-toolbar";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { toast } from "@/components/ui/use-toast";
import { toastApiError } from "@/lib/auth-redirect";
import { useCurrentUser } from "@/lib/current-user";
import { useT } from "@/lib/i18n";
import { lazyComponent, usePreload } from "@/lib/lazy";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useEditDialog } from "@/lib/use-edit-dialog";
import { useDeleteSermon, usePublishSermon, useSermonSpeakers } from "../api";
import { LoadMore } from "../components/load-more";
import { SermonAdminList } from "../components/sermon-admin-list";
import { SpeakerFilter } from "../components/speaker-filter";
import { sermonsCatalog } from "../i18n";
import { useSermonList } from "../use-sermon-list";

// The form (react-hook-form and the zod contract) downloads after the list is drawn.
const SermonFormDialog = lazyComponent(() =>
  import("../components/sermon-form-dialog").then((m) => m.SermonFormDialog),
);

/**
 * Spec 2 Manage Sermons (`/admin/sermons`): the library searched, filtered and paged by the server,
 * like the archive, with the drafts only admins see (issue 10: a live stream's recording) ready to
 * publish. `feedCard` (the podcast feed, another feature) is composed in by app/.
 */
export function ManageSermonsPage({ feedCard }: { feedCard?: ReactNode }) {
  const t = useT(sermonsCatalog);
  const user = useCurrentUser();
  const list = useSermonList({ includeDrafts: true });
  const { query, sermons } = list;
  const speakers = useSermonSpeakers({ includeDrafts: true });
  const deleteSermon = useDeleteSermon();
  const publishSermon = usePublishSermon();
  const dialog = useEditDialog<TSermon>({ openNewFromUrl: true });
  const [toDelete, setToDelete] = useState<TSermon | null>(null);
  useDocumentTitle(t("manage.title"));
  usePreload([SermonFormDialog.preload]);

  const confirmDelete = (sermon: TSermon) =>
    deleteSermon.mutate(sermon.id, {
      onSuccess: () => toast({ title: t("manage.success"), description: t("manage.deleted") }),
      onError: (error) => toastApiError(error, { description: t("manage.deleteFailed") }),
    });

  const publish = (sermon: TSermon) =>
    publishSermon.mutate(sermon.id, {
      onSuccess: () => toast({ title: t("manage.success"), description: t("manage.published") }),
      onError: (error) => toastApiError(error, { description: t("manage.publishFailed") }),
    });

  return (
    <>
      <PageHeader
        title={t("manage.title")}
        description={t("manage.description", { church: user.church.name })}
        actions={
          <Button onClick={() => dialog.openFor(null)}>
            <Plus aria-hidden="true" />
            {t("manage.add")}
          </Button>
        }
      />

      <Card className="overflow-hidden">
        <SearchToolbar
          className="border-b border-border p-4"
          label={t("manage.searchLabel")}
          placeholder={t("manage.searchPlaceholder")}
          value={list.search}
          onChange={list.setSearch}
        >
          <SpeakerFilter speakers={speakers.data ?? []} value={list.speaker} onValueChange={list.setSpeaker} />
        </SearchToolbar>
        {query.isError && sermons.length === 0 ? (
          <LoadError what={t("list.loadErrorWhat")} onRetry={() => query.refetch()} className="p-8 text-center" />
        ) : (
          <div className="transition-opacity data-[stale=true]:opacity-60" data-stale={query.isPlaceholderData}>
            <SermonAdminList
              sermons={sermons}
              isLoading={query.isLoading}
              isLoadingMore={list.isLoadingMore}
              isFiltered={list.isFiltered}
              onEdit={dialog.openFor}
              onDelete={setToDelete}
              onPublish={publish}
              publishingId={publishSermon.isPending ? publishSermon.variables : undefined}
            />
          </div>
        )}
      </Card>
      {sermons.length > 0 && (
        <LoadMore
          shown={sermons.length}
          total={list.total}
          hasMore={list.hasMore}
          isLoadingMore={list.isLoadingMore}
          canLoadMore={list.canLoadMore}
          onLoadMore={list.loadMore}
        />
      )}

      {feedCard}

      {dialog.isDrawn && (
        <Suspense fallback={null}>
          <SermonFormDialog open={dialog.open} sermon={dialog.editing} onOpenChange={dialog.setOpen} />
        </Suspense>
      )}
      <ConfirmDeleteDialog
        item={toDelete}
        title={t("manage.confirmDelete.title")}
        description={t("manage.confirmDelete.description", { title: toDelete?.title ?? "" })}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      />
    </>
  );
}
