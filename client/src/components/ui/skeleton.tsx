import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

/** Stable keys for a fixed number of placeholder rows. */
export function skeletonKeys(count: number): string[] {
  return Array.from({ length: count }, (_, i) => `skeleton-${i}`);
}

export function Skeleton({ className, ...props }: ComponentProps<"div">) {
  return <div aria-hidden="true" className={cn("animate-pulse rounded-md bg-stone-200/70", className)} {...props} />;
}
