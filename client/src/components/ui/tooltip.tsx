import type { ReactElement, ReactNode } from "react";

/**
 * A short label shown on hover and keyboard focus, after 700 ms (spec 1 section 9), for an icon
 * button that already carries the same words as its accessible name (so the label itself is hidden
 * from screen readers). Drawn with CSS only: the shell shows it on every page, and a positioning
 * library for two labels would be most of the shell's weight after React.
 */
export function Tooltip({ content, children }: { content: ReactNode; children: ReactElement }) {
  return (
    <span className="group/tooltip relative inline-flex">
      {children}
      <span
        aria-hidden="true"
        className="pointer-events-none invisible absolute bottom-full left-1/2 z-50 mb-1.5 -translate-x-1/2 whitespace-nowrap rounded-md bg-stone-900 px-2.5 py-1.5 text-xs font-medium text-white opacity-0 shadow-md transition-[opacity,visibility] delay-0 duration-150 group-focus-within/tooltip:visible group-focus-within/tooltip:opacity-100 group-focus-within/tooltip:delay-700 group-hover/tooltip:visible group-hover/tooltip:opacity-100 group-hover/tooltip:delay-700"
      >
        {content}
      </span>
    </span>
  );
}
