import { RadioGroup as RadioPrimitive } from "radix-ui";
import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

export type TRadioCardOption<T extends string> = { value: T; label: string; description?: ReactNode };

/** A radio group drawn as selectable cards (arrow keys move between them). */
export function RadioCards<T extends string>({
  value,
  onValueChange,
  options,
  name,
  "aria-labelledby": labelledBy,
  disabled,
}: {
  value: T;
  onValueChange: (value: T) => void;
  options: TRadioCardOption<T>[];
  name?: string;
  "aria-labelledby"?: string;
  disabled?: boolean;
}) {
  return (
    <RadioPrimitive.Root
      value={value}
      name={name}
      disabled={disabled}
      aria-labelledby={labelledBy}
      onValueChange={(v) => onValueChange(v as T)}
      className="grid gap-2"
    >
      {options.map((o) => (
        <RadioPrimitive.Item
          key={o.value}
          value={o.value}
          className={cn(
            "flex w-full items-start gap-3 rounded-lg border border-border bg-card p-3 text-start transition-colors hover:bg-muted/60 data-[state=checked]:border-brand-text data-[state=checked]:bg-brand-soft",
          )}
        >
          <span className="mt-0.5 flex size-4 shrink-0 items-center justify-center rounded-full border border-stone-400 bg-card">
            <RadioPrimitive.Indicator className="size-2 rounded-full bg-brand-text" />
          </span>
          <span className="grid gap-0.5">
            <span className="text-sm font-medium">{o.label}</span>
            {o.description && <span className="text-xs text-muted-foreground">{o.description}</span>}
          </span>
        </RadioPrimitive.Item>
      ))}
    </RadioPrimitive.Root>
  );
}
