import type { LucideIcon } from "lucide-react";
import { ChevronRight } from "lucide-react";
import { Link } from "wouter";

export type TQuickAction = { label: string; description?: string; href: string; icon: LucideIcon };

export function QuickActionGrid({ actions, singleColumn }: { actions: TQuickAction[]; singleColumn?: boolean }) {
  return (
    <ul className={singleColumn ? "grid gap-2" : "grid gap-2 sm:grid-cols-2"}>
      {actions.map(({ label, description, href, icon: Icon }) => (
        <li key={label}>
          <Link
            href={href}
            className="group flex h-full items-center gap-3 rounded-xl border border-border p-3 transition-colors hover:border-brand-border hover:bg-brand-soft"
          >
            <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-soft text-brand-text group-hover:bg-card">
              <Icon className="size-[18px]" aria-hidden="true" />
            </span>
            <span className="grid min-w-0 flex-1">
              <span className="text-sm font-medium text-foreground">{label}</span>
              {description && <span className="truncate text-xs text-muted-foreground">{description}</span>}
            </span>
            <ChevronRight className="rtl:-scale-x-100 size-4 shrink-0 text-stone-400" aria-hidden="true" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
