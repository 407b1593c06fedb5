import type { FastifyReply } from "fastify";
import { describe, expect, it } from "vitest";
import { GeneralRateLimit } from "./edge";

function fakeReply() {
  const headers: Record<string, unknown> = {};
  const reply = {
    header(name: string, value: unknown) {
      headers[name] = value;
      return reply;
    },
  };
  return { reply: reply as unknown as FastifyReply, headers };
}

describe("the general API limit", () => {
  it("counts each address group in a window of an hour from its first request, with the limit's headers", () => {
    const limit = new GeneralRateLimit(3);
    const t0 = 1_000_000;
    for (let i = 1; i <= 3; i++) {
      const { reply, headers } = fakeReply();
      expect(limit.count("10.0.0.1", reply, t0 + i * 1000)).toBeUndefined();
      expect(headers["x-ratelimit-limit"]).toBe(3);
      expect(headers["x-ratelimit-remaining"]).toBe(3 - i);
      // The window started at the first request (t0 + 1 s).
      expect(headers["x-ratelimit-reset"]).toBe(3600 - (i - 1));
      expect(headers["retry-after"]).toBeUndefined();
    }
    const { reply, headers } = fakeReply();
    const refused = limit.count("10.0.0.1", reply, t0 + 60_000);
    expect((refused as Error & { statusCode: number }).statusCode).toBe(429);
    expect(headers["x-ratelimit-remaining"]).toBe(0);
    expect(headers["retry-after"]).toBe(3600 - 59);
    // Another address has its own count.
    expect(limit.count("10.0.0.2", fakeReply().reply, t0 + 60_000)).toBeUndefined();
    // A new window an hour after the first request.
    const later = fakeReply();
    expect(limit.count("10.0.0.1", later.reply, t0 + 1000 + 3_600_000)).toBeUndefined();
    expect(later.headers["x-ratelimit-remaining"]).toBe(2);
  });

  it("forgets the least recently seen address first once it counts 5,000", () => {
    const limit = new GeneralRateLimit(1);
    const now = 5_000_000;
    limit.count("first", fakeReply().reply, now);
    limit.count("second", fakeReply().reply, now);
    // "first" seen again: "second" is now the least recently seen.
    expect(limit.count("first", fakeReply().reply, now)).toBeDefined();
    for (let i = 0; i < 4_999; i++) limit.count(`a${i}`, fakeReply().reply, now);
    // "first" was kept (still past its limit); "second" was forgotten (counts afresh).
    expect(limit.count("first", fakeReply().reply, now)).toBeDefined();
    expect(limit.count("second", fakeReply().reply, now)).toBeUndefined();
  });
});
