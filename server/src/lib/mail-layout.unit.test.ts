import { contrastRatio, NEAR_BLACK, WHITE } from "@common/color";
import { describe, expect, it } from "vitest";
import { getAbsoluteLogoUrl, getMailColors, renderMail } from "./mail-layout";

const church = { name: "Grace Chapel", logoUrl: "/api/churches/c1/logo?v=abc", brandColor: "#0F766E" };
const base = {
  heading: "Join Grace Chapel",
  lines: ["Ruth has invited you.", "It expires in 14 days."],
  action: { label: "Accept Invitation", url: "https://app.example/invite/tok" },
  baseUrl: "https://app.example",
  language: "en" as const,
};

describe("the email layout's colours", () => {
  it("puts white text on a dark brand colour and near-black text on a light one, always at least 4.5:1", () => {
    expect(getMailColors("#1E3A8A")).toEqual({ background: "#1e3a8a", text: WHITE });
    expect(getMailColors("#FACC15")).toEqual({ background: "#facc15", text: NEAR_BLACK });
    for (const color of ["#1E3A8A", "#FACC15", "#6366F1", "#22C55E", "#FFFFFF", "#000000", "#F97316"]) {
      const { background, text } = getMailColors(color);
      expect(contrastRatio(background, text), color).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("darkens a mid tone just enough to keep white text (the default #6366F1), and falls back on a bad colour", () => {
    const { background, text } = getMailColors("#6366F1");
    expect(text).toBe(WHITE);
    expect(background).not.toBe("#6366f1");
    expect(contrastRatio(background, text)).toBeGreaterThanOrEqual(4.5);
    expect(getMailColors("not a colour")).toEqual(getMailColors("#6366F1"));
  });
});

describe("renderMail", () => {
  it("shows the church's logo (absolute) with alt text, its name, and the button in its colour", () => {
    const { html, text } = renderMail({ ...base, church });
    expect(html).toContain('<img src="https://app.example/api/churches/c1/logo?v=abc" alt="Grace Chapel logo"');
    expect(html).toContain(">Grace Chapel</td>");
    expect(html).toContain('href="https://app.example/invite/tok" style="background:#0f766e;color:#ffffff');
    expect(text).toBe(
      "Grace Chapel\n\nJoin Grace Chapel\n\nRuth has invited you.\n\nIt expires in 14 days.\n\nAccept Invitation: https://app.example/invite/tok\n",
    );
  });

  it("has no image without a logo, and Fellowship's look without a church", () => {
    expect(renderMail({ ...base, church: { ...church, logoUrl: null } }).html).not.toContain("<img");
    const plain = renderMail({ ...base, church: null });
    expect(plain.html).not.toContain("<img");
    expect(plain.text.startsWith("Fellowship\n")).toBe(true);
  });

  it("escapes what people wrote and keeps a church's name from becoming a link", () => {
    const { html, text } = renderMail({
      ...base,
      church: { ...church, name: 'evil.example <b>"x"</b>' },
      lines: ["<script>alert(1)</script>"],
    });
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<b>");
    expect(html).toContain("&lt;script&gt;");
    expect(text).not.toContain("evil.example");
  });

  it("makes stored logo paths absolute, keeps https links, drops anything else", () => {
    expect(getAbsoluteLogoUrl("/api/churches/c1/logo", "https://app.example/")).toBe(
      "https://app.example/api/churches/c1/logo",
    );
    expect(getAbsoluteLogoUrl("https://cdn.example/l.png", "https://app.example")).toBe("https://cdn.example/l.png");
    expect(getAbsoluteLogoUrl("//evil.example/l.png", "https://app.example")).toBeNull();
    expect(getAbsoluteLogoUrl("data:image/png;base64,AAAA", "https://app.example")).toBeNull();
    expect(getAbsoluteLogoUrl(null, "https://app.example")).toBeNull();
  });
});

describe("renderMail's footer (issue 29)", () => {
  it("adds why and how to stop, in grey under the card and at the end of the text part; none without it", () => {
    const footer = {
      text: "You get this e-mail because <you> chose it.",
      linkLabel: "Unsubscribe",
      url: "https://app.example/unsubscribe?u=1&t=events&s=x",
    };
    const { html, text } = renderMail({ ...base, church, footer });
    expect(html).toContain("You get this e-mail because &lt;you&gt; chose it.");
    expect(html).toContain(
      '<a href="https://app.example/unsubscribe?u=1&amp;t=events&amp;s=x" style="color:#4b5563">Unsubscribe</a>',
    );
    expect(
      text.endsWith(
        "--\nYou get this e-mail because <you> chose it.\nUnsubscribe: https://app.example/unsubscribe?u=1&t=events&s=x\n",
      ),
    ).toBe(true);
    expect(renderMail({ ...base, church }).html).not.toContain("color:#4b5563");
  });
});
