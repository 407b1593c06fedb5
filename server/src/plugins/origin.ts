import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { forbidden } from "../lib/errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing requests from another site (DESIGN.md "Cross-site requests"): the Origin
 * header must name this server (its Host, or APP_URL). Browsers that omit Origin still send
 * Sec-Fetch-Site, which must not say cross-site.
 */
export const originPlugin = fp(async (app: FastifyInstance) => {
  const appOrigin = app.config.appUrl ? new URL(app.config.appUrl).origin : undefined;
  app.addHook("onRequest", async (req) => {
    if (SAFE_METHODS.has(req.method)) return;
    const origin = req.headers.origin;
    if (origin !== undefined) {
      if (origin === appOrigin) return;
      let host: string | undefined;
      try {
        host = new URL(origin).host;
      } catch {
        host = undefined;
      }
      const forwarded = app.config.trustProxy ? req.headers["x-forwarded-host"] : undefined;
      if (host && (host === req.headers.host || host === forwarded)) return;
      throw forbidden("Cross-site request refused.");
    }
    if (req.headers["sec-fetch-site"] === "cross-site") throw forbidden("Cross-site request refused.");
  });
});
