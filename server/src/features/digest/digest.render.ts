import { languageDirection, type TLanguage } from "@common/i18n/locales";
import { unlinkable } from "../../lib/mail";
import { emailWords, escapeHtml, getAbsoluteLogoUrl, getMailColors, type TMailChurch } from "../../lib/mail-layout";
import type { TDigestContent } from "./digest.repo";

/**
 * The weekly digest's e-mail (issue 29): the app's mail layout (the church's header bar, logo and
 * colour, as lib/mail-layout.ts renderMail draws it) with a section per part that has something,
 * each a heading and short lines linking into the app; the text part says the same in the same
 * order; the footer says how to stop it (the page `/unsubscribe`, the same signed query as the
 * `List-Unsubscribe` header's).
 */

export type TDigestMail = {
  church: TMailChurch;
  language: TLanguage;
  timeZone: string;
  /** The app's address (links, and an uploaded logo's). */
  baseUrl: string;
  content: TDigestContent;
  /** The page that turns the digest off for this member (signed link). */
  unsubscribeUrl: string;
};

type TLine = { text: string; url?: string };
type TSection = { heading: string; lines: TLine[] };

function sectionsOf(m: TDigestMail): TSection[] {
  const t = emailWords(m.language);
  const c = m.content;
  const base = m.baseUrl.replace(/\/+$/, "");
  const when = new Intl.DateTimeFormat(m.language, {
    timeZone: m.timeZone,
    weekday: "short",
    day: "numeric",
    month: "short",
    hour: "numeric",
    minute: "2-digit",
  });
  const sections: TSection[] = [];
  const add = (heading: string, lines: TLine[]) => {
    if (lines.length > 0) sections.push({ heading, lines });
  };
  add(t("digest.actionStep.heading"), c.actionStep ? [{ text: c.actionStep.title, url: `${base}/growth` }] : []);
  add(
    t("digest.partner.heading"),
    c.partner
      ? [{ text: t("digest.partner.line", { name: unlinkable(c.partner.name) }), url: `${base}/prayer-partners` }]
      : [],
  );
  add(
    t("digest.events.heading"),
    c.events.map((e) => ({
      text: t(e.isGoing ? "digest.events.going" : "digest.events.line", { title: e.title, when: when.format(e.start) }),
      url: `${base}/events/${e.id}`,
    })),
  );
  add(
    t("digest.sermons.heading"),
    c.sermons.map((s) => ({
      text: t("digest.sermons.line", { title: s.title, speaker: s.speaker }),
      url: `${base}/sermons/${s.id}`,
    })),
  );
  add(
    t("digest.prayers.heading"),
    c.answeredPrayers.map((p) => ({
      text: p.authorName
        ? t("digest.prayers.named", { title: p.title, name: unlinkable(p.authorName) })
        : t("digest.prayers.anonymous", { title: p.title }),
      url: `${base}/prayer-requests`,
    })),
  );
  add(
    t("digest.kudos.heading"),
    c.kudos.map((k) => ({
      text: t("digest.kudos.line", {
        title: k.title,
        name: k.fromName ? unlinkable(k.fromName) : t("digest.kudos.someone"),
      }),
      url: `${base}/kudos`,
    })),
  );
  add(
    t("digest.meetings.heading"),
    c.meetings.map((g) => ({
      text: t("digest.meetings.line", { group: g.groupName, when: when.format(g.startsAt) }),
      url: `${base}/groups/${g.groupId}`,
    })),
  );
  const streaks: TLine[] = [];
  if (c.streaks.reading > 0) streaks.push({ text: t("digest.streaks.reading", { count: c.streaks.reading }) });
  if (c.streaks.partnerPrayer > 0)
    streaks.push({ text: t("digest.streaks.partnerPrayer", { count: c.streaks.partnerPrayer }) });
  if (c.streaks.actionSteps > 0)
    streaks.push({ text: t("digest.streaks.actionSteps", { count: c.streaks.actionSteps }) });
  add(t("digest.streaks.heading"), streaks);
  return sections;
}

/** The digest's subject, text part and HTML part, in the member's language. */
export function renderDigest(m: TDigestMail): { subject: string; text: string; html: string } {
  const t = emailWords(m.language);
  const church = unlinkable(m.church.name);
  const subject = t("digest.subject", { church });
  const heading = t("digest.heading");
  const intro = t("digest.intro", { church });
  const sections = sectionsOf(m);
  const appUrl = `${m.baseUrl.replace(/\/+$/, "")}/`;
  const action = t("digest.action");
  const footer = t("digest.footer");
  const stop = t("digest.unsubscribe");

  const text = [
    church,
    "",
    heading,
    "",
    intro,
    "",
    ...sections.flatMap((s) => [
      s.heading,
      // The link on a line of its own: a mail client without HTML still makes it clickable.
      ...s.lines.flatMap((l) => (l.url ? [`- ${l.text}`, `  ${l.url}`] : [`- ${l.text}`])),
      "",
    ]),
    `${action}: ${appUrl}`,
    "",
    "--",
    footer,
    `${stop}: ${m.unsubscribeUrl}`,
    "",
  ].join("\n");

  const colors = getMailColors(m.church.brandColor);
  const logo = getAbsoluteLogoUrl(m.church.logoUrl, m.baseUrl);
  const link = (l: TLine) =>
    l.url
      ? `<a href="${escapeHtml(l.url)}" style="color:#1f2937;text-decoration:underline">${escapeHtml(l.text)}</a>`
      : escapeHtml(l.text);
  const sectionsHtml = sections
    .map(
      (s) =>
        `<h2 style="font-size:16px;margin:20px 0 8px">${escapeHtml(s.heading)}</h2><ul style="margin:0;padding-inline-start:20px">${s.lines
          .map((l) => `<li style="margin:0 0 6px;line-height:1.5">${link(l)}</li>`)
          .join("")}</ul>`,
    )
    .join("");
  const logoHtml = logo
    ? `<td style="padding-block:14px;padding-inline:20px 0;width:46px"><img src="${escapeHtml(logo)}" alt="${escapeHtml(t("layout.logo", { church }))}" width="40" height="40" style="display:block;width:40px;height:40px;padding:3px;border-radius:8px;background:#fff;object-fit:contain"></td>`
    : "";
  const html = `<!doctype html><html lang="${m.language}" dir="${languageDirection(m.language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;background:#f6f7fb;padding:24px 12px;color:#1f2937">
<div style="max-width:520px;margin:auto;background:#fff;border-radius:12px;overflow:hidden;border:1px solid #e5e7eb">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${colors.background};color:${colors.text}"><tr>
${logoHtml}<td style="padding:14px 20px;font-size:17px;font-weight:600;color:${colors.text}">${escapeHtml(church)}</td>
</tr></table>
<div style="padding:24px 28px 28px">
<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(heading)}</h1>
<p style="margin:0 0 8px;line-height:1.5">${escapeHtml(intro)}</p>${sectionsHtml}
<p style="margin:24px 0 20px"><a href="${escapeHtml(appUrl)}" style="background:${colors.background};color:${colors.text};padding:10px 18px;border-radius:8px;text-decoration:none;display:inline-block;font-weight:600">${escapeHtml(action)}</a></p>
<p style="font-size:12px;color:#6b7280;margin:0 0 4px">${escapeHtml(footer)}</p>
<p style="font-size:12px;color:#6b7280;margin:0"><a href="${escapeHtml(m.unsubscribeUrl)}" style="color:#6b7280">${escapeHtml(stop)}</a></p>
</div></div></body></html>`;
  return { subject, text, html };
}
