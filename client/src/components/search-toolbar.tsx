import { ChevronDown, Search } from "lucide-react";
import type { ReactNode } from "react";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/utils";

/** A search box that fills the row, then `children` (filters) beside it from `sm` up and below it on a phone. */
export function SearchToolbar({
  label,
  placeholder,
  value,
  onChange,
  className,
  children,
}: {
  /** The accessible name; the placeholder alone is not a label. */
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <div className={cn("flex flex-col gap-3 sm:flex-row", className)}>
      <div className="relative flex-1">
        <Search
          className="pointer-events-none absolute top-1/2 start-3 size-4 -translate-y-1/2 text-stone-500"
          aria-hidden="true"
        />
        <Input
          type="search"
          aria-label={label}
          placeholder={placeholder}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          className="ps-9"
        />
      </div>
      {children}
    </div>
  );
}

export type TFilterOption = { value: string; label: string };

/**
 * A select that narrows a list; it shows the chosen option, so it needs `label` for its name. A native
 * `<select>`: the phone's own picker, and none of Radix Select's positioning code on the list pages'
 * first load (issue 26's bundle budget).
 */
export function FilterSelect({
  label,
  value,
  onValueChange,
  options,
  className,
}: {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  options: TFilterOption[];
  className?: string;
}) {
  return (
    <div className={cn("relative", className)}>
      <select
        aria-label={label}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        className="h-10 w-full appearance-none rounded-lg border border-input bg-card ps-3 pe-9 text-sm shadow-xs focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:opacity-60"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <ChevronDown
        className="pointer-events-none absolute top-1/2 end-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
    </div>
  );
}
