import { X } from "lucide-react";
import { Toast as ToastPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { commonCatalog } from "@/components/i18n";
import { useT } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import type { TToastVariant } from "./use-toast";

export const ToastProvider = ToastPrimitive.Provider;

/** The toasts' region, named "Notifications (F8)" in the language on screen. */
export function ToastViewport({ className, ...props }: ComponentProps<typeof ToastPrimitive.Viewport>) {
  const t = useT(commonCatalog);
  return (
    <ToastPrimitive.Viewport
      // Radix puts the hotkey in place of its own "{hotkey}".
      label={t("toast.region", { hotkey: "{hotkey}" })}
      className={cn(
        "fixed top-0 end-0 z-[100] m-0 flex max-h-screen w-full list-none flex-col gap-2 p-4 outline-none sm:top-auto sm:bottom-0 md:max-w-[420px]",
        className,
      )}
      {...props}
    />
  );
}

export function Toast({
  className,
  variant = "default",
  ...props
}: ComponentProps<typeof ToastPrimitive.Root> & { variant?: TToastVariant }) {
  return (
    <ToastPrimitive.Root
      className={cn(
        "toast-root group pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-xl border p-4 pe-10 shadow-lg data-[state=open]:animate-toast-in",
        variant === "destructive" ? "border-red-800 bg-red-700 text-white" : "border-border bg-card text-foreground",
        className,
      )}
      {...props}
    />
  );
}

export function ToastTitle({ className, ...props }: ComponentProps<typeof ToastPrimitive.Title>) {
  return <ToastPrimitive.Title className={cn("text-sm font-semibold", className)} {...props} />;
}

export function ToastDescription({ className, ...props }: ComponentProps<typeof ToastPrimitive.Description>) {
  return <ToastPrimitive.Description className={cn("mt-0.5 text-sm opacity-95", className)} {...props} />;
}

export function ToastAction({ className, ...props }: ComponentProps<typeof ToastPrimitive.Action>) {
  return (
    <ToastPrimitive.Action
      className={cn(
        "inline-flex h-8 shrink-0 items-center justify-center rounded-md border border-current/30 px-3 text-sm font-medium hover:bg-black/5",
        className,
      )}
      {...props}
    />
  );
}

export function ToastClose({ className, ...props }: ComponentProps<typeof ToastPrimitive.Close>) {
  const t = useT(commonCatalog);
  return (
    <ToastPrimitive.Close
      aria-label={t("action.close")}
      className={cn(
        "absolute top-3 end-3 rounded-md p-1 opacity-80 hover:opacity-100 focus-visible:opacity-100",
        className,
      )}
      {...props}
    >
      <X className="size-4" aria-hidden="true" />
    </ToastPrimitive.Close>
  );
}
