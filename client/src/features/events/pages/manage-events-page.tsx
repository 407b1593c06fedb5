import type { TEvent } from "@common/events";
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
import { toast } from "@/components/ui/use-toast";
import { ShareFeedsCard } from "@/features/feeds/components/share-feeds-card";
import { toastApiError } from "@/lib/auth-redirect";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useNow } from "@/lib/use-now";
import { useDeleteEvent, useEvents } from "../api";
import { EventAdminList } from "../components/event-admin-list";
import { EventFormDialog } from "../components/event-form-dialog";
import { eventFormatter } from "../format";

/** Spec 2 Manage Events (`/admin/events`): sorted by start time, searched over title and location. */
export function ManageEventsPage() {
  const user = useCurrentUser();
  const events = useEvents();
  const deleteEvent = useDeleteEvent();
  const now = useNow();
  const timeZone = user.church.timeZone;
  const format = useMemo(() => eventFormatter(timeZone), [timeZone]);
  const [search, setSearch] = useState("");
  const [dialogOpen, setDialogOpen] = useState(false);
  // Kept while the dialog closes, so its title does not change mid-animation.
  const [editing, setEditing] = useState<TEvent | null>(null);
  const [toDelete, setToDelete] = useState<TEvent | null>(null);
  useDocumentTitle("Manage Events");

  const openDialog = (event: TEvent | null) => {
    setEditing(event);
    setDialogOpen(true);
  };

  const q = search.trim().toLowerCase();
  const filtered = (events.data ?? []).filter(
    (e) => !q || e.title.toLowerCase().includes(q) || e.location.toLowerCase().includes(q),
  );

  const confirmDelete = () => {
    if (!toDelete) return;
    deleteEvent.mutate(toDelete.id, {
      onSuccess: () => toast({ title: "Success!", description: "Event deleted successfully." }),
      onError: (error) => toastApiError(error, { description: "Failed to delete event" }),
    });
    setToDelete(null);
  };

  return (
    <>
      <PageHeader
        title="Manage Events"
        description={`Services, studies and gatherings at ${user.church.name}.`}
        actions={
          <Button onClick={() => openDialog(null)}>
            <Plus aria-hidden="true" />
            Add New Event
          </Button>
        }
      />

      <Card className="overflow-hidden">
        <div className="border-b border-border p-4">
          <div className="relative">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-stone-500"
              aria-hidden="true"
            />
            <Input
              type="search"
              aria-label="Search events by title or location"
              placeholder="Search by title or location..."
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              className="pl-9"
            />
          </div>
        </div>
        {events.isError ? (
          <p className="p-8 text-center text-sm text-muted-foreground" role="alert">
            Events could not be loaded.{" "}
            <button type="button" className="font-medium text-brand-text underline" onClick={() => events.refetch()}>
              Try again
            </button>
          </p>
        ) : (
          <EventAdminList
            events={filtered}
            isLoading={events.isLoading}
            isFiltered={!!q}
            now={now}
            format={format}
            onEdit={openDialog}
            onDelete={setToDelete}
          />
        )}
      </Card>

      <ShareFeedsCard kind="calendar" />

      <EventFormDialog open={dialogOpen} event={editing} timeZone={timeZone} onOpenChange={setDialogOpen} />
      <AlertDialog open={!!toDelete} onOpenChange={(open) => !open && setToDelete(null)}>
        <AlertDialogContent>
          <AlertDialogTitle>Are you sure you want to delete this event?</AlertDialogTitle>
          <AlertDialogDescription>
            “{toDelete?.title}” will be removed from your church's calendar. This cannot be undone.
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
