import { ZMarkAllReadResult, ZNotification, ZNotificationList } from "@common/notifications";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ZIdParams } from "../../lib/params";
import { listNotifications, readAllNotifications, readNotification } from "./notifications.service";

/**
 * `GET /api/notifications`, `PATCH /api/notifications/{id}/read`, `PATCH /api/notifications/mark-all-read`
 * (spec 2 §7, issue 11): each member reads and marks only their own.
 */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const member = { access: "member" as const };

  app.get(
    "/api/notifications",
    {
      config: member,
      schema: {
        summary: "The caller's notifications",
        description: "The newest 50, and how many are unread in all.",
        response: { 200: ZNotificationList },
      },
    },
    async (req) => listNotifications(req.churchCtx),
  );

  app.patch(
    "/api/notifications/mark-all-read",
    { config: member, schema: { summary: "Mark all read", response: { 200: ZMarkAllReadResult } } },
    async (req) => readAllNotifications(req.churchCtx),
  );

  app.patch(
    "/api/notifications/:id/read",
    { config: member, schema: { summary: "Mark one read", params: ZIdParams, response: { 200: ZNotification } } },
    async (req) => readNotification(req.churchCtx, req.params.id),
  );
};
