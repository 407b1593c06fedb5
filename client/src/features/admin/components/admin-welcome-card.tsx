import type { TAdminStats } from "@common/admin";
import { Check, ChevronRight, type LucideIcon, Mail, Mic, Palette, X } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useT } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { adminCatalog } from "../i18n";

type TFirstSteps = TAdminStats["firstSteps"];

type TStep = {
  key: keyof TFirstSteps;
  icon: LucideIcon;
  /** The step's keys in the `admin` catalogue: steps.<name>.title, .text, .doneText. */
  name: "sermon" | "invite" | "setup";
  href: string;
};

/** The new leader's three first steps, each a link to where it is done (issue 24). */
export const FIRST_STEPS: TStep[] = [
  {
    key: "hasSermon",
    icon: Mic,
    name: "sermon",
    href: "/admin/sermons?new=1",
  },
  {
    key: "hasSentInvitation",
    icon: Mail,
    name: "invite",
    href: "/admin/invitations",
  },
  {
    key: "isChurchSetUp",
    icon: Palette,
    name: "setup",
    href: "/admin/settings",
  },
];

/**
 * The one welcome a new church's leader gets (issue 24): on the admin dashboard, three first steps
 * that tick themselves off from the church's data, until dismissed (kept on the server per person).
 * `notice` is the e-mail confirmation reminder when the address is unconfirmed: shown inside the
 * card, so the leader never meets two welcomes stacked.
 */
export function AdminWelcomeCard({
  firstName,
  churchName,
  steps,
  notice,
  onDismiss,
}: {
  firstName: string | null;
  churchName: string;
  /** undefined while the figures load. */
  steps: TFirstSteps | undefined;
  notice?: ReactNode;
  onDismiss: () => void;
}) {
  const t = useT(adminCatalog);
  const doneCount = steps ? FIRST_STEPS.filter((s) => steps[s.key]).length : 0;
  const isAllDone = doneCount === FIRST_STEPS.length;

  return (
    <section
      aria-labelledby="admin-welcome-title"
      className="relative mb-6 rounded-2xl border border-brand-border bg-brand-soft p-5 sm:p-6"
    >
      <button
        type="button"
        onClick={onDismiss}
        aria-label={t("welcome.dismiss")}
        className="absolute top-3 end-3 rounded-md p-2 text-brand-text hover:bg-white/60 focus-visible:outline-2 focus-visible:outline-brand-text"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
      <div className="pe-10">
        <h2 id="admin-welcome-title" className="text-lg font-semibold break-words text-foreground">
          {t("welcome.title", { name: firstName || t("welcome.leader"), church: churchName })}
        </h2>
        <p className="mt-0.5 text-sm text-stone-700">
          {isAllDone ? t("welcome.allDone") : t("welcome.progress", { done: doneCount, total: FIRST_STEPS.length })}
        </p>
      </div>
      {notice && <div className="mt-4">{notice}</div>}
      <ol className="mt-4 grid gap-2 md:grid-cols-3">
        {FIRST_STEPS.map(({ key, icon: Icon, name, href }) => {
          const isDone = !!steps?.[key];
          return (
            <li key={key}>
              <Link
                href={href}
                className={cn(
                  "flex h-full items-start gap-3 rounded-xl border bg-card p-3 transition-colors hover:border-brand-text",
                  isDone ? "border-green-200" : "border-brand-border",
                )}
              >
                {steps === undefined ? (
                  <Skeleton className="size-9 shrink-0 rounded-lg" />
                ) : (
                  <span
                    className={cn(
                      "flex size-9 shrink-0 items-center justify-center rounded-lg",
                      isDone ? "bg-green-100 text-green-800" : "bg-brand-soft text-brand-text",
                    )}
                  >
                    {isDone ? (
                      <Check className="size-[18px]" aria-hidden="true" />
                    ) : (
                      <Icon className="size-[18px]" aria-hidden="true" />
                    )}
                  </span>
                )}
                <span className="grid min-w-0 flex-1 gap-0.5">
                  <span className={cn("text-sm font-medium text-foreground", isDone && "text-green-900")}>
                    {t(`steps.${name}.title`)}
                    {steps !== undefined && (
                      <span className="sr-only">{isDone ? t("welcome.doneMark") : t("welcome.todoMark")}</span>
                    )}
                  </span>
                  <span className="text-sm text-stone-600">
                    {isDone ? t(`steps.${name}.doneText`) : t(`steps.${name}.text`)}
                  </span>
                </span>
                <ChevronRight className="rtl:-scale-x-100 mt-2 size-4 shrink-0 text-stone-500" aria-hidden="true" />
              </Link>
            </li>
          );
        })}
      </ol>
      {isAllDone && (
        <div className="mt-4 flex justify-end">
          <Button size="sm" onClick={onDismiss}>
            {t("welcome.done")}
          </Button>
        </div>
      )}
    </section>
  );
}
