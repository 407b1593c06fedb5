import { useT } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { commonCatalog } from "./i18n";

/** A church's logo, or its initial on its colour when it has no logo. */
export function ChurchIdentity({
  name,
  logoUrl,
  className,
}: {
  name: string;
  logoUrl: string | null;
  className?: string;
}) {
  const t = useT(commonCatalog);
  if (logoUrl) {
    return (
      <img
        src={logoUrl}
        alt={t("church.logo", { name })}
        className={cn("size-14 rounded-xl object-contain", className)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={cn(
        "flex size-14 items-center justify-center rounded-xl bg-primary text-2xl font-bold text-primary-foreground",
        className,
      )}
    >
      {name.trim().charAt(0).toUpperCase() || "F"}
    </span>
  );
}
