import type { TGroupPrayer } from "@common/group-prayers";
import { CheckCircle2, HandHeart, Plus, ShieldCheck } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { useSearch } from "wouter";
import { EmptyState } from "@/components/empty-state";
import { FormActions } from "@/components/form-actions";
import { commonCatalog } from "@/components/i18n";
import { LoadError } from "@/components/load-error";
import { PrayedButton, PrayerAuthor, PrayerCard } from "@/components/prayer-card";
import { PrayerRepliesButton, PrayerRepliesDialog } from "@/components/prayer-replies-dialog";
import { SkeletonList } from "@/components/skeleton-list";
import { SwitchRow } from "@/components/switch-row";
import { Button } from "@/components/ui/button";
import { Input, Textarea } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { getServerMessage, getStatus } from "@/lib/api-client";
import { toastApiError } from "@/lib/auth-redirect";
import { useCurrentUser } from "@/lib/current-user";
import { useT } from "@/lib/i18n";
import { useNow } from "@/lib/use-now";
import {
  groupPrayersKey,
  useCreateGroupPrayer,
  useGroupPrayers,
  useMarkGroupPrayerAnswered,
  usePrayForGroupPrayer,
} from "../life-api";
import { groupLifeCatalog } from "../life-i18n";

/** The limits of ZGroupPrayerBody (common/group-prayers.ts), kept here so the page does not download zod. */
const TITLE_MAX = 120;
const DETAILS_MAX = 2000;

/** Title, details and the anonymous switch; both fields are required after trimming. */
function GroupPrayerForm({ groupId, onDone }: { groupId: string; onDone: () => void }) {
  const t = useT(groupLifeCatalog);
  const tc = useT(commonCatalog);
  const id = useId();
  const create = useCreateGroupPrayer(groupId);
  const [title, setTitle] = useState("");
  const [description, setDescription] = useState("");
  const [isAnonymous, setIsAnonymous] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = { title: title.trim(), description: description.trim(), isAnonymous };
    if (!body.title || !body.description) {
      toast({ title: tc("toast.error"), description: t("prayers.fillAll"), variant: "destructive" });
      return;
    }
    create.mutate(body, {
      onSuccess: () => {
        toast({ title: isAnonymous ? t("prayers.sharedAnonymously") : t("prayers.shared") });
        onDone();
      },
      onError: (error) =>
        toastApiError(error, {
          description: (getStatus(error) === 400 ? getServerMessage(error) : null) ?? t("prayers.failed"),
        }),
    });
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-heading`}
      className="grid gap-4 rounded-2xl border border-border bg-card p-4 shadow-xs"
      onKeyDown={(e) => {
        if (e.key !== "Escape" || e.defaultPrevented) return;
        e.preventDefault();
        onDone();
      }}
    >
      <div className="grid gap-1">
        <h3 id={`${id}-heading`} className="font-semibold">
          {t("prayers.formTitle")}
        </h3>
        <p className="text-sm text-muted-foreground">{t("prayers.formDescription")}</p>
      </div>
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-title`} className="text-sm font-medium">
          {t("prayers.titleLabel")}
        </label>
        <Input
          id={`${id}-title`}
          value={title}
          maxLength={TITLE_MAX}
          autoFocus
          autoComplete="off"
          onChange={(e) => setTitle(e.target.value)}
        />
      </div>
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-details`} className="text-sm font-medium">
          {t("prayers.detailsLabel")}
        </label>
        <Textarea
          id={`${id}-details`}
          value={description}
          maxLength={DETAILS_MAX}
          rows={4}
          onChange={(e) => setDescription(e.target.value)}
        />
      </div>
      <SwitchRow
        id={`${id}-anonymous`}
        label={t("prayers.anonymous")}
        hint={t("prayers.anonymousHint")}
        hintIcon={ShieldCheck}
        checked={isAnonymous}
        onCheckedChange={setIsAnonymous}
      />
      <FormActions
        submitLabel={t("prayers.share")}
        pendingLabel={t("prayers.sharing")}
        pending={create.isPending}
        onCancel={onDone}
      />
    </form>
  );
}

function GroupPrayerCard({
  groupId,
  prayer,
  now,
  onReplies,
}: {
  groupId: string;
  prayer: TGroupPrayer;
  now: Date;
  /** Opens its private thread (issue 28): given for its author and the group's leaders and admins. */
  onReplies?: () => void;
}) {
  const t = useT(groupLifeCatalog);
  const pray = usePrayForGroupPrayer(groupId);
  const answer = useMarkGroupPrayerAnswered(groupId);
  const titleId = `group-prayer-${prayer.id}`;
  const done = prayer.prayedToday;
  return (
    <PrayerCard
      titleId={titleId}
      heading={
        <h3 id={titleId} className="min-w-0 flex-1 font-semibold break-words">
          {prayer.title}
        </h3>
      }
      isMine={prayer.isMine}
      isAnswered={prayer.isAnswered}
      yoursLabel={t("prayers.yours")}
      answeredLabel={t("prayers.answered")}
      description={prayer.description}
      className="gap-3 p-4"
      author={
        <PrayerAuthor
          isAnonymous={prayer.isAnonymous}
          name={prayer.isAnonymous ? t("prayers.anonymousName") : prayer.userName}
          imageUrl={prayer.userImageUrl}
          createdAt={prayer.createdAt}
          now={now}
        />
      }
      actions={
        <>
          <PrayedButton
            isAnswered={prayer.isAnswered}
            isDone={done}
            isPending={pray.isPending}
            count={prayer.prayedCount}
            label={done ? t("prayers.prayed") : t("prayers.iPrayed")}
            countLabel={t("prayers.prayers", { count: prayer.prayedCount })}
            answeredLabel={t("prayers.peoplePrayed", { count: prayer.prayedCount })}
            onPray={() =>
              pray.mutate(prayer.id, {
                onError: (error) =>
                  toastApiError(error, {
                    description: (getStatus(error) === 409 ? getServerMessage(error) : null) ?? t("prayers.prayFailed"),
                  }),
              })
            }
          />
          {prayer.canAnswer && !prayer.isAnswered && (
            <Button
              variant="ghost"
              size="sm"
              disabled={answer.isPending}
              onClick={() =>
                answer.mutate(prayer.id, {
                  onSuccess: () => toast({ title: t("prayers.answeredToast") }),
                  onError: (error) => toastApiError(error, { description: t("prayers.prayFailed") }),
                })
              }
            >
              <CheckCircle2 aria-hidden="true" />
              {t("prayers.markAnswered")}
              <span className="sr-only"> {t("prayers.quoted", { title: prayer.title })}</span>
            </Button>
          )}
          {onReplies && <PrayerRepliesButton request={prayer} onClick={onReplies} />}
        </>
      }
    />
  );
}

/**
 * A group's prayer requests (issue 27): seen by the group only, with church prayer's anonymity (an
 * anonymous author is named to nobody, leaders included), "I prayed" with its count, answered ones
 * kept as thanks, and a form to share one.
 */
export function GroupPrayers({ groupId, canLead = false }: { groupId: string; canLead?: boolean }) {
  const t = useT(groupLifeCatalog);
  const now = useNow();
  const user = useCurrentUser();
  const prayers = useGroupPrayers(groupId);
  const [isSharing, setSharing] = useState(false);
  const all = prayers.data?.pages.flat() ?? [];
  // A prayer's private thread (issue 28); a notification opens it with ?tab=prayers&thread=<id>.
  const linked = new URLSearchParams(useSearch()).get("thread");
  const [replyingId, setReplyingId] = useState<string | null>(linked);
  const replying = all.find((p) => p.id === replyingId) ?? null;
  const headingId = `group-prayers-${groupId}`;
  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          {t("prayers.title")}
        </h2>
        {!isSharing && (
          <Button size="sm" onClick={() => setSharing(true)}>
            <Plus aria-hidden="true" />
            {t("prayers.new")}
          </Button>
        )}
      </div>
      {isSharing && <GroupPrayerForm groupId={groupId} onDone={() => setSharing(false)} />}
      {prayers.isPending ? (
        <div role="status" aria-label={t("prayers.loading")}>
          <SkeletonList label={t("prayers.loading")} count={2} rowClassName="grid gap-2 py-3">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-4 w-full" />
          </SkeletonList>
        </div>
      ) : prayers.isError && all.length === 0 ? (
        <LoadError what={t("prayers.loadError")} onRetry={() => void prayers.refetch()} card />
      ) : all.length === 0 ? (
        <EmptyState icon={HandHeart} title={t("prayers.empty.title")} description={t("prayers.empty.description")} />
      ) : (
        <>
          <ul aria-label={t("prayers.list")} className="grid gap-3 sm:grid-cols-2">
            {all.map((prayer) => (
              <GroupPrayerCard
                key={prayer.id}
                groupId={groupId}
                prayer={prayer}
                now={now}
                onReplies={prayer.isMine || canLead ? () => setReplyingId(prayer.id) : undefined}
              />
            ))}
          </ul>
          {prayers.hasNextPage && (
            <div className="flex justify-center">
              <Button
                variant="outline"
                disabled={prayers.isFetchingNextPage}
                onClick={() => void prayers.fetchNextPage()}
              >
                {prayers.isFetchingNextPage ? t("prayers.loadingMore") : t("prayers.loadMore")}
              </Button>
            </div>
          )}
          {prayers.isFetchNextPageError && (
            <LoadError what={t("prayers.moreLoadError")} onRetry={() => void prayers.fetchNextPage()} />
          )}
        </>
      )}
      {user && (
        <PrayerRepliesDialog
          request={replying}
          userId={user.id}
          inGroup
          staleKey={groupPrayersKey(groupId)}
          onClose={() => setReplyingId(null)}
        />
      )}
    </section>
  );
}
