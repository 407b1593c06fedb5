import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

export const onboardingRoutes: FastifyPluginAsyncZod = async () => {};
