import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import type { FastifyBaseLogger } from "fastify";
import type { TRootDb } from "../../db/client";
import type { Jobs } from "../../lib/jobs";
import { isPublicAddress, NotPublicAddressError, publicOnlyLookup } from "../../lib/public-address";
import type { SecretBox } from "../../lib/secrets";
import {
  findWebhookIntegration,
  SIGNATURE_HEADER,
  serializeWebhookBody,
  signWebhookBody,
  WEBHOOK_JOB,
} from "./webhooks";

export type TWebhookDeps = {
  db: TRootDb;
  secrets: SecretBox;
  log: FastifyBaseLogger;
  /** Tests only: a receiver's origin that may be plain http on loopback. */
  testOrigin?: string;
};

/** A webhook waits this long for the receiver's answer, connection included. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/**
 * What one POST came to: delivered (2xx); refused before any connection (the address is not public
 * or not https: no retry helps); or failed (any other answer, a timeout, a network error: retried).
 */
export type TWebhookOutcome =
  | { outcome: "sent"; status: number }
  | { outcome: "refused"; reason: string }
  | { outcome: "failed"; status?: number; error?: string };

/**
 * Connections to webhook receivers: every name is resolved by `publicOnlyLookup`, so a host that now
 * resolves to a private address (DNS rebinding after the URL was checked) is refused before a
 * connection is made. Not kept alive: a church's webhooks are few and far between.
 */
export function createWebhookAgent(): https.Agent {
  return new https.Agent({ lookup: publicOnlyLookup, keepAlive: false, timeout: WEBHOOK_TIMEOUT_MS });
}

/**
 * POSTs `body` to `rawUrl` with `headers`; never follows a redirect (a 3xx is a failure like any
 * other non-2xx answer). Only `testOrigin` (tests) may be plain http and on loopback. Never throws.
 */
export async function postWebhook(
  rawUrl: string,
  headers: Record<string, string>,
  body: string,
  agent: https.Agent,
  testOrigin?: string,
): Promise<TWebhookOutcome> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return { outcome: "refused", reason: "not a URL" };
  }
  const isTest = testOrigin !== undefined && url.origin === testOrigin;
  if (!isTest) {
    if (url.protocol !== "https:") return { outcome: "refused", reason: "not https" };
    // Node connects to a literal address without calling `lookup`: check it here.
    const bare = url.hostname.replace(/^\[|\]$/g, "");
    if (isIP(bare) && !isPublicAddress(bare)) return { outcome: "refused", reason: "not a public address" };
  }
  try {
    const status = await post(url, headers, body, isTest ? undefined : agent);
    return status >= 200 && status < 300 ? { outcome: "sent", status } : { outcome: "failed", status };
  } catch (err) {
    if (err instanceof NotPublicAddressError) return { outcome: "refused", reason: "not a public address" };
    // The code only (ECONNREFUSED, ETIMEDOUT, ...): a message may name the host, which the log keeps out.
    const code = (err as NodeJS.ErrnoException).code ?? (err as Error).name;
    return { outcome: "failed", error: code || "network error" };
  }
}

function post(url: URL, headers: Record<string, string>, body: string, agent: https.Agent | undefined) {
  const client = url.protocol === "http:" ? http : https;
  const bytes = Buffer.from(body, "utf8");
  return new Promise<number>((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: "POST",
        headers: { ...headers, "Content-Length": String(bytes.length) },
        agent,
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      },
      (res) => {
        res.on("error", () => {});
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on("error", reject);
    req.end(bytes);
  });
}

/**
 * Defines the webhook delivery job (queued by `queueMemberWebhook`). Each try reads the integration
 * afresh: disconnected, turned inactive or without a URL since, it sends nothing and the job ends;
 * the secret is opened only here, so no queued job carries it. Refused addresses end the job too
 * (with a warning); other failures throw, and the queue retries with back-off.
 */
export function defineWebhookJobs(jobs: Jobs, deps: TWebhookDeps): void {
  const agent = createWebhookAgent();
  jobs.define({
    ...WEBHOOK_JOB,
    run: async ({ integrationId, body }, job) => {
      // Never the URL (its path may hold the receiver's own token) nor the secret.
      const fields = { integrationId, deliveryId: body.id, event: body.event, attempt: job.attempt };
      const row = await findWebhookIntegration(deps.db, body.church.id, integrationId);
      if (!row?.isActive || !row.webhookUrl) {
        deps.log.info(fields, "webhook not sent: the integration is gone, inactive or has no webhook URL");
        return;
      }
      const secret = row.webhookSecretSealed ? deps.secrets.open(row.webhookSecretSealed) : null;
      if (secret === null) {
        deps.log.warn(fields, "webhook not sent: its secret no longer opens (APP_SECRET changed); rotate the secret");
        return;
      }
      const text = serializeWebhookBody(body);
      const headers = {
        "Content-Type": "application/json",
        "User-Agent": "Fellowship-Webhooks/1",
        "X-Fellowship-Event": body.event,
        "X-Fellowship-Delivery": body.id,
        [SIGNATURE_HEADER]: signWebhookBody(secret, text),
      };
      const result = await postWebhook(row.webhookUrl, headers, text, agent, deps.testOrigin);
      if (result.outcome === "sent") {
        deps.log.info({ ...fields, status: result.status }, "webhook delivered");
      } else if (result.outcome === "refused") {
        deps.log.warn(
          { ...fields, reason: result.reason },
          "webhook refused (not retried): its URL is not allowed now",
        );
      } else {
        throw new Error(
          result.status ? `the webhook receiver answered ${result.status}` : `the webhook failed: ${result.error}`,
        );
      }
    },
  });
}
