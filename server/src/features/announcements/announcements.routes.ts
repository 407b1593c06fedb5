import {
  ZAnnouncement,
  ZAnnouncementBody,
  ZAnnouncementList,
  ZAnnouncementListQuery,
  ZAnnouncementPatch,
} from "@common/announcements";
import { ZApiError } from "@common/errors";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ZIdParams } from "../../lib/params";
import { ZNoBody } from "../../plugins/openapi-answers";
import { defineAnnouncementJobs } from "./announcements.jobs";
import {
  cancelAnnouncement,
  createAnnouncement,
  getAnnouncement,
  listAnnouncements,
  updateAnnouncement,
} from "./announcements.service";

/**
 * Issue 29: announcements. Admins write to anyone; a group's leader to the groups they lead (the
 * service checks, so the routes are open to members); each member reads those sent to them.
 */
export const announcementsRoutes: FastifyPluginAsyncZod = async (app) => {
  const member = { access: "member" as const };
  defineAnnouncementJobs(app);

  app.post(
    "/api/announcements",
    {
      config: member,
      schema: {
        summary: "Write an announcement",
        description:
          "Admins, and a group's leaders with `audience: {groupIds}` of groups they lead (403 otherwise). Without `sendAt` (or a time not in the future) it is sent now (`status: sent`); a later `sendAt` schedules it (at most 366 days ahead); `draft: true` saves it. Another church's group: 404; a link to a sermon, event or group not the church's: 400.",
        body: ZAnnouncementBody,
        response: { 201: ZAnnouncement, 400: ZApiError, 403: ZApiError, 404: ZApiError },
      },
    },
    async (req, reply) => reply.code(201).send(await createAnnouncement(req.churchCtx, req.body)),
  );

  app.get(
    "/api/announcements",
    {
      config: member,
      schema: {
        summary: "Announcements",
        description:
          "Newest first. A member: those sent to them (`isRead`). An admin: every one of the church, drafts and scheduled too, with `recipients`, `opened`, `emailed`, `emailOpened`; a leader also the ones they wrote, with their counts. `before`: the id of the last one of the previous page.",
        querystring: ZAnnouncementListQuery,
        response: { 200: ZAnnouncementList },
      },
    },
    async (req) => listAnnouncements(req.churchCtx, req.query),
  );

  app.get(
    "/api/announcements/:id",
    {
      config: member,
      schema: {
        summary: "An announcement",
        description:
          "For a member it was sent to (opening it marks it and its notification read), its author or an admin; 404 for anyone else.",
        params: ZIdParams,
        response: { 200: ZAnnouncement, 404: ZApiError },
      },
    },
    async (req) => getAnnouncement(req.churchCtx, req.params.id),
  );

  app.patch(
    "/api/announcements/:id",
    {
      config: member,
      schema: {
        summary: "Change an announcement",
        description:
          "Its author or an admin, while it is a draft or scheduled: what is given changes; a new `sendAt` moves its sending, `draft: true` holds it, a `sendAt` not in the future sends it now. Sent: 409.",
        params: ZIdParams,
        body: ZAnnouncementPatch,
        response: { 200: ZAnnouncement, 400: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError },
      },
    },
    async (req) => updateAnnouncement(req.churchCtx, req.params.id, req.body),
  );

  app.delete(
    "/api/announcements/:id",
    {
      config: member,
      schema: {
        summary: "Cancel an announcement",
        description: "Its author or an admin, before it is sent: it is gone, and its sending with it. Sent: 409.",
        params: ZIdParams,
        response: { 204: ZNoBody, 403: ZApiError, 404: ZApiError, 409: ZApiError },
      },
    },
    async (req, reply) => {
      await cancelAnnouncement(req.churchCtx, req.params.id);
      return reply.code(204).send();
    },
  );
};
