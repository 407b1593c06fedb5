import { describe, expect, it } from "vitest";
import { SecretBox } from "../../lib/secrets";
import { openInvitationToken } from "./invitation-token-cache";

describe("openInvitationToken", () => {
  it("opens a sealed token, and the same again from its kept copy", () => {
    const box = new SecretBox("a-secret-of-sixteen-or-more");
    const sealed = box.seal("the-token");
    expect(openInvitationToken(box, sealed)).toBe("the-token");
    expect(openInvitationToken(box, sealed)).toBe("the-token");
    expect(openInvitationToken(box, box.seal("another"))).toBe("another");
  });

  it("never answers one APP_SECRET's token to another's box (its own key cannot open it: null)", () => {
    const first = new SecretBox("a-secret-of-sixteen-or-more");
    const other = new SecretBox("a-different-secret-entirely");
    const sealed = first.seal("the-token");
    expect(openInvitationToken(first, sealed)).toBe("the-token");
    expect(openInvitationToken(other, sealed)).toBeNull();
  });
});
