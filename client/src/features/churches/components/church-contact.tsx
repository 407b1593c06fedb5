import { mapSearchUrl } from "@common/map-link";
import { Globe, Mail, MapPin, Phone } from "lucide-react";
import type { ReactNode } from "react";
import { useT } from "@/lib/i18n";
import { churchesCatalog } from "../i18n";

type TContact = { address: string | null; phone: string | null; email: string | null; website: string | null };

const linkClasses = "break-words font-medium text-brand-text underline-offset-4 hover:underline";

function Row({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <li className="flex min-w-0 items-start gap-3">
      <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-lg bg-brand-soft text-brand-text">
        {icon}
      </span>
      <div className="min-w-0">
        <p className="text-xs font-medium text-muted-foreground">{label}</p>
        <div className="min-w-0 text-sm text-foreground">{children}</div>
      </div>
    </li>
  );
}

/** Whether Church Settings holds any contact detail to show. */
export const hasContact = (c: TContact) => !!(c.address || c.phone || c.email || c.website);

/**
 * The church's contact details from Church Settings: the address with a link that searches a map for
 * it (an outside site; no map is embedded), phone, e-mail and website, each a link that does its job.
 */
export function ChurchContact({ church }: { church: TContact }) {
  const t = useT(churchesCatalog);
  return (
    <ul className="grid gap-4">
      {church.address && (
        <Row icon={<MapPin className="size-4" aria-hidden="true" />} label={t("contact.address")}>
          <span className="block whitespace-pre-line">{church.address}</span>
          <a href={mapSearchUrl(church.address)} target="_blank" rel="noreferrer" className={linkClasses}>
            {t("contact.openMap")}
            <span className="sr-only"> {t("newTab")}</span>
          </a>
        </Row>
      )}
      {church.phone && (
        <Row icon={<Phone className="size-4" aria-hidden="true" />} label={t("contact.phone")}>
          <a href={`tel:${church.phone.replace(/[^\d+]/g, "")}`} className={linkClasses}>
            {church.phone}
          </a>
        </Row>
      )}
      {church.email && (
        <Row icon={<Mail className="size-4" aria-hidden="true" />} label={t("contact.email")}>
          <a href={`mailto:${church.email}`} className={linkClasses}>
            {church.email}
          </a>
        </Row>
      )}
      {church.website && (
        <Row icon={<Globe className="size-4" aria-hidden="true" />} label={t("contact.website")}>
          <a href={church.website} target="_blank" rel="noreferrer" className={linkClasses}>
            {church.website.replace(/^https?:\/\//, "").replace(/\/$/, "")}
            <span className="sr-only"> {t("newTab")}</span>
          </a>
        </Row>
      )}
    </ul>
  );
}
