import type { FastifyBaseLogger } from "fastify";
import type { TRootDb } from "../../db/client";
import type { Jobs } from "../../lib/jobs";
import type { LiveHub } from "../live/live-hub";
import type { PushService } from "../push/push.service";

export type TDeliveryDeps = { db: TRootDb; hub: LiveHub; push: PushService; log: FastifyBaseLogger };

/** Defines the delivery job `notify` queues (DELIVER_JOB). Skeleton; filled in by the notifications feature. */
export function defineNotificationJobs(_jobs: Jobs, _deps: TDeliveryDeps): void {}
