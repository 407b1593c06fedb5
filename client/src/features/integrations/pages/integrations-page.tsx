import type { TIntegration, TIntegrationPlatform, TIntegrationWithSecret } from "@common/integrations";
import { Plug, Plus } from "lucide-react";
import { Suspense, useEffect, useRef, useState } from "react";
import { ConfirmDeleteDialog } from "@/components/confirm-delete-dialog";
import { EmptyState } from "@/components/empty-state";
import { LoadError } from "@/components/load-error";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { Skeleton, skeletonKeys } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { getServerMessage } from "@/lib/api-client";
import { toastApiError } from "@/lib/auth-redirect";
import { useFormat, useT } from "@/lib/i18n";
import { lazyComponent, usePreload } from "@/lib/lazy";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useNow } from "@/lib/use-now";
import { useDeleteIntegration, useIntegrations, useSyncIntegration, useUpdateIntegration } from "../api";
import { IntegrationCard } from "../components/integration-card";
import { PlatformCards } from "../components/platform-cards";
import { type TShownSecret, WebhookSecretDialog } from "../components/webhook-secret-dialog";
import { integrationsCatalog } from "../i18n";
import { PLATFORM_LABELS, PLATFORM_ORDER } from "../labels";

// The dialogs (and the zod contract they check with) download after the list is drawn.
const AddIntegrationDialog = lazyComponent(() =>
  import("../components/add-integration-dialog").then((m) => m.AddIntegrationDialog),
);
const EditIntegrationDialog = lazyComponent(() =>
  import("../components/edit-integration-dialog").then((m) => m.EditIntegrationDialog),
);

const nameOf = (it: Pick<TIntegration, "platform">) => PLATFORM_LABELS[it.platform].name;

function ListSkeleton() {
  const t = useT(integrationsCatalog);
  return (
    <ul className="grid gap-4" aria-label={t("page.loading")}>
      {skeletonKeys(2).map((key) => (
        <li key={key} className="grid gap-3 rounded-2xl border border-border bg-card p-5">
          <Skeleton className="h-5 w-48" />
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-14 w-full" />
          <Skeleton className="h-8 w-64 max-w-full" />
        </li>
      ))}
    </ul>
  );
}

/** A sync that ends while the page is open says how it went. */
function useSyncEndToasts(list: TIntegration[] | undefined) {
  const t = useT(integrationsCatalog);
  const format = useFormat();
  const previous = useRef(new Map<string, string>());
  useEffect(() => {
    if (!list) return;
    for (const it of list) {
      if (previous.current.get(it.id) === "syncing" && it.syncStatus !== "syncing") {
        if (it.syncStatus === "error" || it.syncStatus === "needs_key") {
          toast({
            title: t("toast.syncFailedTitle"),
            description: it.lastError ?? t("toast.syncFailed", { name: nameOf(it) }),
            variant: "destructive",
          });
        } else {
          const { seen, added, updated } = it.counts;
          toast({
            title: t("toast.syncCompleteTitle"),
            description: t("toast.syncComplete", {
              name: nameOf(it),
              seen: format.number(seen),
              added: format.number(added),
              updated: format.number(updated),
            }),
          });
        }
      }
    }
    previous.current = new Map(list.map((it) => [it.id, it.syncStatus]));
  }, [list, t, format]);
}

/** Spec 2 Integrations (`/admin/integrations`, issue 12). */
export function IntegrationsPage() {
  const t = useT(integrationsCatalog);
  const integrations = useIntegrations();
  const update = useUpdateIntegration();
  const remove = useDeleteIntegration();
  const sync = useSyncIntegration();
  const now = useNow();
  const [addPlatform, setAddPlatform] = useState<TIntegrationPlatform | null | undefined>(undefined);
  const [editing, setEditing] = useState<TIntegration | null>(null);
  const [toDisconnect, setToDisconnect] = useState<TIntegration | null>(null);
  const [secret, setSecret] = useState<TShownSecret | null>(null);
  // Drawn from its first opening on, so that it closes with its animation.
  const [isAddDrawn, setIsAddDrawn] = useState(false);
  if (addPlatform !== undefined && !isAddDrawn) setIsAddDrawn(true);
  useDocumentTitle(t("page.title"));
  usePreload([AddIntegrationDialog.preload, EditIntegrationDialog.preload]);
  useSyncEndToasts(integrations.data);

  const list = integrations.data ?? [];
  const connected = list.map((i) => i.platform);
  const isBusy = (id: string) =>
    (update.isPending && update.variables?.id === id) ||
    (remove.isPending && remove.variables === id) ||
    (sync.isPending && sync.variables === id);

  const showSecret = (it: TIntegrationWithSecret) => setSecret({ name: nameOf(it), secret: it.webhookSecret });

  const failed = (fallback: string) => (error: unknown) =>
    toastApiError(error, { title: t("toast.failedTitle"), description: getServerMessage(error) ?? fallback });

  const startSync = (it: TIntegration) =>
    sync.mutate(it.id, {
      onSuccess: () =>
        toast({ title: t("toast.syncStartedTitle"), description: t("toast.syncStarted", { name: nameOf(it) }) }),
      onError: failed(t("toast.syncStartFailed")),
    });

  const setActive = (it: TIntegration, isActive: boolean) =>
    update.mutate(
      { id: it.id, isActive },
      {
        onSuccess: () =>
          toast({
            title: t("toast.updatedTitle"),
            description: t(isActive ? "toast.nowActive" : "toast.nowInactive", { name: nameOf(it) }),
          }),
        onError: failed(t("toast.updateFailed")),
      },
    );

  const disconnect = (it: TIntegration) =>
    remove.mutate(it.id, {
      onSuccess: () =>
        toast({ title: t("toast.disconnectedTitle"), description: t("toast.disconnected", { name: nameOf(it) }) }),
      onError: failed(t("toast.disconnectFailed")),
    });

  return (
    <>
      <PageHeader
        title={t("page.title")}
        description={t("page.description")}
        actions={
          // One of each platform: with all three connected there is nothing left to add.
          connected.length < PLATFORM_ORDER.length && (
            <Button onClick={() => setAddPlatform(null)}>
              <Plus aria-hidden="true" />
              {t("page.add")}
            </Button>
          )
        }
      />

      <section aria-labelledby="connected-heading" className="mb-10">
        <h2 id="connected-heading" className="mb-3 text-lg font-semibold tracking-tight">
          {t("page.connected")}
        </h2>
        {integrations.isError ? (
          <LoadError what={t("page.title")} card onRetry={() => integrations.refetch()} className="p-8 text-center" />
        ) : integrations.isLoading ? (
          <ListSkeleton />
        ) : list.length === 0 ? (
          <div className="rounded-2xl border border-dashed border-border bg-card">
            <EmptyState icon={Plug} title={t("page.empty.title")} description={t("page.empty.description")} />
          </div>
        ) : (
          <ul className="grid gap-4">
            {list.map((it) => (
              <IntegrationCard
                key={it.id}
                integration={it}
                now={now}
                isBusy={isBusy(it.id)}
                onSync={() => startSync(it)}
                onToggleActive={(isActive) => setActive(it, isActive)}
                onEdit={() => setEditing(it)}
                onDisconnect={() => setToDisconnect(it)}
              />
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="platforms-heading">
        <h2 id="platforms-heading" className="mb-3 text-lg font-semibold tracking-tight">
          {t("page.available")}
        </h2>
        <PlatformCards connected={connected} onConnect={setAddPlatform} />
      </section>

      {isAddDrawn && (
        <Suspense fallback={null}>
          <AddIntegrationDialog
            open={addPlatform !== undefined}
            initialPlatform={addPlatform ?? null}
            connected={connected}
            onOpenChange={(open) => !open && setAddPlatform(undefined)}
            onCreated={(created) => created.webhookUrl && showSecret(created)}
          />
        </Suspense>
      )}
      {editing && (
        <Suspense fallback={null}>
          <EditIntegrationDialog integration={editing} onClose={() => setEditing(null)} onSecret={showSecret} />
        </Suspense>
      )}
      <WebhookSecretDialog shown={secret} onClose={() => setSecret(null)} />
      <ConfirmDeleteDialog
        item={toDisconnect}
        title={t("disconnect.title", { name: toDisconnect ? nameOf(toDisconnect) : "" })}
        description={t("disconnect.description")}
        confirmLabel={t("disconnect.confirm")}
        onConfirm={disconnect}
        onClose={() => setToDisconnect(null)}
      />
    </>
  );
}
