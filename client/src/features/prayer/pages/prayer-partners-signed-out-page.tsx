import { Handshake, LogIn } from "lucide-react";
import { PublicFrame } from "@/components/public-frame";
import { buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { useT } from "@/lib/i18n";
import { useDocumentTitle } from "@/lib/use-document-title";
import { prayerCatalog } from "../i18n";

/**
 * `/prayer-partners` for a signed-out visitor. Spec 1 §2: this page does not redirect to sign-in;
 * it says what the chain is and invites the visitor to sign in, and shows nothing of anyone's.
 */
export function PrayerPartnersSignedOutPage() {
  const t = useT(prayerCatalog);
  useDocumentTitle(t("partners.title"));
  return (
    <PublicFrame>
      <h1 className="mb-6 text-2xl font-bold tracking-tight sm:text-3xl">{t("partners.title")}</h1>
      <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-brand-soft text-brand-text">
          <Handshake className="size-6" aria-hidden="true" />
        </span>
        <h2 className="text-lg font-semibold">{t("signedOut.heading")}</h2>
        <p className="max-w-md text-muted-foreground">{t("signedOut.body")}</p>
        <a href="/api/login" className={buttonClasses({ className: "mt-2" })}>
          <LogIn aria-hidden="true" />
          {t("signedOut.signIn")}
        </a>
      </Card>
    </PublicFrame>
  );
}
