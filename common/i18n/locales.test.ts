import { describe, expect, it } from "vitest";
import { matchLanguage, negotiateLanguage, resolveLanguage } from "./locales";

describe("which language a person is answered in", () => {
  it("takes the member's choice over the church's default, and the default over the browser", () => {
    expect(resolveLanguage("ko", "es", "fr-FR,fr;q=0.9")).toBe("ko");
    expect(resolveLanguage(null, "es", "fr-FR,fr;q=0.9")).toBe("es");
    expect(resolveLanguage(null, null, "fr-FR,fr;q=0.9")).toBe("fr");
    expect(resolveLanguage(null, null, "de-DE,de;q=0.9")).toBe("en");
    // A stored value that is no longer shipped counts as no choice.
    expect(resolveLanguage("xx", "pt-BR", "")).toBe("pt-BR");
  });

  it("reads Accept-Language by weight, then order, and matches regions to the language shipped", () => {
    expect(negotiateLanguage("de;q=1, ar;q=0.4, es-MX;q=0.8")).toBe("es");
    expect(negotiateLanguage("ko-KR, en;q=0.1")).toBe("ko");
    expect(negotiateLanguage("pt-PT")).toBe("pt-BR");
    expect(negotiateLanguage(["fr-CA", "en-US"])).toBe("fr");
    expect(negotiateLanguage("en;q=0, es;q=0")).toBeNull();
    expect(negotiateLanguage("*")).toBeNull();
    expect(matchLanguage("PT-br")).toBe("pt-BR");
    expect(matchLanguage("zh-Hant")).toBeNull();
  });
});
