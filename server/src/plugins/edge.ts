import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { addressGroup } from "../lib/address-group";
import { crossSiteRefusal } from "./origin";
import { buildSecurityHeaders } from "./security-headers";

/** The general API limit's window: RATE_LIMIT_PER_HOUR requests per address group in it. */
const WINDOW_MS = 3_600_000;
/** Address groups counted at once (the least recently seen is forgotten first), as @fastify/rate-limit's store. */
const MAX_COUNTED = 5_000;

type TCount = { current: number; startedAt: number };

/**
 * The general API limit (RATE_LIMIT_PER_HOUR, README), as @fastify/rate-limit counted it with its
 * in-memory store: per address group (lib/address-group.ts), a window of an hour from an address's
 * first request, `x-ratelimit-limit`, `x-ratelimit-remaining` and `x-ratelimit-reset` on every
 * counted answer, and past the limit 429 with `retry-after`. Routes with a limit of their own
 * (`config.rateLimit`) are counted by @fastify/rate-limit alone, as before.
 */
export class GeneralRateLimit {
  private readonly counts = new Map<string, TCount>();

  constructor(private readonly max: number) {}

  /** Counts the request; the error to answer with once the address is past the limit. */
  count(key: string, reply: FastifyReply, now = Date.now()): Error | undefined {
    let c = this.counts.get(key);
    if (c) this.counts.delete(key);
    else if (this.counts.size >= MAX_COUNTED) this.counts.delete(this.counts.keys().next().value as string);
    if (!c || c.startedAt + WINDOW_MS <= now) c = { current: 0, startedAt: now };
    c.current++;
    // Re-inserted: a Map keeps insertion order, so its first key is the least recently seen.
    this.counts.set(key, c);
    const resetSeconds = Math.ceil((WINDOW_MS - (now - c.startedAt)) / 1000);
    reply.header("x-ratelimit-limit", this.max);
    if (c.current <= this.max) {
      reply.header("x-ratelimit-remaining", this.max - c.current);
      reply.header("x-ratelimit-reset", resetSeconds);
      return undefined;
    }
    reply.header("x-ratelimit-remaining", 0);
    reply.header("x-ratelimit-reset", resetSeconds);
    reply.header("retry-after", resetSeconds);
    // The error handler answers a 429 in the caller's language.
    return Object.assign(new Error(`Too many requests. Try again in ${Math.ceil(resetSeconds / 60)} minutes.`), {
      statusCode: 429,
    });
  }
}

/**
 * What every request goes through first, in one synchronous `onRequest` hook instead of one plugin
 * each (issue 30, hot reads: each hook, and each async one most, cost a share of a cached read):
 * 1. the security headers (security-headers.ts), on every answer, refusals included;
 * 2. the cross-site check of state-changing requests (origin.ts);
 * 3. the general API limit (GeneralRateLimit), on /api routes without a limit of their own.
 * In this order, as the separate hooks ran: a refused cross-site request is not counted.
 */
export const edgePlugin = fp(async (app: FastifyInstance) => {
  const headers = buildSecurityHeaders(app.config.appUrl);
  const limit = app.config.rateLimitPerHour > 0 ? new GeneralRateLimit(app.config.rateLimitPerHour) : undefined;

  app.addHook("onRequest", (req: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => {
    const isApi = req.url.startsWith("/api/");
    reply.headers(isApi ? headers.api : headers.page);
    const refusal = crossSiteRefusal(app, req);
    if (refusal) return done(refusal);
    // A route's own limit replaces the general one; an address no route answers is not counted.
    if (limit && isApi && !req.is404 && req.routeOptions.config?.rateLimit == null) {
      return done(limit.count(addressGroup(req.ip), reply));
    }
    done();
  });
});
