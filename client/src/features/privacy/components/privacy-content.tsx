import type { TChurchPrivacy } from "@common/privacy-helpers";
import {
  Bell,
  Clock,
  Download,
  Globe,
  HandHeart,
  History,
  Mail,
  MapPin,
  MessageSquare,
  Phone,
  ShieldCheck,
  Smartphone,
  Sparkles,
  Trash2,
  UserRound,
  UsersRound,
} from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { ChurchIdentity } from "@/components/church-identity";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Rich, useT } from "@/lib/i18n";
import { privacyCatalog } from "../i18n";

const linkClasses = "font-medium break-words text-brand-text underline-offset-4 hover:underline";
const iconClasses = "size-4";

/** A number of days in words: whole years as years ("1 year", "2 years"), anything else as days ("90 days"). */
export function usePeriod(): (days: number) => string {
  const t = useT(privacyCatalog);
  return (days) =>
    days > 0 && days % 365 === 0 ? t("period.years", { count: days / 365 }) : t("period.days", { count: days });
}

/** A mailto link around the words the catalogue puts inside `<0>`. */
function MailTo({ email, children }: { email: string; children?: ReactNode }) {
  return (
    <a href={`mailto:${email}`} className={linkClasses}>
      {children}
    </a>
  );
}

function Line({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="flex min-w-0 items-start gap-3">
      <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-lg bg-brand-soft text-brand-text">
        {icon}
      </span>
      <div className="min-w-0 pt-1 text-sm text-foreground">{children}</div>
    </li>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card aria-labelledby={id}>
      <CardHeader>
        <CardTitle id={id} className="text-lg">
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** Who the church is and how to reach it: its name, then each contact detail it has, each a working link. */
function WhoSection({ privacy }: { privacy: TChurchPrivacy }) {
  const t = useT(privacyCatalog);
  const { church } = privacy;
  return (
    <Section id="privacy-who" title={t("who.title")}>
      <div className="mb-4 flex min-w-0 items-center gap-3">
        <ChurchIdentity name={church.name} logoUrl={church.logoUrl} className="size-10 shrink-0 text-lg" />
        <p className="min-w-0 text-sm text-muted-foreground">{t("who.text", { church: church.name })}</p>
      </div>
      <ul className="grid gap-3">
        {church.address && (
          <Line icon={<MapPin className={iconClasses} aria-hidden="true" />}>
            <span className="sr-only">{t("contact.address")}: </span>
            <span className="whitespace-pre-line break-words">{church.address}</span>
          </Line>
        )}
        {church.phone && (
          <Line icon={<Phone className={iconClasses} aria-hidden="true" />}>
            <span className="sr-only">{t("contact.phone")}: </span>
            <a href={`tel:${church.phone.replace(/[^\d+]/g, "")}`} className={linkClasses}>
              {church.phone}
            </a>
          </Line>
        )}
        {church.email && (
          <Line icon={<Mail className={iconClasses} aria-hidden="true" />}>
            <span className="sr-only">{t("contact.email")}: </span>
            <a href={`mailto:${church.email}`} className={linkClasses}>
              {church.email}
            </a>
          </Line>
        )}
        {church.website && (
          <Line icon={<Globe className={iconClasses} aria-hidden="true" />}>
            <span className="sr-only">{t("contact.website")}: </span>
            <a href={church.website} target="_blank" rel="noreferrer" className={linkClasses}>
              {church.website.replace(/^https?:\/\//, "").replace(/\/$/, "")}
            </a>
          </Line>
        )}
      </ul>
    </Section>
  );
}

/** How to ask about one's data: the church's own words (Church Settings), else its e-mail. */
function AskSection({ privacy }: { privacy: TChurchPrivacy }) {
  const t = useT(privacyCatalog);
  const email = privacy.church.email;
  return (
    <Section id="privacy-ask" title={t("ask.title")}>
      {privacy.privacyContact ? (
        <p className="text-sm whitespace-pre-line break-words text-foreground" data-testid="privacy-contact">
          {privacy.privacyContact}
        </p>
      ) : email ? (
        <p className="text-sm text-foreground" data-testid="privacy-contact">
          <Rich
            catalog={privacyCatalog}
            k="ask.email"
            values={{ email }}
            components={{ 0: <MailTo email={email} /> }}
          />
        </p>
      ) : (
        <p className="text-sm text-foreground" data-testid="privacy-contact">
          {t("ask.none")}
        </p>
      )}
    </Section>
  );
}

function KeptSection() {
  const t = useT(privacyCatalog);
  return (
    <Section id="privacy-kept" title={t("kept.title")}>
      <ul className="grid gap-3">
        <Line icon={<UserRound className={iconClasses} aria-hidden="true" />}>{t("kept.profile")}</Line>
        <Line icon={<Sparkles className={iconClasses} aria-hidden="true" />}>{t("kept.activity")}</Line>
        <Line icon={<HandHeart className={iconClasses} aria-hidden="true" />}>{t("kept.prayer")}</Line>
        <Line icon={<UsersRound className={iconClasses} aria-hidden="true" />}>{t("kept.community")}</Line>
        <Line icon={<MessageSquare className={iconClasses} aria-hidden="true" />}>{t("kept.messages")}</Line>
        <Line icon={<Smartphone className={iconClasses} aria-hidden="true" />}>{t("kept.signIn")}</Line>
      </ul>
    </Section>
  );
}

/** The church's retention settings in words, in the language on screen. */
function RetentionSection({ privacy }: { privacy: TChurchPrivacy }) {
  const t = useT(privacyCatalog);
  const period = usePeriod();
  const days = privacy.retentionDays;
  return (
    <Section id="privacy-retention" title={t("retention.title")}>
      <ul className="grid gap-3" data-testid="privacy-retention">
        <Line icon={<MessageSquare className={iconClasses} aria-hidden="true" />}>
          {t("retention.chat", { period: period(days.chat) })}
        </Line>
        <Line icon={<Bell className={iconClasses} aria-hidden="true" />}>
          {t("retention.notifications", { period: period(days.notifications) })}
        </Line>
        <Line icon={<History className={iconClasses} aria-hidden="true" />}>
          {t("retention.audit", { period: period(days.audit) })}
        </Line>
        <Line icon={<Trash2 className={iconClasses} aria-hidden="true" />}>
          {t("retention.removed", { period: period(days.removedMembers) })}
        </Line>
        <Line icon={<Clock className={iconClasses} aria-hidden="true" />}>{t("retention.rest")}</Line>
        {privacy.backupDays !== null && (
          <Line icon={<ShieldCheck className={iconClasses} aria-hidden="true" />}>
            {t("retention.backups", { period: period(privacy.backupDays) })}
          </Line>
        )}
      </ul>
    </Section>
  );
}

/** Download and erasure: links to the profile for a member; in words only for someone not yet joined. */
function RightsSection({ isMember }: { isMember: boolean }) {
  const t = useT(privacyCatalog);
  return (
    <Section id="privacy-rights" title={t("rights.title")}>
      {isMember ? (
        <ul className="grid gap-3">
          <Line icon={<Download className={iconClasses} aria-hidden="true" />}>
            <Rich
              catalog={privacyCatalog}
              k="rights.download"
              components={{ 0: <Link href="/profile" className={linkClasses} /> }}
            />
          </Line>
          <Line icon={<Trash2 className={iconClasses} aria-hidden="true" />}>
            <Rich
              catalog={privacyCatalog}
              k="rights.delete"
              components={{ 0: <Link href="/profile" className={linkClasses} /> }}
            />
          </Line>
        </ul>
      ) : (
        <p className="text-sm text-foreground">{t("rights.afterJoin")}</p>
      )}
    </Section>
  );
}

/**
 * The privacy page's body (issue 28), for a member (`/privacy`) and for someone an invitation is
 * bringing in (`/invite/{token}/privacy`): the same answer, only the links to the profile differ.
 */
export function PrivacyContent({ privacy, isMember }: { privacy: TChurchPrivacy; isMember: boolean }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2 lg:items-start">
      <div className="grid gap-4">
        <WhoSection privacy={privacy} />
        <AskSection privacy={privacy} />
        <RightsSection isMember={isMember} />
      </div>
      <div className="grid gap-4">
        <RetentionSection privacy={privacy} />
        <KeptSection />
      </div>
    </div>
  );
}
