import type { TKudos } from "@common/kudos";
import { Clock, XCircle } from "lucide-react";
import { Link } from "wouter";
import { Badge } from "@/components/ui/badge";
import { Rich, useT } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { kudosCatalog } from "../i18n";
import { kudosPersonName } from "../labels";
import { KudosBadges, KudosByline, KudosText } from "./kudos-parts";
import { ReactionBar } from "./reaction-bar";

/** The sender's own kudos that members do not see (yet): why, in words, with the admin's reason. */
function ReviewState({ kudos, isAdmin }: { kudos: TKudos; isAdmin: boolean }) {
  const t = useT(kudosCatalog);
  if (kudos.status === "pending") {
    return (
      <p className="flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
        <Clock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {isAdmin ? (
          <span>
            <Rich
              catalog={kudosCatalog}
              k="card.pendingAdmin"
              components={{ 0: <Link href="/admin/kudos" className="font-medium underline" /> }}
            />
          </span>
        ) : (
          t("card.pendingMember")
        )}
      </p>
    );
  }
  if (kudos.status === "rejected") {
    return (
      <div className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900">
        <p>{t("card.rejectedNote")}</p>
        {kudos.rejectionReason && (
          <p className="mt-1 break-words whitespace-pre-line">
            <span className="font-medium">{t("card.reason")}</span> {kudos.rejectionReason}
          </p>
        )}
      </div>
    );
  }
  return null;
}

/** The id of a kudos' title (the card's name). */
export const kudosTitleId = (id: string) => `kudos-${id}-title`;

/**
 * One recognition (spec 2 Kudos): type badge, relative time, title, message, who gave it to whom, and
 * the reactions. The sender's own pending or rejected kudos say so. Text is rendered as text.
 */
export function KudosCard({
  kudos,
  selfId,
  isAdmin,
  now,
}: {
  kudos: TKudos;
  selfId: string;
  isAdmin: boolean;
  now: Date;
}) {
  const t = useT(kudosCatalog);
  const titleId = kudosTitleId(kudos.id);
  const from = kudosPersonName(kudos.fromUser, t("person.fallback"));
  const to = kudosPersonName(kudos.toUser, t("person.fallback"));
  return (
    <li className="min-w-0">
      <article
        aria-labelledby={titleId}
        className={cn(
          "flex h-full flex-col gap-3 rounded-2xl border bg-card p-5 shadow-xs",
          kudos.status === "approved" ? "border-border" : "border-dashed border-stone-300",
        )}
      >
        <KudosBadges kudos={kudos} now={now}>
          {kudos.status === "pending" && (
            <Badge tone="amber">
              <Clock className="size-3" aria-hidden="true" />
              {t("card.pending")}
            </Badge>
          )}
          {kudos.status === "rejected" && (
            <Badge tone="red">
              <XCircle className="size-3" aria-hidden="true" />
              {t("card.rejected")}
            </Badge>
          )}
        </KudosBadges>
        <KudosText kudos={kudos} titleId={titleId} />
        <ReviewState kudos={kudos} isAdmin={isAdmin} />
        <div className="mt-auto grid gap-3">
          <KudosByline
            from={from}
            to={to}
            isFromSelf={kudos.isMine}
            isToSelf={kudos.toUserId === selfId}
            imageUrl={kudos.fromUser?.profileImageUrl}
          />
          {/* A kudos that was not approved takes no reactions (the server answers 409). */}
          {kudos.status !== "rejected" && (
            <div className="border-t border-border pt-3">
              <ReactionBar kudos={kudos} label={kudos.title} />
            </div>
          )}
        </div>
      </article>
    </li>
  );
}
