import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

export const prayerPartnersRoutes: FastifyPluginAsyncZod = async (_app) => {};
