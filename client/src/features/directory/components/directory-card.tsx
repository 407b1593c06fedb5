import type { TDirectoryEntry } from "@common/directory";
import { Cake, Mail, MapPin, Phone } from "lucide-react";
import type { ReactNode } from "react";
import { Avatar } from "@/components/ui/avatar";
import { useFormat, useT } from "@/lib/i18n";
import { directoryCatalog } from "../i18n";

/** "MM-DD" or "YYYY-MM-DD" as the language on screen writes a day ("12 April", "April 12, 1980"). */
export function formatBirthday(format: ReturnType<typeof useFormat>, value: string): string {
  const m = /^(?:(\d{4})-)?(\d{2})-(\d{2})$/.exec(value);
  if (!m) return value;
  const date = Date.UTC(m[1] ? Number(m[1]) : 2000, Number(m[2]) - 1, Number(m[3]));
  return format.date(date, { ...(m[1] ? { year: "numeric" } : {}), month: "long", day: "numeric", timeZone: "UTC" });
}

/** A phone number as a `tel:` address: its digits and a leading +. */
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

function Line({ icon: Icon, label, children }: { icon: typeof Mail; label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 items-start gap-2">
      <dt>
        <Icon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        <span className="sr-only">{label}</span>
      </dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

/** One member: picture or initials, name, and only the fields they let the caller see (the server chose). */
export function DirectoryCard({ person }: { person: TDirectoryEntry }) {
  const t = useT(directoryCatalog);
  const format = useFormat();
  const name = [person.firstName, person.lastName].filter(Boolean).join(" ") || t("card.noName");
  const headingId = `directory-${person.id}`;
  const hasDetails = person.email || person.phone || person.birthday || person.address;
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="grid h-full content-start gap-3 rounded-2xl border border-border bg-card p-4 shadow-xs"
      >
        <div className="flex min-w-0 items-center gap-3">
          <Avatar name={name} src={person.profileImageUrl} className="size-12" />
          <h2 id={headingId} className="min-w-0 font-semibold break-words text-foreground">
            {name}
          </h2>
        </div>
        {hasDetails && (
          <dl className="grid gap-1.5 text-sm">
            {person.email && (
              <Line icon={Mail} label={t("field.email")}>
                <a href={`mailto:${person.email}`} className="break-all text-brand-text hover:underline">
                  {person.email}
                </a>
              </Line>
            )}
            {person.phone && (
              <Line icon={Phone} label={t("field.phone")}>
                <a href={telHref(person.phone)} className="text-brand-text hover:underline" dir="ltr">
                  {person.phone}
                </a>
              </Line>
            )}
            {person.birthday && (
              <Line icon={Cake} label={t("field.birthday")}>
                {formatBirthday(format, person.birthday)}
              </Line>
            )}
            {person.address && (
              <Line icon={MapPin} label={t("field.address")}>
                <span className="whitespace-pre-line">{person.address}</span>
              </Line>
            )}
          </dl>
        )}
        {person.bio && <p className="text-sm whitespace-pre-line text-muted-foreground">{person.bio}</p>}
      </article>
    </li>
  );
}
