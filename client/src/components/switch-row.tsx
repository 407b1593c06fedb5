import type { LucideIcon } from "lucide-react";
import { Switch } from "@/components/ui/switch";

/**
 * A labelled on/off setting in a soft box, with a line saying what it does (the switch is described
 * by it): "Share anonymously" on the church's and a group's prayer request forms, with a shield
 * before the hint. Each caller passes its own words.
 */
export function SwitchRow({
  id,
  label,
  hint,
  hintIcon: HintIcon,
  checked,
  onCheckedChange,
}: {
  id: string;
  label: string;
  hint: string;
  hintIcon?: LucideIcon;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  return (
    <div className="flex items-start justify-between gap-4 rounded-xl border border-border bg-muted/40 p-3">
      <div className="grid min-w-0 gap-0.5">
        <label htmlFor={id} className="text-sm font-medium text-foreground">
          {label}
        </label>
        <p id={`${id}-hint`} className="flex items-start gap-1.5 text-xs text-muted-foreground">
          {HintIcon && <HintIcon className="mt-px size-3.5 shrink-0" aria-hidden="true" />}
          {hint}
        </p>
      </div>
      <Switch id={id} checked={checked} onCheckedChange={onCheckedChange} aria-describedby={`${id}-hint`} />
    </div>
  );
}
