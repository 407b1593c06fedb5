import { MoreHorizontal } from "lucide-react";
import { Suspense, useState } from "react";
import { useT } from "@/lib/i18n";
import { lazyComponent } from "@/lib/lazy";
import { membersCatalog } from "../i18n";
import type { TMemberActionsProps } from "./member-actions-menu";

// The dropdown (Radix Menu, with its positioning and scroll-lock code) comes when a pointer or the
// keyboard nears a row's button, and is drawn from its first click on: not with the members list.
const MemberActionsDropdown = lazyComponent(() => import("./member-actions-menu").then((m) => m.MemberActionsDropdown));

const TRIGGER_CLASS =
  "inline-flex size-9 items-center justify-center rounded-lg text-muted-foreground hover:bg-muted hover:text-foreground disabled:opacity-50";

/**
 * A member's actions (change role, remove). Until its first click it is a plain button with the same
 * name; the click loads the menu, which opens at once and takes the focus as it would have.
 */
export function MemberActionsButton(props: TMemberActionsProps) {
  const t = useT(membersCatalog);
  const [open, setOpen] = useState(false);
  const [isUsed, setIsUsed] = useState(false);
  const plain = (
    <button
      type="button"
      aria-label={t("menu.actionsFor", { name: props.name })}
      aria-haspopup="menu"
      aria-expanded={false}
      disabled={props.disabled}
      className={TRIGGER_CLASS}
      onPointerEnter={MemberActionsDropdown.preload}
      onFocus={MemberActionsDropdown.preload}
      onClick={() => {
        setIsUsed(true);
        setOpen(true);
      }}
    >
      <MoreHorizontal className="size-5" aria-hidden="true" />
    </button>
  );
  if (!isUsed) return plain;
  return (
    <Suspense fallback={plain}>
      <MemberActionsDropdown {...props} open={open} onOpenChange={setOpen} />
    </Suspense>
  );
}
