import { useRef } from "react";

type TAutoFocusHandler = ((event: Event) => void) | undefined;

/**
 * Focus goes back to what opened a dialog when it closes. Radix returns it to a `Trigger`; dialogs
 * opened from state (a button that sets `open`, a menu item) have none, and focus fell to the top
 * of the page. When the dialog opens, before focus moves into it, the focused element is the opener.
 * Spread the result on the Radix content, in place of its own two handlers.
 */
export function useReturnFocus(onOpenAutoFocus: TAutoFocusHandler, onCloseAutoFocus: TAutoFocusHandler) {
  const opener = useRef<Element | null>(null);
  return {
    onOpenAutoFocus: (event: Event) => {
      opener.current = document.activeElement;
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event: Event) => {
      onCloseAutoFocus?.(event);
      const el = opener.current;
      opener.current = null;
      if (event.defaultPrevented || !(el instanceof HTMLElement) || el === document.body || !el.isConnected) return;
      event.preventDefault();
      el.focus();
    },
  };
}
