import type { FastifyBaseLogger } from "fastify";
import type { TRootDb } from "../../db/client";
import type { Jobs } from "../../lib/jobs";
import type { SecretBox } from "../../lib/secrets";

export type TWebhookDeps = {
  db: TRootDb;
  secrets: SecretBox;
  log: FastifyBaseLogger;
  /** Tests only: a receiver's origin that may be plain http on loopback. */
  testOrigin?: string;
};

/** Defines the webhook delivery job (members joining or leaving, signed, retried). Not built yet. */
export function defineWebhookJobs(_jobs: Jobs, _deps: TWebhookDeps): void {}
