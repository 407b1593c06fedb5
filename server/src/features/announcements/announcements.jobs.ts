import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { TJobSpec } from "../../lib/jobs";
import { sendDueAnnouncement } from "./announcements.service";

const ZSendJob = z.object({ churchId: z.uuid(), announcementId: z.uuid() });

/**
 * A scheduled announcement's sending: one job per announcement, keyed `announcement:<id>` and due at
 * its time, so a reschedule replaces it and a cancel removes it. Sending is one transaction (status,
 * recipients, event): a job run twice, or again after a crash, finds it sent and does nothing.
 */
export const SEND_JOB: TJobSpec<z.infer<typeof ZSendJob>> = {
  name: "announcements.send",
  payload: ZSendJob,
  maxAttempts: 10,
};

export function defineAnnouncementJobs(app: FastifyInstance): void {
  app.jobs.define({ ...SEND_JOB, run: (p) => sendDueAnnouncement(app.db, p) });
}
