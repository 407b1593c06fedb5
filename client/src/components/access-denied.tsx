import { ShieldAlert } from "lucide-react";
import { useEffect } from "react";
import { Link } from "wouter";
import { buttonClasses } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { useT } from "@/lib/i18n";
import { commonCatalog } from "./i18n";

/** Spec 2 section 6: a non-admin on an admin screen gets a toast and this screen. */
export function AccessDenied() {
  const t = useT(commonCatalog);
  useEffect(() => {
    toast({
      title: t("accessDenied.title"),
      description: t("accessDenied.description"),
      variant: "destructive",
    });
  }, [t]);
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 py-16 text-center">
      <div className="flex size-14 items-center justify-center rounded-full bg-red-50 text-red-700">
        <ShieldAlert className="size-7" aria-hidden="true" />
      </div>
      <h1 className="text-2xl font-bold tracking-tight">{t("accessDenied.title")}</h1>
      <p className="text-muted-foreground">{t("accessDenied.description")}</p>
      <Link href="/" className={buttonClasses({ variant: "outline", className: "mt-2" })}>
        {t("accessDenied.back")}
      </Link>
    </div>
  );
}
