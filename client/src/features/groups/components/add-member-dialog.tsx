import { UserPlus } from "lucide-react";
import { useState } from "react";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { getServerMessage } from "@/lib/api-client";
import { toastApiError } from "@/lib/auth-redirect";
import { useT } from "@/lib/i18n";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { useAddGroupMember, useMemberPick } from "../api";
import { groupsCatalog } from "../i18n";
import { personName } from "../labels";

/**
 * "Add member" (its leaders and admins, `POST /api/groups/{id}/members`): find a church member by name
 * (the directory's search) and add them with one button; whoever is in the group already is left out
 * of the list. The way into an invitation-only group, and usable for any group.
 */
export function AddMemberDialog({
  groupId,
  groupName,
  open,
  onOpenChange,
  inGroup,
}: {
  groupId: string;
  groupName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Ids already in the group (members and leaders). */
  inGroup: ReadonlySet<string>;
}) {
  const t = useT(groupsCatalog);
  const [query, setQuery] = useState("");
  const q = useDebouncedValue(query.trim(), 250);
  const found = useMemberPick(q, open);
  const add = useAddGroupMember(groupId);
  const list = (found.data ?? []).filter((p) => !inGroup.has(p.id));

  const onAdd = (userId: string, name: string) =>
    add.mutate(userId, {
      onSuccess: () => {
        toast({ title: t("addMember.added", { name, group: groupName }) });
        setQuery("");
        onOpenChange(false);
      },
      onError: (error) => toastApiError(error, { description: getServerMessage(error) ?? t("addMember.failed") }),
    });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("addMember.title", { group: groupName })}</DialogTitle>
          <DialogDescription>{t("addMember.description")}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-3">
          <Input
            type="search"
            aria-label={t("addMember.search")}
            placeholder={t("addMember.search")}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
          {found.isLoading ? (
            <p className="text-sm text-muted-foreground">{t("addMember.loading")}</p>
          ) : found.isError ? (
            <p className="text-sm text-red-700" role="alert">
              {t("addMember.loadError")}
            </p>
          ) : list.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("addMember.none")}</p>
          ) : (
            <ul
              className="max-h-72 divide-y divide-border overflow-y-auto rounded-lg border border-border"
              aria-label={t("addMember.results")}
            >
              {list.map((p) => {
                const name = personName(p, t("person.member"));
                return (
                  <li key={p.id} className="flex min-h-11 items-center gap-3 px-3 py-2">
                    <Avatar name={name} src={p.profileImageUrl} />
                    <span className="min-w-0 flex-1 truncate text-sm">{name}</span>
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={t("addMember.addLabel", { name })}
                      disabled={add.isPending}
                      onClick={() => onAdd(p.id, name)}
                    >
                      <UserPlus aria-hidden="true" />
                      {t("addMember.add")}
                    </Button>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
