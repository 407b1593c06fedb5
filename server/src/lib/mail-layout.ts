import { getBrandTheme } from "@common/brand";
import { languageDirection, type TLanguage } from "@common/i18n/locales";
import type en from "@common/locales/en/emails.json";
import { eq } from "drizzle-orm";
import type { TDb } from "../db/client";
import { churches } from "../db/schema/churches";
import { users } from "../db/schema/users";
import { serverCatalog } from "./i18n";
import { unlinkable } from "./mail";
import { recipientLanguage } from "./notification-text";

/** The words of e-mails (`emails` catalogue), in the recipient's language. */
export const emailWords = serverCatalog<typeof en>("emails");

/** The church an e-mail speaks for: its name, logo and colour go in the header and on the button. */
export type TMailChurch = { name: string; logoUrl: string | null; brandColor: string | null };

/** One e-mail's words; `renderMail` puts them in the one layout every e-mail of the app shares. */
export type TMailContent = {
  /** Null: someone with no church yet (a leader who just registered) gets Fellowship's own look. */
  church: TMailChurch | null;
  heading: string;
  /** Paragraphs of plain text (escaped in the HTML). */
  lines: string[];
  action: { label: string; url: string };
  /** The app's address, to make a logo stored as `/api/...` an absolute link a mail client can load. */
  baseUrl: string;
  /** The recipient's language: the layout's own words, and the page's `lang` and `dir`. */
  language: TLanguage;
  /**
   * Issue 29: a small grey line under everything, e.g. why the member gets this e-mail and a link to
   * stop it ("You get this e-mail because … Unsubscribe: <url>"), in the HTML and the text part.
   */
  footer?: { text: string; linkLabel: string; url: string };
};

/**
 * The button's and header bar's colours: the church's colour with white text, or near-black text on
 * a light colour, darkened just enough where neither reaches 4.5:1 (the screens' own rule,
 * `getBrandTheme` in common/brand.ts).
 */
export function getMailColors(brandColor: string | null | undefined): { background: string; text: string } {
  const theme = getBrandTheme(brandColor);
  return { background: theme.primary, text: theme.primaryForeground };
}

/**
 * A logo's address as a mail client can load it: a logo uploaded to the app (`/api/churches/…/logo`)
 * under the app's address, a pasted https link as it is, anything else (a data URL) not at all.
 */
export function getAbsoluteLogoUrl(logoUrl: string | null, baseUrl: string): string | null {
  if (!logoUrl) return null;
  if (logoUrl.startsWith("/") && !logoUrl.startsWith("//")) return `${baseUrl.replace(/\/+$/, "")}${logoUrl}`;
  return /^https?:\/\//i.test(logoUrl) ? logoUrl : null;
}

export function escapeHtml(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string,
  );
}

/**
 * Every e-mail the app sends, in one layout: a header bar in the church's colour with its logo (when
 * it has one) and name, the heading and paragraphs, one button, and the link written out for clients
 * that show no buttons. The text part says the same in the same order, readable without HTML.
 */
export function renderMail(content: TMailContent): { text: string; html: string } {
  const from = content.church ? unlinkable(content.church.name) : "Fellowship";
  const colors = getMailColors(content.church?.brandColor);
  const logo = content.church ? getAbsoluteLogoUrl(content.church.logoUrl, content.baseUrl) : null;
  const { label, url } = content.action;
  const t = emailWords(content.language);

  const footer = content.footer;
  const text = [
    from,
    "",
    content.heading,
    "",
    ...content.lines.flatMap((l) => [l, ""]),
    `${label}: ${url}`,
    "",
    ...(footer ? ["--", footer.text, `${footer.linkLabel}: ${footer.url}`, ""] : []),
  ].join("\n");
  const footerHtml = footer
    ? `<p style="max-width:520px;font-size:12px;color:#6b7280;margin:16px auto 0;line-height:1.5;text-align:center">${escapeHtml(footer.text)} <a href="${escapeHtml(footer.url)}" style="color:#4b5563">${escapeHtml(footer.linkLabel)}</a></p>`
    : "";

  const logoHtml = logo
    ? `<img src="${escapeHtml(logo)}" alt="${escapeHtml(t("layout.logo", { church: from }))}" width="40" height="40" style="display:block;width:40px;height:40px;padding:3px;border-radius:8px;background:#fff;object-fit:contain">`
    : "";
  const paras = content.lines.map((l) => `<p style="margin:0 0 12px;line-height:1.5">${escapeHtml(l)}</p>`).join("");
  const html = `<!doctype html><html lang="${content.language}" dir="${languageDirection(content.language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(content.heading)}</title></head>
<body style="margin:0;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;background:#f6f7fb;padding:24px 12px;color:#1f2937">
<div style="max-width:520px;margin:auto;background:#fff;border-radius:12px;overflow:hidden;border:1px solid #e5e7eb">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${colors.background};color:${colors.text}"><tr>
${logo ? `<td style="padding-block:14px;padding-inline:20px 0;width:46px">${logoHtml}</td>` : ""}<td style="padding:14px 20px;font-size:17px;font-weight:600;color:${colors.text}">${escapeHtml(from)}</td>
</tr></table>
<div style="padding:24px 28px 28px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(content.heading)}</h1>${paras}
<p style="margin:20px 0"><a href="${escapeHtml(url)}" style="background:${colors.background};color:${colors.text};padding:10px 18px;border-radius:8px;text-decoration:none;display:inline-block;font-weight:600">${escapeHtml(label)}</a></p>
<p style="font-size:12px;color:#6b7280;margin:0 0 4px">${escapeHtml(t("layout.copyLink"))}</p>
<p style="font-size:12px;color:#6b7280;word-break:break-all;margin:0">${escapeHtml(url)}</p>
</div></div>${footerHtml}</body></html>`;
  return { text, html };
}

/**
 * An account's church (the look of its e-mails; null when it belongs to none yet) and the language
 * its e-mails are written in: the person's choice, else the church's default, else English.
 */
export async function findMailRecipient(
  db: TDb,
  userId: string,
): Promise<{ church: TMailChurch | null; language: TLanguage }> {
  const [row] = await db
    .select({
      language: users.language,
      name: churches.name,
      logoUrl: churches.logoUrl,
      brandColor: churches.brandColor,
      churchLanguage: churches.defaultLanguage,
    })
    .from(users)
    .leftJoin(churches, eq(churches.id, users.churchId))
    .where(eq(users.id, userId));
  const church = row?.name != null ? { name: row.name, logoUrl: row.logoUrl, brandColor: row.brandColor } : null;
  return { church, language: recipientLanguage(row?.language, row?.churchLanguage) };
}
