import type { FastifyInstance, FastifyRequest } from "fastify";
import { type AppError, forbidden } from "../lib/errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** This request's own origin, scheme, host and port (from trusted proxy headers when TRUST_PROXY says so). */
function requestOrigin(req: FastifyRequest): string | undefined {
  try {
    return new URL(`${req.protocol}://${req.host}`).origin;
  } catch {
    return undefined;
  }
}

/** Whether an Origin header names this server: APP_URL's origin, or the origin the request was made to. */
export function isSameSiteOrigin(app: FastifyInstance, req: FastifyRequest, origin: string | undefined): boolean {
  if (origin === undefined) return false;
  const appOrigin = app.config.appUrl ? new URL(app.config.appUrl).origin : undefined;
  return origin === appOrigin || origin === requestOrigin(req);
}

/**
 * Refuses state-changing requests from another site (DESIGN.md "Cross-site requests"): the Origin
 * header must name this server exactly, scheme, host and port: APP_URL's origin, or the origin
 * the request itself was made to. Browsers that omit Origin still send Sec-Fetch-Site, which must
 * not say cross-site. Checked on every request by plugins/edge.ts; the error to answer, or undefined.
 */
export function crossSiteRefusal(app: FastifyInstance, req: FastifyRequest): AppError | undefined {
  if (SAFE_METHODS.has(req.method)) return undefined;
  const origin = req.headers.origin;
  if (origin !== undefined) {
    if (isSameSiteOrigin(app, req, origin)) return undefined;
    return forbidden("Cross-site request refused.");
  }
  if (req.headers["sec-fetch-site"] === "cross-site") return forbidden("Cross-site request refused.");
  return undefined;
}
