export function FullPageLoader({ label = "Loading Fellowship" }: { label?: string }) {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-background" role="status" aria-live="polite">
      <div className="flex flex-col items-center gap-4">
        <span
          className="size-10 animate-spin rounded-full border-4 border-brand-soft border-t-primary"
          aria-hidden="true"
        />
        <span className="text-sm text-muted-foreground">{label}...</span>
      </div>
    </div>
  );
}
