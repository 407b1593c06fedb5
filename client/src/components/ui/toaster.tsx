import { languageDirection } from "@common/i18n/locales";
import { commonCatalog } from "@/components/i18n";
import { currentLanguage, useT } from "@/lib/i18n";
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from "./toast";
import { dismissToast, useToast } from "./use-toast";

/**
 * Spec 1 section 9: default duration 5000 ms, swipe towards the screen's edge (right; left in Arabic,
 * where toasts sit on the left) with a 50 px threshold, hotkey F8.
 */
export const TOAST_DURATION = 5000;

export function Toaster() {
  const t = useT(commonCatalog);
  const { toasts } = useToast();
  const edge = languageDirection(currentLanguage()) === "rtl" ? "left" : "right";
  return (
    <ToastProvider label={t("toast.label")} duration={TOAST_DURATION} swipeDirection={edge} swipeThreshold={50}>
      {toasts.map(({ id, title, description, action, variant, duration, open }) => (
        <Toast
          key={id}
          open={open}
          variant={variant}
          duration={duration}
          onOpenChange={(isOpen) => {
            if (!isOpen) dismissToast(id);
          }}
        >
          <div className="grid min-w-0 flex-1 gap-0.5">
            {title && <ToastTitle>{title}</ToastTitle>}
            {description && <ToastDescription>{description}</ToastDescription>}
          </div>
          {action}
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport hotkey={["F8"]} />
    </ToastProvider>
  );
}
