import type { FastifyBaseLogger } from "fastify";
import type { TRootDb } from "../../db/client";
import type { Jobs } from "../../lib/jobs";
import { emailOnDelivery, type TNotificationMailDeps } from "./notification-email";
import { defineEmailFallback } from "./notification-email.jobs";
import { findRecipients } from "./notifications.repo";
import { DELIVER_JOB } from "./notify";

/**
 * What delivery needs from the rest of the app, injected by app.ts (the live hub's sockets, the push
 * service): described here by shape, so notifications import neither feature.
 */
export type TDeliveryDeps = {
  db: TRootDb;
  hub: { notifyMembers(churchId: string, userIds: string[]): Promise<unknown> };
  push: { deliver(churchId: string, notificationIds: string[]): Promise<unknown> };
  log: FastifyBaseLogger;
  /** Issue 29: e-mail of notifications (the app's mailer, secret box and public address). */
  mail: Omit<TNotificationMailDeps, "db">;
};

/**
 * Defines the delivery job `notify` queues (DELIVER_JOB) once the write that raised it committed:
 * the members' open `/ws` sockets in every app process are told `{type: "notification"}` (their bell
 * fetches the list), then their subscribed devices get a web push. The request that raised it has
 * answered long before; a failure here is retried (DELIVER_JOB.maxAttempts) and never reaches it.
 * A retry tells the sockets again, which only makes a page fetch its list once more; an e-mail goes
 * at most once whatever the retries (notification-email.ts).
 */
export function defineNotificationJobs(jobs: Jobs, deps: TDeliveryDeps): void {
  jobs.define({
    ...DELIVER_JOB,
    run: async ({ churchId, ids, urgent }) => {
      // Rows deleted since (a member who left for good) are nobody's to tell.
      const userIds = await findRecipients(deps.db, churchId, ids);
      if (userIds.length === 0) return;
      try {
        await deps.hub.notifyMembers(churchId, userIds);
      } catch (err) {
        // Open pages also poll every 30 s: a lost frame is late, not lost; the push still goes.
        deps.log.warn({ err, churchId }, "could not tell the members' sockets about new notifications");
      }
      await deps.push.deliver(churchId, ids);
      // Issue 29: e-mail now ("always", or urgent unless "never"), skipped ("never"), or left for the sweep.
      await emailOnDelivery({ ...deps.mail, db: deps.db }, churchId, ids, { urgent: urgent === true, now: new Date() });
    },
  });
  defineEmailFallback(jobs, { ...deps.mail, db: deps.db, log: deps.log });
}
