import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

export const analyticsRoutes: FastifyPluginAsyncZod = async () => {};
