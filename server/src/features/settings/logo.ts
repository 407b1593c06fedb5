import { createHash } from "node:crypto";
import { LOGO_MAX_BYTES } from "@common/brand";
import { AppError, badRequest } from "../../lib/errors";

/** Image types we accept, recognised by their first bytes rather than by what the client claims. */
export const SIGNATURES: { type: string; test: (b: Buffer) => boolean }[] = [
  {
    type: "image/png",
    test: (b) => b.length > 8 && b.readUInt32BE(0) === 0x89504e47 && b.readUInt32BE(4) === 0x0d0a1a0a,
  },
  { type: "image/jpeg", test: (b) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: "image/gif", test: (b) => b.length > 6 && /^GIF8[79]a$/.test(b.subarray(0, 6).toString("latin1")) },
  {
    type: "image/webp",
    test: (b) =>
      b.length > 12 &&
      b.subarray(0, 4).toString("latin1") === "RIFF" &&
      b.subarray(8, 12).toString("latin1") === "WEBP",
  },
];

export type TLogoImage = { contentType: string; bytes: Buffer; etag: string };

/** Decodes a `data:` URL and checks it holds a real PNG, JPEG, GIF or WebP of at most 2 MB. */
export function parseLogoDataUrl(dataUrl: string): TLogoImage {
  const match = /^data:([\w.+-]+\/[\w.+-]+)?(;[\w=.-]+)*;base64,([A-Za-z0-9+/=\s]*)$/.exec(dataUrl);
  if (!match) throw badRequest("Please select an image file (PNG, JPG, etc.)", "logoUrl");
  const bytes = Buffer.from(match[3], "base64");
  if (bytes.length > LOGO_MAX_BYTES) {
    throw new AppError("TOO_LARGE", "Please select an image smaller than 2MB", {
      errors: [{ path: "logoUrl", message: "Please select an image smaller than 2MB" }],
    });
  }
  const kind = SIGNATURES.find((s) => s.test(bytes));
  if (!kind) throw badRequest("Please select an image file (PNG, JPG, etc.)", "logoUrl");
  const etag = `"${createHash("sha256").update(bytes).digest("base64url").slice(0, 27)}"`;
  return { contentType: kind.type, bytes, etag };
}
