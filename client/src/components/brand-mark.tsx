import { cn } from "@/lib/utils";

/** The product's own mark (a cross on the brand colour), used where no church logo applies. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "relative inline-flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary",
        className,
      )}
    >
      <span className="absolute h-[60%] w-[14%] rounded-[1px] bg-primary-foreground" />
      <span className="absolute top-[31%] h-[14%] w-[42%] rounded-[1px] bg-primary-foreground" />
    </span>
  );
}
