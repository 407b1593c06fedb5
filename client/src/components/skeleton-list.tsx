import type { ReactNode } from "react";
import { skeletonKeys } from "@/components/ui/skeleton";

/** A list's loading state: `count` identical placeholder rows, named for screen readers by `label`. */
export function SkeletonList({
  label,
  count,
  rowClassName,
  testId,
  children,
}: {
  label: string;
  count: number;
  rowClassName: string;
  /** Lets tests count the rows. */
  testId?: string;
  /** One row's placeholders. */
  children: ReactNode;
}) {
  return (
    <ul className="divide-y divide-border" aria-label={label}>
      {skeletonKeys(count).map((key) => (
        <li key={key} data-testid={testId} className={rowClassName}>
          {children}
        </li>
      ))}
    </ul>
  );
}
