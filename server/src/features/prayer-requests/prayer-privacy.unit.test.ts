import { describe, expect, it } from "vitest";
import { isAnonymousAuthorTie } from "./prayer-privacy";

describe("isAnonymousAuthorTie (the rule for rows already read: event payloads, webhooks)", () => {
  const anonymous = { isAnonymous: true, authorId: "author" };
  it("is true only for an anonymous request's own author", () => {
    expect(isAnonymousAuthorTie(anonymous, "author")).toBe(true);
    expect(isAnonymousAuthorTie(anonymous, "someone else")).toBe(false);
    expect(isAnonymousAuthorTie(anonymous, null)).toBe(false);
    expect(isAnonymousAuthorTie({ isAnonymous: false, authorId: "author" }, "author")).toBe(false);
    // An author who has left (author_id set null) is tied to nothing, and nobody matches them.
    expect(isAnonymousAuthorTie({ isAnonymous: true, authorId: null }, null)).toBe(false);
  });
});
