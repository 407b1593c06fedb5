import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

export const inputClasses =
  "flex h-10 w-full min-w-0 rounded-lg border border-input bg-card px-3 py-2 text-base text-foreground shadow-xs transition-colors placeholder:text-stone-500 focus-visible:border-brand-text focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-text/30 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-red-600 sm:text-sm";

export function Input({ className, ...props }: ComponentProps<"input">) {
  return <input className={cn(inputClasses, "read-only:bg-muted", className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return <textarea className={cn(inputClasses, "h-auto min-h-20", className)} {...props} />;
}
