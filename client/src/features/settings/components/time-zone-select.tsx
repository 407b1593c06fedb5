import { type ComponentProps, forwardRef, useMemo } from "react";
import { inputClasses } from "@/components/ui/input";
import { cn } from "@/lib/utils";

export function getTimeZones(current?: string | null): string[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf("timeZone");
  } catch {
    zones = [];
  }
  // Browsers list "Etc/UTC"-style names; the church's current zone (e.g. "UTC") must stay selectable.
  if (current && !zones.includes(current)) zones = [current, ...zones];
  return zones;
}

/**
 * A native select: with about 400 zones, the platform picker (type-ahead on desktop, a wheel on phones)
 * is easier to use than a custom listbox.
 */
export const TimeZoneSelect = forwardRef<HTMLSelectElement, ComponentProps<"select"> & { current?: string | null }>(
  function TimeZoneSelect({ current, className, ...props }, ref) {
    const zones = useMemo(() => getTimeZones(current), [current]);
    return (
      <select ref={ref} className={cn(inputClasses, "appearance-auto", className)} {...props}>
        {zones.map((z) => (
          <option key={z} value={z}>
            {z.replace(/_/g, " ")}
          </option>
        ))}
      </select>
    );
  },
);
