import type { FastifyInstance } from "fastify";

/**
 * Runs every job that is due (and waits for those this process's workers already hold) until the
 * queue is quiet: what follows a change (domain events, their subscribers, notification delivery)
 * has happened when it resolves. Works whether the app runs its workers or not (`runJobs: false`).
 */
export function drainJobs(app: FastifyInstance): Promise<void> {
  return app.jobs.runDue();
}
