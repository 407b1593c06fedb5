import { describe, expect, it } from "vitest";
import { parseScripture, scripturePassage } from "./scripture";

describe("reading a sermon's scripture reference", () => {
  it("finds the book and chapter of the usual ways of writing a passage", () => {
    expect(parseScripture("John 3:16-21")).toEqual({ book: "John", chapter: 3, verse: 16 });
    expect(parseScripture("  john 3 : 16 ")).toEqual({ book: "John", chapter: 3, verse: 16 });
    expect(parseScripture("Romans 8")).toEqual({ book: "Romans", chapter: 8, verse: null });
    expect(parseScripture("Romans 8-9")).toEqual({ book: "Romans", chapter: 8, verse: null });
    expect(parseScripture("John 3:16–4:2")).toEqual({ book: "John", chapter: 3, verse: 16 });
    expect(parseScripture("1 Corinthians 13:4-7")).toEqual({ book: "1 Corinthians", chapter: 13, verse: 4 });
    expect(parseScripture("1Cor 13")).toEqual({ book: "1 Corinthians", chapter: 13, verse: null });
    expect(parseScripture("I John 4:8")).toEqual({ book: "1 John", chapter: 4, verse: 8 });
    expect(parseScripture("Second Kings 2")).toEqual({ book: "2 Kings", chapter: 2, verse: null });
    expect(parseScripture("Psalm 23")).toEqual({ book: "Psalms", chapter: 23, verse: null });
    expect(parseScripture("Song of Songs 2:4")).toEqual({ book: "Song of Solomon", chapter: 2, verse: 4 });
    expect(parseScripture("Jude 3")).toEqual({ book: "Jude", chapter: 1, verse: 3 });
    expect(parseScripture("Jude 1:24")).toEqual({ book: "Jude", chapter: 1, verse: 24 });
  });

  it("leaves what it cannot read, or a chapter the book does not have, as text", () => {
    for (const text of [
      null,
      "",
      "John",
      "Hezekiah 3:1",
      "John 22:1",
      "Psalm 151",
      "Genesis 0",
      "John 3:16; Romans 5:8",
      "The Beatitudes",
      "John 3:16 and following",
    ]) {
      expect(parseScripture(text), String(text)).toBeNull();
      expect(scripturePassage(text), String(text)).toBeNull();
    }
  });

  it("gives the reader the book and chapter, as the reading plan writes them", () => {
    expect(scripturePassage("John 3:16-21")).toBe("John 3");
    expect(scripturePassage("Psalms 23:1-6")).toBe("Psalm 23");
    expect(scripturePassage("Song of Songs 2:4")).toBe("Song of Solomon 2");
    expect(scripturePassage("Jude 3")).toBe("Jude 1");
  });
});
