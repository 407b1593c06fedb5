import type { TGroupPost } from "@common/groups";
import { MessageSquare, Reply, Trash2 } from "lucide-react";
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import { ConfirmDeleteDialog } from "@/components/confirm-delete-dialog";
import { EmptyState } from "@/components/empty-state";
import { commonCatalog } from "@/components/i18n";
import { LoadError } from "@/components/load-error";
import { SkeletonList } from "@/components/skeleton-list";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { getServerMessage, getStatus } from "@/lib/api-client";
import { toastApiError } from "@/lib/auth-redirect";
import { useCurrentUser } from "@/lib/current-user";
import { useFormat, useT } from "@/lib/i18n";
import { useNow } from "@/lib/use-now";
import { flattenPosts, useCreateGroupPost, useGroupPosts, useGroupSocket, useRemoveGroupPost } from "../life-api";
import { groupLifeCatalog } from "../life-i18n";

/** GROUP_POST_MAX of common/groups.ts, kept here so the page does not download zod. */
const POST_MAX = 2000;

type TThreadItem = { post: TGroupPost; replies: TGroupPost[] };

/**
 * Posts newest first, each with its replies under it (oldest first). A reply to a reply sits under
 * the same first post; a reply whose post is on a page not loaded yet stands on its own until it is.
 */
export function buildThread(posts: TGroupPost[]): TThreadItem[] {
  const byId = new Map(posts.map((p) => [p.id, p]));
  const rootOf = (post: TGroupPost): TGroupPost => {
    let current = post;
    const seen = new Set<string>();
    while (current.parentId && byId.has(current.parentId) && !seen.has(current.id)) {
      seen.add(current.id);
      current = byId.get(current.parentId) as TGroupPost;
    }
    return current;
  };
  const items = new Map<string, TThreadItem>();
  for (const post of posts) {
    const root = rootOf(post);
    let item = items.get(root.id);
    if (!item) {
      item = { post: root, replies: [] };
      items.set(root.id, item);
    }
    if (root.id !== post.id) item.replies.unshift(post);
  }
  // Each post keeps its own place: a new reply does not move its post to the top.
  const place = new Map(posts.map((p, i) => [p.id, i]));
  return [...items.values()].sort((a, b) => (place.get(a.post.id) ?? 0) - (place.get(b.post.id) ?? 0));
}

const personName = (p: TGroupPost["author"]) => [p?.firstName, p?.lastName].filter(Boolean).join(" ");

/** A textarea and its Send button: the thread's composer and a post's reply box. */
function Composer({
  groupId,
  parentId,
  label,
  sendLabel,
  autoFocus,
  onSent,
  onCancel,
}: {
  groupId: string;
  parentId: string | null;
  label: string;
  sendLabel: string;
  autoFocus?: boolean;
  onSent?: () => void;
  onCancel?: () => void;
}) {
  const t = useT(groupLifeCatalog);
  const tc = useT(commonCatalog);
  const id = useId();
  const create = useCreateGroupPost(groupId);
  const [message, setMessage] = useState("");
  const field = useRef<HTMLTextAreaElement>(null);
  // A reply's composer opens because the member chose Reply: the caret goes there.
  useEffect(() => {
    if (autoFocus) field.current?.focus();
  }, [autoFocus]);
  const text = message.trim();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!text || create.isPending) return;
    create.mutate(
      { message: text, parentId },
      {
        onSuccess: () => {
          setMessage("");
          onSent?.();
        },
        onError: (error) =>
          toastApiError(error, {
            description: (getStatus(error) === 400 ? getServerMessage(error) : null) ?? t("thread.failed"),
          }),
      },
    );
  };
  return (
    <form onSubmit={submit} className="grid gap-2">
      <label htmlFor={id} className={parentId ? "sr-only" : "text-sm font-medium text-foreground"}>
        {label}
      </label>
      <textarea
        id={id}
        value={message}
        maxLength={POST_MAX}
        rows={parentId ? 2 : 3}
        ref={field}
        onChange={(e) => setMessage(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Escape" && onCancel) {
            e.preventDefault();
            onCancel();
          }
        }}
        placeholder={parentId ? undefined : t("thread.composer.placeholder")}
        className="min-h-16 w-full rounded-lg border border-input bg-card px-3 py-2 text-base text-foreground shadow-xs placeholder:text-stone-500 focus-visible:border-brand-text focus-visible:outline-2 focus-visible:outline-brand-text/30 sm:text-sm"
      />
      <div className="flex flex-wrap justify-end gap-2">
        {onCancel && (
          <Button variant="ghost" size="sm" onClick={onCancel}>
            {tc("action.cancel")}
          </Button>
        )}
        <Button type="submit" size={parentId ? "sm" : "md"} disabled={!text || create.isPending}>
          {create.isPending ? t("thread.sending") : sendLabel}
        </Button>
      </div>
    </form>
  );
}

function PostBody({
  post,
  now,
  canRemove,
  onRemove,
  onReply,
  isOrphan,
}: {
  post: TGroupPost;
  now: Date;
  canRemove: boolean;
  onRemove: (post: TGroupPost) => void;
  onReply?: () => void;
  isOrphan?: boolean;
}) {
  const t = useT(groupLifeCatalog);
  const format = useFormat();
  const name = personName(post.author) || t("thread.formerMember");
  return (
    <div className="flex min-w-0 gap-3">
      <Avatar name={name} className="size-8 text-xs" />
      <div className="grid min-w-0 flex-1 gap-1">
        <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <span className="font-medium break-words text-foreground">{name}</span>
          <time
            dateTime={post.createdAt}
            title={format.date(post.createdAt, { dateStyle: "medium", timeStyle: "short" })}
            className="text-xs text-muted-foreground"
          >
            {format.relative(post.createdAt, now)}
          </time>
        </p>
        {isOrphan && <p className="text-xs text-muted-foreground">{t("thread.earlierReply")}</p>}
        <p className="text-sm leading-6 break-words whitespace-pre-line text-stone-700">{post.message}</p>
        {(onReply || canRemove) && (
          <div className="-ms-2 flex flex-wrap gap-1">
            {onReply && (
              <Button variant="ghost" size="sm" onClick={onReply}>
                <Reply className="rtl:-scale-x-100" aria-hidden="true" />
                {t("thread.reply")}
                <span className="sr-only"> {t("thread.toName", { name })}</span>
              </Button>
            )}
            {canRemove && (
              <Button variant="ghost" size="sm" className="text-red-700" onClick={() => onRemove(post)}>
                <Trash2 aria-hidden="true" />
                {t("thread.remove")}
                <span className="sr-only"> {t("thread.byName", { name })}</span>
              </Button>
            )}
          </div>
        )}
      </div>
    </div>
  );
}

/**
 * A group's thread (issue 27): posts newest first with "Load older", a composer, replies under their
 * post, live over `/ws` (the group's room), and Remove for the author, the group's leaders and admins.
 */
export function GroupThread({ groupId, canModerate }: { groupId: string; canModerate: boolean }) {
  const t = useT(groupLifeCatalog);
  const tc = useT(commonCatalog);
  const user = useCurrentUser();
  const now = useNow();
  const posts = useGroupPosts(groupId);
  // Once the first page is here (a later page failing keeps the room).
  const { isLive } = useGroupSocket(groupId, posts.data !== undefined);
  const remove = useRemoveGroupPost(groupId);
  const [replyTo, setReplyTo] = useState<string | null>(null);
  const [asked, setAsked] = useState<TGroupPost | null>(null);
  const items = useMemo(() => buildThread(flattenPosts(posts.data)), [posts.data]);
  const headingId = `group-thread-${groupId}`;
  const canRemove = (post: TGroupPost) => canModerate || post.author?.id === user.id;

  const confirmRemove = (post: TGroupPost) =>
    remove.mutate(post.id, {
      onSuccess: () => toast({ title: t("thread.removed") }),
      onError: (error) => toastApiError(error, { description: t("thread.removeFailed") }),
    });

  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <div className="flex items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          {t("thread.title")}
        </h2>
        {isLive && (
          <span className="inline-flex items-center gap-1.5 text-xs text-muted-foreground">
            <span className="size-2 rounded-full bg-emerald-500" aria-hidden="true" />
            {t("thread.live")}
          </span>
        )}
      </div>
      <Composer groupId={groupId} parentId={null} label={t("thread.composer.label")} sendLabel={t("thread.send")} />
      {posts.isPending ? (
        <div role="status" aria-label={t("thread.loading")}>
          <SkeletonList label={t("thread.loading")} count={3} rowClassName="flex gap-3 py-3">
            <Skeleton className="size-8 rounded-full" />
            <div className="grid flex-1 gap-2">
              <Skeleton className="h-3 w-32" />
              <Skeleton className="h-4 w-full" />
            </div>
          </SkeletonList>
        </div>
      ) : posts.isError && items.length === 0 ? (
        <LoadError what={t("thread.loadError")} onRetry={() => void posts.refetch()} card />
      ) : items.length === 0 ? (
        <EmptyState icon={MessageSquare} title={t("thread.empty.title")} description={t("thread.empty.description")} />
      ) : (
        <>
          <ul aria-label={t("thread.posts")} className="grid gap-3">
            {items.map(({ post, replies }) => (
              <li key={post.id}>
                <article
                  aria-label={personName(post.author) || t("thread.formerMember")}
                  className="grid gap-3 rounded-2xl border border-border bg-card p-4 shadow-xs"
                >
                  <PostBody
                    post={post}
                    now={now}
                    isOrphan={Boolean(post.parentId)}
                    canRemove={canRemove(post)}
                    onRemove={setAsked}
                    onReply={() => setReplyTo(post.id)}
                  />
                  {replies.length > 0 && (
                    <ul aria-label={t("thread.replies")} className="grid gap-3 border-s-2 border-border ps-4 ms-4">
                      {replies.map((reply) => (
                        <li key={reply.id}>
                          <PostBody
                            post={reply}
                            now={now}
                            canRemove={canRemove(reply)}
                            onRemove={setAsked}
                            onReply={() => setReplyTo(post.id)}
                          />
                        </li>
                      ))}
                    </ul>
                  )}
                  {replyTo === post.id && (
                    <div className="ms-4 ps-4">
                      <Composer
                        groupId={groupId}
                        parentId={post.id}
                        label={t("thread.replyLabel", { name: personName(post.author) || t("thread.formerMember") })}
                        sendLabel={t("thread.sendReply")}
                        autoFocus
                        onSent={() => setReplyTo(null)}
                        onCancel={() => setReplyTo(null)}
                      />
                    </div>
                  )}
                </article>
              </li>
            ))}
          </ul>
          {posts.hasNextPage && (
            <div className="flex justify-center">
              <Button variant="outline" disabled={posts.isFetchingNextPage} onClick={() => void posts.fetchNextPage()}>
                {posts.isFetchingNextPage ? t("thread.loadingOlder") : t("thread.loadOlder")}
              </Button>
            </div>
          )}
          {posts.isFetchNextPageError && (
            <LoadError what={t("thread.olderLoadError")} onRetry={() => void posts.fetchNextPage()} />
          )}
        </>
      )}
      <ConfirmDeleteDialog
        item={asked}
        title={t("thread.removeTitle")}
        description={t("thread.removeDescription")}
        confirmLabel={tc("action.remove")}
        onConfirm={confirmRemove}
        onClose={() => setAsked(null)}
      />
    </section>
  );
}
