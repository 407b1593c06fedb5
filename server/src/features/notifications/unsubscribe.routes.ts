import { ZUnsubscribeQuery, ZUnsubscribeResult } from "@common/notification-channels";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { getUnsubscribe, postUnsubscribe } from "./unsubscribe.service";

/**
 * `GET/POST /api/unsubscribe?u=&t=&s=` (issue 29): an e-mail's one-click unsubscribe, without a
 * session; the signature `s` names the member and the topic. Mail providers POST
 * `List-Unsubscribe=One-Click` as a form (RFC 8058) with no cookie and no Origin; the app's page
 * posts nothing or JSON. Public, under the general rate limit.
 */
export const unsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  // Only these routes take a form body (this plugin's scope); its content is not needed.
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_req, _body, done) =>
    done(null, undefined),
  );

  app.get(
    "/api/unsubscribe",
    {
      config: { access: "public" },
      schema: {
        summary: "What an unsubscribe link turns off",
        description:
          "No session: the kind (or the digest) the signed link names, the member's church, and whether it is off already. 404 when the signature does not match.",
        querystring: ZUnsubscribeQuery,
        response: { 200: ZUnsubscribeResult },
      },
    },
    async (req) => getUnsubscribe(app.db, app.secrets, req.query),
  );

  app.post(
    "/api/unsubscribe",
    {
      config: { access: "public" },
      schema: {
        summary: "One-click unsubscribe (RFC 8058)",
        description:
          "No session: turns that kind's e-mail to never (or the weekly digest off) for the member the signed link names. Any body (a form's List-Unsubscribe=One-Click, JSON or none) is ignored.",
        querystring: ZUnsubscribeQuery,
        response: { 200: ZUnsubscribeResult },
      },
    },
    async (req) => postUnsubscribe(app.db, app.secrets, req.query),
  );
};
