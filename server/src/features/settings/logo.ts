import { createHash } from "node:crypto";
import { LOGO_MAX_BYTES } from "@common/brand";
import { AppError, badRequest } from "../../lib/errors";
import { SIGNATURES } from "../../lib/image-signatures";

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
