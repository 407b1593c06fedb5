import { Card } from "@/components/ui/card";
import { Rich } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { commonCatalog } from "./i18n";

/**
 * "{what} could not be loaded. Try again", announced as an alert. `what` comes from the page, in the
 * language on screen (a noun phrase that reads well inside the sentence: "esta página"). `card` draws it as a card of its
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
    <Rich
      catalog={commonCatalog}
      k="loadError.message"
      values={{ what }}
      components={{ 0: <button type="button" className="font-medium text-brand-text underline" onClick={onRetry} /> }}
    />
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
