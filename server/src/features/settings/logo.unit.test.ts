import { LOGO_TYPES } from "@common/brand";
import { describe, expect, it } from "vitest";
import type { AppError } from "../../lib/errors";
import { SIGNATURES } from "../../lib/image-signatures";
import { parseLogoDataUrl } from "./logo";

const dataUrl = (bytes: Buffer, type = "image/png") => `data:${type};base64,${bytes.toString("base64")}`;
const statusOf = (fn: () => unknown) => {
  try {
    fn();
    return 200;
  } catch (err) {
    return (err as AppError).statusCode;
  }
};

describe("parseLogoDataUrl", () => {
  it("recognises PNG, JPEG, GIF and WebP by their bytes, whatever type the URL claims", () => {
    const png = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
    expect(parseLogoDataUrl(dataUrl(png, "image/jpeg")).contentType).toBe("image/png");
    expect(parseLogoDataUrl(dataUrl(Buffer.from("ffd8ffe000104a464946", "hex"))).contentType).toBe("image/jpeg");
    expect(parseLogoDataUrl(dataUrl(Buffer.from("GIF89a\x01\x00\x01\x00", "latin1"))).contentType).toBe("image/gif");
    expect(parseLogoDataUrl(dataUrl(Buffer.from("RIFF\x00\x00\x00\x00WEBPVP8 ", "latin1"))).contentType).toBe(
      "image/webp",
    );
  });

  it("refuses SVG, HTML and text (400) and more than 2 MB (413)", () => {
    expect(
      statusOf(() =>
        parseLogoDataUrl(dataUrl(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"), "image/svg+xml")),
      ),
    ).toBe(400);
    expect(statusOf(() => parseLogoDataUrl(dataUrl(Buffer.from("<html><script>"), "text/html")))).toBe(400);
    expect(statusOf(() => parseLogoDataUrl("data:image/png,not-base64"))).toBe(400);
    const big = Buffer.concat([Buffer.from("89504e470d0a1a0a", "hex"), Buffer.alloc(2 * 1024 * 1024)]);
    expect(statusOf(() => parseLogoDataUrl(dataUrl(big)))).toBe(413);
  });

  it("recognises exactly the types the client offers", () => {
    expect(SIGNATURES.map((s) => s.type).sort()).toEqual([...LOGO_TYPES].sort());
  });

  it("gives the same etag to the same bytes", () => {
    const png = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
    expect(parseLogoDataUrl(dataUrl(png)).etag).toBe(parseLogoDataUrl(dataUrl(png)).etag);
  });
});
