import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** `/api/kudos` and `/api/admin/kudos` (issue 11). */
export const kudosRoutes: FastifyPluginAsyncZod = async () => {};
