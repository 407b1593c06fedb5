import { describe, expect, it } from "vitest";
import { memberPseudonym } from "./pseudonym";

describe("memberPseudonym", () => {
  const id = "3f1c2a8e-5b7d-4c9e-8f0a-1b2c3d4e5f60";

  it("is a uuid, the same for the same id however it is written, and never the id itself", () => {
    const p = memberPseudonym(id);
    expect(p).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(memberPseudonym(id.toUpperCase())).toBe(p);
    expect(p).not.toBe(id);
    expect(p.replaceAll("-", "")).not.toContain(id.replaceAll("-", "").slice(0, 8));
  });

  it("differs between members", () => {
    expect(memberPseudonym(id)).not.toBe(memberPseudonym("3f1c2a8e-5b7d-4c9e-8f0a-1b2c3d4e5f61"));
  });
});
