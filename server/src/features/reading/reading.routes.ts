import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

export const readingRoutes: FastifyPluginAsyncZod = async () => {};
