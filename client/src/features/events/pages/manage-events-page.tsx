import type { TEvent } from "@common/events";
import { Plus } from "lucide-react";
import { type ReactNode, Suspense, useMemo, useState } from "react";
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
import { useNow } from "@/lib/use-now";
import { useDeleteEvent, useEvents } from "../api";
import { EventAdminList } from "../components/event-admin-list";
import { eventFormatter } from "../format";
import { eventsCatalog } from "../i18n";

// The form (react-hook-form and the zod contract) downloads after the list is drawn.
const EventFormDialog = lazyComponent(() => import("../components/event-form-dialog").then((m) => m.EventFormDialog));

/**
 * Spec 2 Manage Events (`/admin/events`): sorted by start time, searched over title and location.
 * `feedCard` (the calendar feed, another feature) is composed in by app/.
 */
export function ManageEventsPage({ feedCard }: { feedCard?: ReactNode }) {
  const t = useT(eventsCatalog);
  const user = useCurrentUser();
  const events = useEvents();
  const deleteEvent = useDeleteEvent();
  const now = useNow();
  const timeZone = user.church.timeZone;
  const format = useMemo(() => eventFormatter(timeZone), [timeZone]);
  const [search, setSearch] = useState("");
  const dialog = useEditDialog<TEvent>();
  const [toDelete, setToDelete] = useState<TEvent | null>(null);
  useDocumentTitle(t("manage.title"));
  usePreload([EventFormDialog.preload]);

  const q = search.trim().toLowerCase();
  const filtered = (events.data ?? []).filter(
    (e) => !q || e.title.toLowerCase().includes(q) || e.location.toLowerCase().includes(q),
  );

  const confirmDelete = (event: TEvent) =>
    deleteEvent.mutate(event.id, {
      onSuccess: () => toast({ title: t("manage.deleted.title"), description: t("manage.deleted.description") }),
      onError: (error) => toastApiError(error, { description: t("manage.deleteFailed") }),
    });

  return (
    <>
      <PageHeader
        title={t("manage.title")}
        description={t("page.description", { church: user.church.name })}
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
          label={t("manage.search")}
          placeholder={t("manage.searchPlaceholder")}
          value={search}
          onChange={setSearch}
        />
        {events.isError ? (
          <LoadError what={t("page.loadError")} onRetry={() => events.refetch()} className="p-8 text-center" />
        ) : (
          <EventAdminList
            events={filtered}
            isLoading={events.isLoading}
            isFiltered={!!q}
            now={now}
            format={format}
            timeZone={timeZone}
            onEdit={dialog.openFor}
            onDelete={setToDelete}
          />
        )}
      </Card>

      {feedCard}

      {dialog.isDrawn && (
        <Suspense fallback={null}>
          <EventFormDialog
            open={dialog.open}
            event={dialog.editing}
            timeZone={timeZone}
            onOpenChange={dialog.setOpen}
          />
        </Suspense>
      )}
      <ConfirmDeleteDialog
        item={toDelete}
        title={t("manage.confirm.title")}
        description={t("manage.confirm.description", { title: toDelete?.title ?? "" })}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      />
    </>
  );
}
