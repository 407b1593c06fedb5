import { LIVE_MODERATORS_MAX } from "@common/live-helpers";
import type { TMember } from "@common/members";
import { isAdminRole } from "@common/roles";
import { Search } from "lucide-react";
import { type FormEvent, useMemo, useState } from "react";
import { DialogFormFooter } from "@/components/dialog-form-footer";
import { LoadError } from "@/components/load-error";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Skeleton, skeletonKeys } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { useT } from "@/lib/i18n";
import { useChurchMembers, useModerators, useSetModerators } from "../api";
import { liveCatalog } from "../i18n";
import { toastStreamError } from "../stream-admin";

const FORM_ID = "moderators-form";
/** Past this many members the list gets a search box. */
const SEARCH_FROM = 8;

const nameOf = (m: Pick<TMember, "firstName" | "lastName" | "email">) =>
  [m.firstName, m.lastName].filter(Boolean).join(" ") || m.email;

function ModeratorsForm({ initial, members, onDone }: { initial: string[]; members: TMember[]; onDone: () => void }) {
  const t = useT(liveCatalog);
  const save = useSetModerators();
  const [chosen, setChosen] = useState(() => new Set(initial));
  const [query, setQuery] = useState("");
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    return q ? members.filter((m) => `${nameOf(m)} ${m.email}`.toLowerCase().includes(q)) : members;
  }, [members, query]);
  const isFull = chosen.size >= LIVE_MODERATORS_MAX;

  const toggle = (id: string, on: boolean) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate([...chosen], {
      onSuccess: (moderators) => {
        const n = moderators.length;
        toast({
          title: t("moderators.toast.title"),
          description: n === 0 ? t("moderators.toast.none") : t("moderators.toast.some", { count: n }),
        });
        onDone();
      },
      onError: toastStreamError,
    });
  };

  return (
    <>
      <form id={FORM_ID} onSubmit={submit} className="grid min-h-0 gap-3">
        {members.length > SEARCH_FROM && (
          <div className="relative">
            <Search
              className="pointer-events-none absolute top-1/2 start-3 size-4 -translate-y-1/2 text-stone-500"
              aria-hidden="true"
            />
            <Input
              type="search"
              aria-label={t("moderators.search")}
              placeholder={t("moderators.searchPlaceholder")}
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              className="ps-9"
            />
          </div>
        )}
        {members.length === 0 ? (
          <p className="py-6 text-center text-sm text-stone-600">{t("moderators.noMembers")}</p>
        ) : (
          <fieldset className="max-h-72 overflow-y-auto rounded-xl border border-border">
            <legend className="sr-only">{t("moderators.legend")}</legend>
            {shown.map((m) => {
              const isChosen = chosen.has(m.id);
              return (
                <label
                  key={m.id}
                  className="flex cursor-pointer items-center gap-3 border-b border-border px-3 py-2.5 last:border-b-0 hover:bg-muted/50"
                >
                  <input
                    type="checkbox"
                    className="size-4 shrink-0 accent-primary"
                    checked={isChosen}
                    disabled={!isChosen && isFull}
                    onChange={(e) => toggle(m.id, e.target.checked)}
                  />
                  <span className="grid min-w-0">
                    <span className="text-sm font-medium break-words text-foreground">{nameOf(m)}</span>
                    <span className="truncate text-xs text-stone-600">{m.email}</span>
                  </span>
                </label>
              );
            })}
            {shown.length === 0 && <p className="p-4 text-center text-sm text-stone-600">{t("moderators.noMatch")}</p>}
          </fieldset>
        )}
        <p className="text-xs text-stone-600" aria-live="polite">
          {isFull
            ? t("moderators.chosenFull", { count: chosen.size, max: LIVE_MODERATORS_MAX })
            : t("moderators.chosen", { count: chosen.size })}
        </p>
      </form>
      <DialogFormFooter
        formId={FORM_ID}
        submitLabel={t("moderators.save")}
        pendingLabel={t("moderators.saving")}
        pending={save.isPending}
        onCancel={onDone}
      />
    </>
  );
}

/** "Manage Moderators": the members (not admins, who always may) who can delete chat messages. */
export function ModeratorsDialog({
  open,
  onOpenChange,
  selfId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  selfId: string;
}) {
  const t = useT(liveCatalog);
  const members = useChurchMembers(open);
  const moderators = useModerators(open);
  const choosable = useMemo(
    () =>
      (members.data ?? [])
        .filter((m) => m.id !== selfId && !isAdminRole(m.role))
        .sort((a, b) => nameOf(a).localeCompare(nameOf(b))),
    [members.data, selfId],
  );
  const isLoading = members.isLoading || moderators.isLoading;
  const isError = members.isError || moderators.isError;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{t("moderators.manage")}</DialogTitle>
          <DialogDescription>{t("moderators.dialogDescription")}</DialogDescription>
        </DialogHeader>
        {isError ? (
          <LoadError
            what={t("moderators.loadWhat")}
            onRetry={() => {
              void members.refetch();
              void moderators.refetch();
            }}
          />
        ) : isLoading || !members.data || !moderators.data ? (
          <div className="grid gap-2" role="status" aria-label={t("moderators.loading")}>
            {skeletonKeys(4).map((key) => (
              <Skeleton key={key} className="h-11 w-full" />
            ))}
          </div>
        ) : (
          open && (
            <ModeratorsForm
              initial={moderators.data.map((m) => m.id)}
              members={choosable}
              onDone={() => onOpenChange(false)}
            />
          )
        )}
      </DialogContent>
    </Dialog>
  );
}
