import { Home } from "lucide-react";
import { Link } from "wouter";
import { AuthLayout } from "@/components/auth-layout";
import { BrandMark } from "@/components/brand-mark";
import { ChurchIdentity } from "@/components/church-identity";
import { buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { useT } from "@/lib/i18n";
import { useDocumentTitle } from "@/lib/use-document-title";
import { pagesCatalog } from "./i18n";

/**
 * The page for an address that leads nowhere (issue 24: no developer text). In the shell it carries
 * the church's mark; signed out (or before a church exists) it stands on its own with Fellowship's.
 * Either way one button goes home: the dashboard signed in, the landing page signed out.
 */
export function NotFoundPage({
  standalone,
  church,
}: {
  standalone?: boolean;
  church?: { name: string; logoUrl: string | null };
}) {
  const t = useT(pagesCatalog);
  useDocumentTitle(t("notFound.title"));
  const card = (
    <Card className="mx-auto flex w-full max-w-md flex-col items-center gap-3 px-6 py-10 text-center">
      {church ? (
        <ChurchIdentity name={church.name} logoUrl={church.logoUrl} />
      ) : (
        <BrandMark className="size-14 rounded-xl" />
      )}
      <p className="mt-2 text-sm font-semibold tracking-wide text-brand-text">404</p>
      <h1 className="text-2xl font-bold tracking-tight text-foreground">{t("notFound.title")}</h1>
      <p className="max-w-sm text-muted-foreground">{t("notFound.description")}</p>
      <Link href="/" className={buttonClasses({ className: "mt-3" })}>
        <Home aria-hidden="true" />
        {t("notFound.home")}
      </Link>
    </Card>
  );
  if (!standalone) return <div className="py-10">{card}</div>;
  return <AuthLayout>{card}</AuthLayout>;
}
