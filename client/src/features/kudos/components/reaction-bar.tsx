import type { TKudos } from "@common/kudos";
import { toastApiError } from "@/lib/auth-redirect";
import { useFormat, useT } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { useToggleKudosReaction } from "../api";
import { kudosCatalog } from "../i18n";
import { KUDOS_REACTION_OPTIONS } from "../labels";

/**
 * The four reaction buttons (spec 2 Kudos) with their counts; the caller's own are pressed
 * (`aria-pressed`). A press shows at once; the server's answer then settles the counts.
 */
export function ReactionBar({ kudos, label }: { kudos: TKudos; label: string }) {
  const t = useT(kudosCatalog);
  const format = useFormat();
  const toggle = useToggleKudosReaction(kudos.id);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a toolbar of toggle buttons, not a form's fieldset
    <div role="group" aria-label={t("reactions.label", { title: label })} className="flex flex-wrap gap-1.5">
      {KUDOS_REACTION_OPTIONS.map(({ reaction, label: nameKey, icon: Icon }) => {
        const name = t(nameKey);
        const isOn = kudos.myReactions.includes(reaction);
        const count = kudos.reactions[reaction];
        return (
          <button
            key={reaction}
            type="button"
            aria-pressed={isOn}
            title={name}
            onClick={() =>
              toggle.mutate(reaction, {
                onError: (error) => toastApiError(error, { description: t("reactions.failed") }),
              })
            }
            className={cn(
              "inline-flex h-9 min-w-14 items-center justify-center gap-1.5 rounded-full border px-3 text-sm font-medium tabular-nums transition-colors",
              isOn
                ? "border-brand-border bg-brand-soft text-brand-text"
                : "border-border bg-card text-stone-700 hover:bg-muted",
            )}
          >
            <Icon className={cn("size-4", isOn && "fill-current")} aria-hidden="true" />
            <span className="sr-only">{name}</span>
            <span>{format.number(count)}</span>
          </button>
        );
      })}
    </div>
  );
}
