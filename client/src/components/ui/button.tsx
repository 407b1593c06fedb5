import { Slot } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

const variants = {
  default: "bg-primary text-primary-foreground shadow-sm hover:bg-primary/90",
  destructive: "bg-destructive text-destructive-foreground shadow-sm hover:bg-destructive/90",
  outline: "border border-input bg-card text-foreground shadow-xs hover:bg-muted",
  secondary: "bg-muted text-foreground hover:bg-stone-200",
  ghost: "text-foreground hover:bg-muted",
  link: "text-brand-text underline-offset-4 hover:underline",
} as const;

const sizes = {
  sm: "h-8 gap-1.5 rounded-md px-3 text-sm",
  md: "h-10 gap-2 rounded-lg px-4 text-sm",
  lg: "h-12 gap-2 rounded-lg px-6 text-base",
  icon: "size-10 rounded-lg",
  "icon-sm": "size-8 rounded-md",
} as const;

export type TButtonVariant = keyof typeof variants;
export type TButtonSize = keyof typeof sizes;

export function buttonClasses({
  variant = "default",
  size = "md",
  className,
}: {
  variant?: TButtonVariant;
  size?: TButtonSize;
  className?: string;
} = {}): string {
  return cn(
    "inline-flex shrink-0 items-center justify-center font-medium whitespace-nowrap transition-colors disabled:pointer-events-none disabled:opacity-55 [&_svg]:size-4 [&_svg]:shrink-0",
    variants[variant],
    sizes[size],
    className,
  );
}

export type TButtonProps = ComponentProps<"button"> & {
  variant?: TButtonVariant;
  size?: TButtonSize;
  /** Render the child element (a link) with button styling. */
  asChild?: boolean;
};

export function Button({ className, variant, size, asChild, type, ...props }: TButtonProps) {
  if (asChild) return <Slot.Root className={buttonClasses({ variant, size, className })} {...props} />;
  return <button type={type ?? "button"} className={buttonClasses({ variant, size, className })} {...props} />;
}
