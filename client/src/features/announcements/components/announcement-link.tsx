import { ExternalLink } from "lucide-react";
import { Link } from "wouter";
import { buttonClasses } from "@/components/ui/button";
import { useT } from "@/lib/i18n";
import { linkHost, linkKindOf } from "../format";
import { announcementsCatalog } from "../i18n";

/**
 * An announcement's link as a button: one of the app's pages opens in the app; an outside https
 * address opens in a new tab (rel=noopener, and no referrer: the member's page is nobody's business).
 */
export function AnnouncementLink({ link, className }: { link: string; className?: string }) {
  const t = useT(announcementsCatalog);
  const kind = linkKindOf(link);
  const classes = buttonClasses({ variant: "outline", size: "sm", className });
  if (kind !== "web")
    return (
      <Link href={link} className={classes}>
        {t(`link.${kind}`)}
      </Link>
    );
  if (!/^https?:\/\//i.test(link)) return null;
  return (
    <a href={link} target="_blank" rel="noopener noreferrer" className={classes}>
      <ExternalLink aria-hidden="true" className="rtl:-scale-x-100" />
      <span className="truncate">{t("link.web", { host: linkHost(link) })}</span>
      <span className="sr-only">{t("link.newTab")}</span>
    </a>
  );
}
