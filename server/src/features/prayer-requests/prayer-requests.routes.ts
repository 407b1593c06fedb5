import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

export const prayerRequestsRoutes: FastifyPluginAsyncZod = async (_app) => {};
