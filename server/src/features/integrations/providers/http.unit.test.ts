import { describe, expect, it } from "vitest";
import { fillBase, keySecrets, ProviderError, parseRetryAfter, scrub } from "./http";
import { getMailchimpDataCentre, getSubscriberHash } from "./mailchimp";

describe("provider HTTP helpers", () => {
  it("reads Retry-After as seconds or an HTTP date", () => {
    expect(parseRetryAfter("1")).toBe(1000);
    expect(parseRetryAfter(" 30 ")).toBe(30_000);
    const now = Date.parse("2026-11-26T10:00:00Z");
    expect(parseRetryAfter("Thu, 26 Nov 2026 10:00:05 GMT", now)).toBe(5000);
    expect(parseRetryAfter("Thu, 26 Nov 2026 09:00:00 GMT", now)).toBe(0);
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter("soon")).toBeUndefined();
  });

  it("scrubs every part of a key out of a provider's text, and keeps it to a line", () => {
    const key = "app_id_123:secret_456";
    expect(scrub(`bad token app_id_123:secret_456 (secret_456)\n for app_id_123`, keySecrets(key))).toBe(
      "bad token •••• (••••) for ••••",
    );
    expect(scrub("x".repeat(500), []).length).toBe(300);
  });

  it("fills a base address's placeholder only with a value of the expected form", () => {
    const dc = /^[a-z]{2,5}\d{1,3}$/;
    expect(fillBase("https://{dc}.api.mailchimp.com", "dc", "us21", dc)).toBe("https://us21.api.mailchimp.com");
    expect(fillBase("http://127.0.0.1:9/{dc}", "dc", "us6", dc)).toBe("http://127.0.0.1:9/us6");
    expect(fillBase("http://127.0.0.1:9", "dc", undefined, dc)).toBe("http://127.0.0.1:9");
    for (const bad of ["evil.com/", "us21.evil.com#", "", undefined])
      expect(() => fillBase("https://{dc}.api.mailchimp.com", "dc", bad, dc)).toThrow(ProviderError);
  });

  it("takes Mailchimp's data centre from the key's suffix, and hashes lower-cased addresses", () => {
    expect(getMailchimpDataCentre("0123abcd-us21")).toBe("us21");
    expect(getMailchimpDataCentre("0123abcd")).toBeUndefined();
    expect(getSubscriberHash("Ann@Example.org")).toBe(getSubscriberHash("ann@example.org"));
    expect(getSubscriberHash("ann@example.org")).toBe("8b5a6a28fc840441be692d74a81ccd1a");
  });
});
