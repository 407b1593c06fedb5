import { createHash } from "node:crypto";

/**
 * The stable pseudonym of an erased member (issue 28): a uuid that is a one-way function of their
 * id, so the audit trail keeps "the same person did these things" without saying who, and a restore
 * can tell which rows of an older backup belong to someone erased since (`member_erasures`) without
 * a list of ids. The same id always gives the same pseudonym, on every machine.
 */
export function memberPseudonym(userId: string): string {
  const hex = createHash("sha256").update(`fellowship-erased-member:${userId.toLowerCase()}`).digest("hex");
  // A version-4-shaped uuid (the version and variant bits set), so it fits every uuid column.
  const variant = ((Number.parseInt(hex[16] as string, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
