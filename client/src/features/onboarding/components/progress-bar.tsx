/** The journey's share done, as a bar with its figure for screen readers. */
export function ProgressBar({ percentage, label }: { percentage: number; label: string }) {
  const value = Math.min(100, Math.max(0, percentage));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      className="h-2.5 w-full overflow-hidden rounded-full bg-stone-200"
    >
      <div className="h-full rounded-full bg-primary transition-[width] duration-500" style={{ width: `${value}%` }} />
    </div>
  );
}
