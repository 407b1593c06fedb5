import { searchWords } from "@common/search-helpers";
import { describe, expect, it } from "vitest";
import { toTsQuery } from "./search.repo";
import { excerpt, findPages } from "./search.service";

describe("searchWords", () => {
  it("keeps letters and digits of any script, lower-cased, and drops query syntax", () => {
    expect(searchWords("John 3:16")).toEqual(["john", "3", "16"]);
    expect(searchWords("  Señor   Jesús ")).toEqual(["señor", "jesús"]);
    expect(searchWords("faith' & !hope:* | (love)")).toEqual(["faith", "hope", "love"]);
    expect(searchWords("!!! :* &")).toEqual([]);
    expect(searchWords("a b c d e f g h i j k l")).toHaveLength(10);
  });
});

describe("toTsQuery", () => {
  it("binds the words as one parameter, the last one a prefix", () => {
    const q = toTsQuery(["luke", "15"]);
    const chunks = q.queryChunks.filter((c) => typeof c === "string");
    expect(chunks).toEqual(["luke & 15:*"]);
  });
});

describe("excerpt", () => {
  const long = `${"Opening words of the notes. ".repeat(8)}Here the prodigal comes home at last. ${"Closing words. ".repeat(8)}`;

  it("cuts around the first word searched for, at spaces, with ellipses", () => {
    const text = excerpt(long, ["prodigal"], 80);
    expect(text).toMatch(/^….*prodigal comes home.*…$/);
    expect(text.length).toBeLessThanOrEqual(82);
  });

  it("keeps a short text whole and starts a long one at its beginning when no word is in it", () => {
    expect(excerpt("A short note.", ["grace"])).toBe("A short note.");
    expect(excerpt(long, ["grace"], 40)).toMatch(/^Opening words.*…$/);
    expect(excerpt(null, ["grace"])).toBe("");
  });
});

describe("findPages", () => {
  it("finds pages by every word's start, admin pages for admins only", () => {
    expect(findPages({ role: "CONGREGANT" }, ["prayer", "req"]).map((p) => p.id)).toEqual(["prayer-requests"]);
    expect(findPages({ role: "CONGREGANT" }, ["settings"]).map((p) => p.id)).toEqual(["profile"]);
    expect(findPages({ role: "ADMIN" }, ["settings"]).map((p) => p.id)).toEqual(["admin-settings", "profile"]);
    expect(findPages({ role: "GROUP_LEADER" }, ["invite"])).toEqual([]);
  });
});
