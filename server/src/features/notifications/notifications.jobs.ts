import type { FastifyBaseLogger } from "fastify";
import type { TRootDb } from "../../db/client";
import type { Jobs } from "../../lib/jobs";
import type { LiveHub } from "../live/live-hub";
import type { PushService } from "../push/push.service";
import { findRecipients } from "./notifications.repo";
import { DELIVER_JOB } from "./notify";

export type TDeliveryDeps = {
  db: TRootDb;
  hub: Pick<LiveHub, "notifyMembers">;
  push: Pick<PushService, "deliver">;
  log: FastifyBaseLogger;
};

/**
 * Defines the delivery job `notify` queues (DELIVER_JOB) once the write that raised it committed:
 * the members' open `/ws` sockets in every app process are told `{type: "notification"}` (their bell
 * fetches the list), then their subscribed devices get a web push. The request that raised it has
 * answered long before; a failure here is retried (DELIVER_JOB.maxAttempts) and never reaches it.
 * A retry tells the sockets again, which only makes a page fetch its list once more.
 */
export function defineNotificationJobs(jobs: Jobs, deps: TDeliveryDeps): void {
  jobs.define({
    ...DELIVER_JOB,
    run: async ({ churchId, ids }) => {
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
    },
  });
}
