import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

/** Tones are chosen for at least 4.5:1 text contrast on their own background. */
const tones = {
  brand: "bg-primary text-primary-foreground border-transparent",
  soft: "bg-brand-soft text-brand-text border-brand-border",
  red: "bg-red-50 text-red-800 border-red-200",
  blue: "bg-blue-50 text-blue-800 border-blue-200",
  grey: "bg-stone-100 text-stone-700 border-stone-200",
  green: "bg-emerald-50 text-emerald-800 border-emerald-200",
  amber: "bg-amber-50 text-amber-800 border-amber-200",
  outline: "bg-transparent text-foreground border-border",
} as const;

export type TBadgeTone = keyof typeof tones;

export function Badge({ className, tone = "grey", ...props }: ComponentProps<"span"> & { tone?: TBadgeTone }) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-medium whitespace-nowrap",
        tones[tone],
        className,
      )}
      {...props}
    />
  );
}
