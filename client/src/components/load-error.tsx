import { Card } from "@/components/ui/card";
import { cn } from "@/lib/utils";

/**
 * "{what} could not be loaded. Try again", announced as an alert. `card` draws it as a card of its
 * own, for pages where it stands in place of cards; otherwise it is a paragraph inside one.
 */
export function LoadError({
  what,
  onRetry,
  card,
  className,
}: {
  what: string;
  onRetry: () => void;
  card?: boolean;
  className?: string;
}) {
  const classes = cn("text-sm text-muted-foreground", className);
  const content = (
    <>
      {what} could not be loaded.{" "}
      <button type="button" className="font-medium text-brand-text underline" onClick={onRetry}>
        Try again
      </button>
    </>
  );
  return card ? (
    <Card className={classes} role="alert">
      {content}
    </Card>
  ) : (
    <p className={classes} role="alert">
      {content}
    </p>
  );
}
