import type { TGroup } from "@common/groups";
import { LogIn, UserPlus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { getServerMessage } from "@/lib/api-client";
import { toastApiError } from "@/lib/auth-redirect";
import { useT } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { useJoinGroup } from "../api";
import { groupsCatalog } from "../i18n";
import { isFull } from "../labels";

/**
 * Join (an open group) or Ask to join (by request) for someone not in the group; a note instead when
 * the group is by invitation only or full, or when their request is waiting. Members and leaders see
 * nothing here (leaving is on the group's page).
 */
export function JoinButton({ group, className }: { group: TGroup; className?: string }) {
  const t = useT(groupsCatalog);
  const join = useJoinGroup();
  const note = (text: string) => <p className={cn("text-sm text-muted-foreground", className)}>{text}</p>;

  if (group.membership === "requested") return note(t("join.waiting"));
  if (group.membership) return null;
  if (group.joinPolicy === "invite") return note(t("join.inviteOnly"));
  if (isFull(group)) return note(t("join.fullNote"));

  const isRequest = group.joinPolicy === "request";
  const onJoin = () =>
    join.mutate(group.id, {
      onSuccess: (result) =>
        result?.membership === "requested"
          ? toast({ title: t("join.requested", { name: group.name }), description: t("join.requestedDescription") })
          : toast({ title: t("join.joined", { name: group.name }) }),
      // 409 (full meanwhile) and 403 (invitation only) carry the server's own sentence, in the member's language.
      onError: (error) => toastApiError(error, { description: getServerMessage(error) ?? t("join.failed") }),
    });

  return (
    <Button
      className={className}
      variant={isRequest ? "outline" : "default"}
      onClick={onJoin}
      disabled={join.isPending}
      aria-label={t(isRequest ? "join.askLabel" : "join.joinLabel", { name: group.name })}
    >
      {isRequest ? <UserPlus aria-hidden="true" /> : <LogIn aria-hidden="true" className="rtl:-scale-x-100" />}
      {join.isPending ? t("join.sending") : isRequest ? t("join.ask") : t("join.join")}
    </Button>
  );
}
