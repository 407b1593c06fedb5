import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** `GET /api/notifications`, `PATCH /api/notifications/{id}/read`, `PATCH /api/notifications/mark-all-read`. */
export const notificationsRoutes: FastifyPluginAsyncZod = async () => {};
