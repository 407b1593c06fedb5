import { Highlighter } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Rich, useT } from "@/lib/i18n";
import { sermonsCatalog } from "../i18n";

/**
 * The text selected inside `container` (empty when the selection is elsewhere or collapsed). A
 * selection that runs past the panel's edges counts only the part inside it.
 */
function readSelection(container: HTMLElement | null): string {
  const sel = typeof document === "undefined" ? null : document.getSelection();
  if (!container || !sel || sel.rangeCount === 0 || sel.isCollapsed) return "";
  const range = sel.getRangeAt(0);
  const startsInside = container.contains(range.startContainer);
  const endsInside = container.contains(range.endContainer);
  let text: string;
  if (startsInside && endsInside) {
    text = range.toString();
  } else {
    if (!range.intersectsNode(container)) return "";
    const clamped = document.createRange();
    clamped.selectNodeContents(container);
    if (startsInside) clamped.setStart(range.startContainer, range.startOffset);
    if (endsInside) clamped.setEnd(range.endContainer, range.endOffset);
    text = clamped.toString();
  }
  return text.replace(/\s+/g, " ").trim();
}

/**
 * Spec 1 screen 7: readable sermon text the member can select; the Highlight button stays disabled
 * until some of it is selected.
 */
export function HighlightableText({
  text,
  onHighlight,
  label,
}: {
  text: string;
  onHighlight: (selected: string) => void;
  /** Names the text region for screen readers. */
  label: string;
}) {
  const t = useT(sermonsCatalog);
  const ref = useRef<HTMLElement>(null);
  const [selected, setSelected] = useState("");

  useEffect(() => {
    const update = () => setSelected(readSelection(ref.current));
    document.addEventListener("selectionchange", update);
    return () => document.removeEventListener("selectionchange", update);
  }, []);

  const update = () => setSelected(readSelection(ref.current));

  return (
    <div className="grid gap-4">
      <section
        ref={ref}
        aria-label={label}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (and caret browsing selects from it)
        tabIndex={0}
        onMouseUp={update}
        onKeyUp={update}
        onTouchEnd={update}
        data-testid="highlightable-text"
        className="max-h-[28rem] overflow-y-auto rounded-xl border border-border bg-stone-50 p-4 text-[15px] leading-7 break-words whitespace-pre-line text-foreground selection:bg-amber-200 selection:text-stone-900 sm:p-5"
      >
        {text}
      </section>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="min-w-0 text-sm text-muted-foreground" aria-live="polite">
          {selected ? (
            <span className="line-clamp-2">
              <Rich
                catalog={sermonsCatalog}
                k="highlightable.selected"
                values={{ text: selected }}
                components={{ 0: <q className="text-foreground" /> }}
              />
            </span>
          ) : (
            t("highlightable.hint")
          )}
        </p>
        <Button
          disabled={!selected}
          // Keep the selection: pressing the button must not clear it before the click.
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => selected && onHighlight(selected)}
          className="self-start sm:self-auto"
        >
          <Highlighter aria-hidden="true" />
          {t("highlightable.button")}
        </Button>
      </div>
    </div>
  );
}
