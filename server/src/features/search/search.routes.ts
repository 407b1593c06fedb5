import { ZSearchAnswer, ZSearchQuery } from "@common/search";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { search } from "./search.service";

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/search",
    {
      config: { access: "member" },
      schema: {
        summary: "Search the church's content and the app's pages",
        description:
          "Sermons, events, prayer requests, kudos, groups and pages the caller may see in their own church (pages named in their language), ranked (PostgreSQL full-text search, the last word matched as a prefix), at most 5 of each type. A query under 2 characters answers no results; `snippet` is plain text.",
        querystring: ZSearchQuery,
        response: { 200: ZSearchAnswer },
      },
    },
    async (req) => search(req.churchCtx, req.query.q, await req.getLanguage()),
  );
};
