import type { TGroupJoinRequest } from "@common/groups";
import { Check, X } from "lucide-react";
import { useEffect, useState } from "react";
import { DialogFormFooter } from "@/components/dialog-form-footer";
import { LoadError } from "@/components/load-error";
import { SkeletonList } from "@/components/skeleton-list";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { getServerMessage } from "@/lib/api-client";
import { toastApiError } from "@/lib/auth-redirect";
import { useFormat, useT } from "@/lib/i18n";
import { useAnswerRequest } from "../api";
import { groupsCatalog } from "../i18n";
import { personName } from "../labels";

type TDecision = "approve" | "decline";
type TAsking = { request: TGroupJoinRequest; decision: TDecision };

/** Approve or Decline, with an optional message the member receives with the answer. */
function AnswerDialog({ groupId, asking, onClose }: { groupId: string; asking: TAsking | null; onClose: () => void }) {
  const t = useT(groupsCatalog);
  const answer = useAnswerRequest(groupId);
  const [message, setMessage] = useState("");
  const [shown, setShown] = useState<TAsking | null>(asking);
  // Keeps the words while the dialog closes with its animation.
  useEffect(() => {
    if (asking) {
      setShown(asking);
      setMessage("");
    }
  }, [asking]);
  const name = shown ? personName(shown.request, t("person.member")) : "";
  const isApprove = shown?.decision === "approve";
  const formId = "group-request-answer";

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!shown) return;
    answer.mutate(
      { userId: shown.request.userId, decision: shown.decision, message },
      {
        onSuccess: () => {
          toast({ title: isApprove ? t("requests.approved", { name }) : t("requests.declined", { name }) });
          onClose();
        },
        onError: (error) => toastApiError(error, { description: getServerMessage(error) ?? t("requests.failed") }),
      },
    );
  };

  return (
    <Dialog open={asking !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            {isApprove ? t("requests.approveTitle", { name }) : t("requests.declineTitle", { name })}
          </DialogTitle>
          <DialogDescription>{t("requests.dialogDescription", { name })}</DialogDescription>
        </DialogHeader>
        <form id={formId} onSubmit={onSubmit} noValidate>
          <FormField id="group-request-message" label={t("requests.message")}>
            <Textarea
              id="group-request-message"
              rows={3}
              maxLength={500}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
            />
          </FormField>
        </form>
        <DialogFormFooter
          formId={formId}
          submitLabel={isApprove ? t("requests.approve") : t("requests.decline")}
          pendingLabel={t("join.sending")}
          pending={answer.isPending}
          onCancel={onClose}
        />
      </DialogContent>
    </Dialog>
  );
}

/** The requests to join waiting for this group's leaders (and admins), oldest first as the server sends them. */
export function GroupRequests({
  groupId,
  requests,
}: {
  groupId: string;
  requests: {
    data?: TGroupJoinRequest[];
    isLoading: boolean;
    isError: boolean;
    refetch: () => unknown;
  };
}) {
  const t = useT(groupsCatalog);
  const format = useFormat();
  const [asking, setAsking] = useState<TAsking | null>(null);
  if (requests.isLoading)
    return (
      <SkeletonList label={t("requests.loading")} count={2} rowClassName="flex items-center gap-3 py-3">
        <Skeleton className="size-10 rounded-full" />
        <Skeleton className="h-4 w-40" />
      </SkeletonList>
    );
  if (requests.isError) return <LoadError what={t("requests.loadError")} onRetry={() => requests.refetch()} />;
  const list = requests.data ?? [];
  return (
    <>
      {list.length === 0 ? (
        <p className="py-4 text-sm text-muted-foreground">{t("requests.empty")}</p>
      ) : (
        <ul className="divide-y divide-border" aria-label={t("requests.list")}>
          {list.map((r) => {
            const name = personName(r, t("person.member"));
            return (
              <li key={r.userId} className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center">
                <div className="flex min-w-0 flex-1 items-center gap-3">
                  <Avatar name={name} />
                  <div className="min-w-0">
                    <p className="truncate font-medium text-foreground">{name}</p>
                    <p className="text-xs text-muted-foreground">
                      {t("requests.asked", { when: format.relative(r.requestedAt) })}
                    </p>
                  </div>
                </div>
                <div className="grid grid-cols-2 gap-2 sm:flex">
                  <Button
                    aria-label={t("requests.approveLabel", { name })}
                    onClick={() => setAsking({ request: r, decision: "approve" })}
                  >
                    <Check aria-hidden="true" />
                    {t("requests.approve")}
                  </Button>
                  <Button
                    variant="outline"
                    aria-label={t("requests.declineLabel", { name })}
                    onClick={() => setAsking({ request: r, decision: "decline" })}
                  >
                    <X aria-hidden="true" />
                    {t("requests.decline")}
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <AnswerDialog groupId={groupId} asking={asking} onClose={() => setAsking(null)} />
    </>
  );
}
