import {
  ZMarkAllReadResult,
  ZMarkReadBody,
  ZNotification,
  ZNotificationList,
  ZNotificationListQuery,
} from "@common/notifications";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ZIdParams } from "../../lib/params";
import { channelsRoutes } from "./channels.routes";
import { notificationEmailRoutes } from "./notification-email.routes";
import { defineNotificationRetention } from "./notification-retention";
import { listNotifications, readAllNotifications, readNotification, readNotifications } from "./notifications.service";
import { unsubscribeRoutes } from "./unsubscribe.routes";

/**
 * `GET /api/notifications`, `PATCH /api/notifications/{id}/read`, `PATCH /api/notifications/read`,
 * `PATCH /api/notifications/mark-all-read`
 * (spec 2 §7, issue 11): each member reads and marks only their own.
 */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const member = { access: "member" as const };
  // The daily removal of notifications past each church's retention (issue 28).
  defineNotificationRetention(app);
  // Issue 29: how each kind reaches the member.
  await app.register(channelsRoutes);
  await app.register(notificationEmailRoutes);
  await app.register(unsubscribeRoutes);

  app.get(
    "/api/notifications",
    {
      config: member,
      schema: {
        summary: "The caller's notifications",
        description:
          "In the caller's language; newest first, a page at a time (50 unless `limit` says; `before` is the id of the last one seen; `kind` keeps one kind), and how many are unread in all.",
        querystring: ZNotificationListQuery,
        response: { 200: ZNotificationList },
      },
    },
    async (req) => listNotifications(req.churchCtx, req.query, await req.getLanguage()),
  );

  app.patch(
    "/api/notifications/read",
    {
      config: member,
      schema: {
        summary: "Mark several read",
        description: "The caller's own among `ids` (a group of the list); answers how many changed.",
        body: ZMarkReadBody,
        response: { 200: ZMarkAllReadResult },
      },
    },
    async (req) => readNotifications(req.churchCtx, req.body),
  );

  app.patch(
    "/api/notifications/mark-all-read",
    { config: member, schema: { summary: "Mark all read", response: { 200: ZMarkAllReadResult } } },
    async (req) => readAllNotifications(req.churchCtx),
  );

  app.patch(
    "/api/notifications/:id/read",
    { config: member, schema: { summary: "Mark one read", params: ZIdParams, response: { 200: ZNotification } } },
    async (req) => readNotification(req.churchCtx, req.params.id, await req.getLanguage()),
  );
};
