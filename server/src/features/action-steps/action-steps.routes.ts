import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

export const actionStepsRoutes: FastifyPluginAsyncZod = async () => {};
