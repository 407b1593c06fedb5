import { Avatar as AvatarPrimitive } from "radix-ui";
import { cn, getInitials } from "@/lib/utils";

export function Avatar({ name, src, className }: { name: string; src?: string | null; className?: string }) {
  return (
    <AvatarPrimitive.Root
      className={cn("relative inline-flex size-10 shrink-0 overflow-hidden rounded-full bg-brand-soft", className)}
    >
      {src && <AvatarPrimitive.Image src={src} alt="" className="size-full object-cover" />}
      <AvatarPrimitive.Fallback
        delayMs={src ? 400 : 0}
        className="flex size-full items-center justify-center text-sm font-semibold text-brand-text"
      >
        <span aria-hidden="true">{getInitials(name)}</span>
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
