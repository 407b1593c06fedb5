import type https from "node:https";
import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import type { TConfig } from "../../config";
import type { TRootDb } from "../../db/client";
import { addJob, type Jobs, type TJobSpec } from "../../lib/jobs";
import type { SecretBox } from "../../lib/secrets";
import {
  deleteSubscriptions,
  findDeliveryTargets,
  recordFailures,
  recordSuccesses,
  type TDeliveryTarget,
} from "./push.repo";
import { assertAllowedEndpoint, createPushAgent, sendPush, type TSendOutcome } from "./push-send";
import { loadVapidKeys, type TVapidKeys } from "./vapid";

export type TPushOptions = {
  /**
   * Test-only: an origin (e.g. `http://127.0.0.1:4567`) whose endpoints are accepted and sent to
   * without the public-address and https checks, for the local push-service stand-in. Never set by
   * configuration: only tests pass it to buildApp.
   */
  testEndpointOrigin?: string;
};

/** One more try of one notification to one device, after its push service failed (429, 5xx, network). */
const ZRetryJob = z.object({ churchId: z.uuid(), notificationId: z.uuid(), subscriptionId: z.uuid() });
export const PUSH_RETRY_JOB: TJobSpec<z.infer<typeof ZRetryJob>> = {
  name: "push.retry",
  payload: ZRetryJob,
  maxAttempts: 3,
};

/** Pushes one process has in flight at once (each waits up to SEND_TIMEOUT_MS). */
const SEND_CONCURRENCY = 16;

export type TSendTally = { sent: number; failed: number; removed: number };

/**
 * Web push (issue 11): the VAPID keys, and sending stored notifications to members' subscribed
 * devices. A device's failure never fails the work that raised the notification: 404/410 forget the
 * subscription, a passing failure is retried by a job of its own (PUSH_RETRY_JOB), anything else is
 * counted on the subscription and logged.
 */
export class PushService {
  private keys: Promise<TVapidKeys> | undefined;
  private readonly agent: https.Agent = createPushAgent();
  private subject = "mailto:push@fellowship.invalid";
  private canRetry = false;

  constructor(
    readonly db: TRootDb,
    readonly secrets: SecretBox,
    readonly log: FastifyBaseLogger,
    readonly opts: TPushOptions = {},
  ) {}

  /**
   * Defines the retry job and takes the VAPID subject from the configuration (the push routes call
   * it while the app is built: buildApp hands the service neither).
   */
  setUp(jobs: Jobs, config: Pick<TConfig, "publicUrl" | "mailFrom">): void {
    this.subject = vapidSubject(config);
    jobs.define({ ...PUSH_RETRY_JOB, run: (p, job) => this.retry(p, job.attempt) });
    this.canRetry = true;
  }

  /** Closes the kept-alive connections to push services. */
  close(): void {
    this.agent.destroy();
  }

  /** The VAPID key pair, made on the first need (vapid.ts); a failed load is tried again next time. */
  vapidKeys(): Promise<TVapidKeys> {
    this.keys ??= loadVapidKeys(this.db, this.secrets, this.log).catch((err) => {
      this.keys = undefined;
      throw err;
    });
    return this.keys;
  }

  /** 400 unless the server may send to `endpoint` (https, public addresses only; see push-send.ts). */
  assertAllowedEndpoint(endpoint: string): Promise<void> {
    return assertAllowedEndpoint(endpoint, this.opts.testEndpointOrigin);
  }

  /**
   * Sends the stored notifications `ids` of `churchId` to their members' subscribed devices, each as
   * its kind's push preference allows. Throws only before anything is sent (the delivery job is then
   * retried whole); failures after that are the devices' own.
   */
  async deliver(churchId: string, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    const targets = await findDeliveryTargets(this.db, { churchId }, ids);
    if (targets.length === 0) return;
    const vapid = await this.vapidKeys();
    const tally = await this.sendAll({ churchId }, targets, vapid, { queueRetries: this.canRetry });
    this.log.debug({ churchId, notifications: ids.length, ...tally }, "web push delivered");
  }

  /** Sends each target its payload now, without retries (POST /api/notifications/test). */
  async sendNow(church: { churchId: string }, targets: TDeliveryTarget[]): Promise<TSendTally> {
    if (targets.length === 0) return { sent: 0, failed: 0, removed: 0 };
    return this.sendAll(church, targets, await this.vapidKeys(), { queueRetries: false });
  }

  /** A retry job: the notification to the one device again, if both still exist and the member still wants it. */
  private async retry(p: z.infer<typeof ZRetryJob>, attempt: number): Promise<void> {
    const church = { churchId: p.churchId };
    const targets = await findDeliveryTargets(this.db, church, [p.notificationId], p.subscriptionId);
    if (targets.length === 0) return;
    const [outcome] = await this.sendEach(targets, await this.vapidKeys());
    await this.record(church, targets, [outcome]);
    if (outcome.outcome !== "failed" || !outcome.retry) return;
    if (attempt < PUSH_RETRY_JOB.maxAttempts) throw new Error(`push service failed: ${describe(outcome)}`);
    this.log.warn({ subscriptionId: p.subscriptionId, reason: describe(outcome) }, "gave up on a web push");
  }

  private async sendAll(
    church: { churchId: string },
    targets: TDeliveryTarget[],
    vapid: TVapidKeys,
    opts: { queueRetries: boolean },
  ): Promise<TSendTally> {
    const outcomes = await this.sendEach(targets, vapid);
    try {
      await this.record(church, targets, outcomes);
      if (opts.queueRetries) await this.queueRetries(church, targets, outcomes);
    } catch (err) {
      // The pushes went out: a failed bookkeeping write must not make the caller send them again.
      this.log.error({ err, churchId: church.churchId }, "could not record the outcome of web pushes");
    }
    return {
      sent: outcomes.filter((o) => o.outcome === "sent").length,
      failed: outcomes.filter((o) => o.outcome === "failed").length,
      removed: outcomes.filter((o) => o.outcome === "gone").length,
    };
  }

  /** Sends to every target, SEND_CONCURRENCY at a time; outcomes in the targets' order. */
  private async sendEach(targets: TDeliveryTarget[], vapid: TVapidKeys): Promise<TSendOutcome[]> {
    const outcomes: TSendOutcome[] = new Array(targets.length);
    let next = 0;
    const worker = async () => {
      while (next < targets.length) {
        const i = next++;
        outcomes[i] = await sendPush(targets[i], targets[i].payload, this.agent, {
          vapid,
          subject: this.subject,
          testEndpointOrigin: this.opts.testEndpointOrigin,
        });
      }
    };
    await Promise.all(Array.from({ length: Math.min(SEND_CONCURRENCY, targets.length) }, worker));
    return outcomes;
  }

  private async record(church: { churchId: string }, targets: TDeliveryTarget[], outcomes: TSendOutcome[]) {
    const ids = (kind: TSendOutcome["outcome"]) => [
      ...new Set(targets.filter((_, i) => outcomes[i].outcome === kind).map((t) => t.subscriptionId)),
    ];
    await recordSuccesses(this.db, church, ids("sent"));
    await deleteSubscriptions(this.db, church, ids("gone"));
    await recordFailures(this.db, church, ids("failed"));
    targets.forEach((t, i) => {
      const o = outcomes[i];
      if (o.outcome === "failed" && !o.retry)
        this.log.warn({ subscriptionId: t.subscriptionId, reason: describe(o) }, "a push service refused a web push");
    });
  }

  private async queueRetries(church: { churchId: string }, targets: TDeliveryTarget[], outcomes: TSendOutcome[]) {
    for (const [i, t] of targets.entries()) {
      const o = outcomes[i];
      if (o.outcome !== "failed" || !o.retry || !t.notificationId) continue;
      await addJob(
        this.db,
        PUSH_RETRY_JOB,
        { churchId: church.churchId, notificationId: t.notificationId, subscriptionId: t.subscriptionId },
        { key: `push:${t.subscriptionId}:${t.notificationId}` },
      );
    }
  }
}

function describe(o: TSendOutcome): string {
  if (o.outcome !== "failed") return o.outcome;
  return o.status ? `status ${o.status}` : (o.error ?? "failed");
}

/**
 * Who push services may contact about this server's pushes: its public https address, else the
 * sender address of its e-mail (push services refuse http and localhost subjects).
 */
export function vapidSubject(config: Pick<TConfig, "publicUrl" | "mailFrom">): string {
  try {
    const url = new URL(config.publicUrl);
    if (url.protocol === "https:" && url.hostname !== "localhost") return url.origin;
  } catch {
    // Not a URL: fall back to the mail address.
  }
  const address = /<([^>]+)>/.exec(config.mailFrom)?.[1] ?? config.mailFrom;
  return `mailto:${address.trim()}`;
}
