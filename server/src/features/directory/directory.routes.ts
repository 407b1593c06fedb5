import { ZDirectoryEntry, ZDirectoryQuery, ZPrivacySettings } from "@common/directory";
import { ZApiError } from "@common/errors";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { getPrivacy, listDirectory, updatePrivacy } from "./directory.service";

/**
 * The member directory and the privacy settings behind it (issue 27). `/api/user/privacy` lives here,
 * not with the rest of `/api/user/*` in features/profile: it is the directory's data (who sees what),
 * and every reader of it is this feature's or lib/profile-privacy.ts's.
 */
export const directoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const user = { access: "user" as const };
  const gone = { 404: ZApiError };

  app.get(
    "/api/user/privacy",
    {
      config: user,
      schema: {
        summary: "The caller's privacy settings",
        description: "Whether they are hidden from the directory, and who may see each contact field.",
        response: { 200: ZPrivacySettings, ...gone },
      },
    },
    async (req) => getPrivacy(req.userCtx),
  );
  app.put(
    "/api/user/privacy",
    {
      config: user,
      schema: {
        summary: "Change the caller's privacy settings",
        description: "The whole setting: `hidden` and an audience (church, groups, leaders, nobody) for each field.",
        body: ZPrivacySettings,
        response: { 200: ZPrivacySettings, ...gone },
      },
    },
    async (req) => updatePrivacy(req.userCtx, req.body),
  );

  app.get(
    "/api/directory",
    {
      config: { access: "member" },
      schema: {
        summary: "The member directory",
        description:
          "Members of the caller's church who are not hidden, by name, a page at a time (`limit`, `offset`); each with only the fields its owner lets the caller see.",
        querystring: ZDirectoryQuery,
        response: { 200: z.array(ZDirectoryEntry) },
      },
    },
    async (req) => listDirectory(req.churchCtx, req.query),
  );
};
