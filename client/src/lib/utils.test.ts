import { afterEach, describe, expect, it } from "vitest";
import { commonCatalog } from "@/components/i18n";
import { activateLanguage, translator } from "./i18n";
import { formatDate, formatNumber, formatRelativeTime, getInitials } from "./utils";

const now = new Date("2025-06-15T12:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

describe("formatRelativeTime", () => {
  it("follows spec 2: Just now, minutes, hours, days under 7, then an en-US date", () => {
    expect(formatRelativeTime(ago(30_000), now)).toBe("Just now");
    expect(formatRelativeTime(ago(60_000), now)).toBe("1 minute ago");
    expect(formatRelativeTime(ago(59 * 60_000), now)).toBe("59 minutes ago");
    expect(formatRelativeTime(ago(2 * 3_600_000), now)).toBe("2 hours ago");
    expect(formatRelativeTime(ago(6 * 86_400_000), now)).toBe("6 days ago");
    expect(formatRelativeTime(ago(8 * 86_400_000), now)).toBe(
      new Date(ago(8 * 86_400_000)).toLocaleDateString("en-US"),
    );
  });
});

describe("formatDate and getInitials", () => {
  it("formats en-US dates and initials", () => {
    expect(formatDate("2025-03-04T12:00:00Z")).toBe("Mar 4, 2025");
    expect(getInitials("Ann Marie Lee")).toBe("AL");
    expect(getInitials("pastor@example.org")).toBe("P");
  });
});

describe("dates, numbers and plurals in each language (issue 26)", () => {
  afterEach(() => activateLanguage("en"));

  it("says '5 min ago' and counts points in every shipped language", async () => {
    const cases = {
      en: ["5 minutes ago", "Just now", "12,345", "1 point", "2 points", "2 points"],
      es: ["hace 5 min", "ahora", "12.345", "1 punto", "2 puntos", "2 puntos"],
      "pt-BR": ["há 5 min.", "agora", "12.345", "1 ponto", "2 pontos", "2 pontos"],
      fr: ["il y a 5\u00a0min", "maintenant", "12\u202f345", "1 point", "2 points", "2 points"],
      ko: ["5분 전", "지금", "12,345", "1포인트", "2포인트", "2포인트"],
      // Arabic counts six ways: one, two, a few (3–10), many (11–99)…
      ar: ["قبل 5 دقائق", "الآن", "12,345", "نقطة واحدة", "نقطتان", "نقطتان"],
    } as const;
    for (const [language, [minutes, justNow, number, one, two]] of Object.entries(cases)) {
      await activateLanguage(language as keyof typeof cases);
      expect(formatRelativeTime(ago(5 * 60_000), now), language).toBe(minutes);
      expect(formatRelativeTime(ago(10_000), now), language).toBe(justNow);
      expect(formatNumber(12345), language).toBe(number);
      const t = translator(commonCatalog);
      expect(t("points", { count: 1 }), language).toBe(one);
      expect(t("points", { count: 2 }), language).toBe(two);
    }
    await activateLanguage("ar");
    const t = translator(commonCatalog);
    expect(t("points", { count: 3 })).toBe("3 نقاط");
    expect(t("points", { count: 11 })).toBe("11 نقطة");
    expect(formatDate("2025-03-04T12:00:00Z")).toBe("4 مارس 2025");
  });
});
