import { renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { splitPassage, usePassageName } from "./bible";
import { activateLanguage, LanguageProvider } from "./i18n";

const wrapper = ({ children }: { children: ReactNode }) => <LanguageProvider>{children}</LanguageProvider>;

describe("reading plan passages in the member's language", () => {
  afterEach(() => activateLanguage("en"));

  it("splits the book from its chapters, the longest name first", () => {
    expect(splitPassage("1 John 2-3")).toEqual(["1 John", " 2-3"]);
    expect(splitPassage("John 3")).toEqual(["John", " 3"]);
    expect(splitPassage("Song of Solomon 1-2")).toEqual(["Song of Solomon", " 1-2"]);
    expect(splitPassage("Not a book 1")).toBeNull();
  });

  it("names the book in Spanish, Korean and Arabic, and leaves what it cannot read as it is", async () => {
    for (const [language, expected] of [
      ["es", "Génesis 1-3"],
      ["ko", "창세기 1-3"],
      ["ar", "التكوين 1-3"],
      ["en", "Genesis 1-3"],
    ] as const) {
      await activateLanguage(language);
      // The namespace downloads on first use: render until it has.
      const { result } = renderHook(() => usePassageName(), { wrapper });
      await expect.poll(() => result.current?.("Genesis 1-3")).toBe(expected);
      expect(result.current("Hezekiah 4")).toBe("Hezekiah 4");
    }
  });
});
