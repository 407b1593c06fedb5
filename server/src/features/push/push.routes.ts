import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** `/api/notifications/subscribe`, `unsubscribe`, `preferences`, `test`, `push` (issue 11). */
export const pushRoutes: FastifyPluginAsyncZod = async () => {};
