import { createHmac, randomUUID } from "node:crypto";
import { ROLES } from "@common/roles";
import { eq, isNotNull } from "drizzle-orm";
import { z } from "zod";
import type { TDb } from "../../db/client";
import { churches } from "../../db/schema/churches";
import { integrations } from "../../db/schema/integrations";
import { inChurch } from "../../lib/church-scope";
import { addJob, type TJobSpec } from "../../lib/jobs";

/**
 * Webhooks (issue 12): when a member joins a church or leaves it, each of the church's active
 * integrations with a webhook URL receives a signed JSON POST.
 *
 * The body, exactly as sent (its bytes are what is signed):
 *   {"id": delivery id (uuid, the same on every retry), "event": "member.joined" | "member.left",
 *    "occurredAt": ISO 8601, "church": {"id", "name"},
 *    "member": {"id", "email", "firstName", "lastName", "role"}}
 * Headers: `Content-Type: application/json`, `User-Agent: Fellowship-Webhooks/1`,
 * `X-Fellowship-Event` (the event), `X-Fellowship-Delivery` (the id) and
 * `X-Fellowship-Signature: sha256=<hex HMAC-SHA256 of the raw body>`, keyed with the integration's
 * webhook secret as shown once (the whole `whsec_…` string, UTF-8). Nothing outside the body is
 * signed, so the body carries the time (`occurredAt`) and the delivery id a receiver de-duplicates on.
 */
export const WEBHOOK_EVENTS = ["member.joined", "member.left"] as const;
export type TWebhookEvent = (typeof WEBHOOK_EVENTS)[number];

const ZWebhookMember = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: z.enum(ROLES),
});
export type TWebhookMember = z.infer<typeof ZWebhookMember>;

/** What a receiver gets (the body), field order included. */
export const ZWebhookBody = z.object({
  id: z.uuid(),
  event: z.enum(WEBHOOK_EVENTS),
  occurredAt: z.iso.datetime(),
  church: z.object({ id: z.uuid(), name: z.string() }),
  member: ZWebhookMember,
});
export type TWebhookBody = z.infer<typeof ZWebhookBody>;

/** A queued delivery: the body to send and to which integration. Never the secret: it is read when sending. */
const ZWebhookJob = z.object({ integrationId: z.uuid(), body: ZWebhookBody });
export type TWebhookJob = z.infer<typeof ZWebhookJob>;

/**
 * One delivery to one integration. After the n-th failure graphile-worker waits e^n seconds, so the
 * 8 tries span about half an hour (3 s, 7 s, 20 s, 55 s, 2.5 min, 7 min, 18 min).
 */
export const WEBHOOK_JOB: TJobSpec<TWebhookJob> = {
  name: "integrations.webhook",
  payload: ZWebhookJob,
  maxAttempts: 8,
};

export const SIGNATURE_HEADER = "X-Fellowship-Signature";

/** `sha256=<hex>`: HMAC-SHA256 of the body's exact bytes under the webhook secret. */
export function signWebhookBody(secret: string, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(body, "utf8").digest("hex")}`;
}

/** The body as sent, the same bytes on every try. */
export function serializeWebhookBody(body: TWebhookBody): string {
  return JSON.stringify(ZWebhookBody.parse(body));
}

/** The church's integrations a webhook goes to now: active, with a URL. */
async function findWebhookTargets(db: TDb, churchId: string): Promise<{ id: string }[]> {
  return db
    .select({ id: integrations.id })
    .from(integrations)
    .where(inChurch(integrations, { churchId }, eq(integrations.isActive, true), isNotNull(integrations.webhookUrl)));
}

/** For the delivery job, which runs for no signed-in caller: the integration by id, within its church. */
export async function findWebhookIntegration(db: TDb, churchId: string, id: string) {
  const [row] = await db
    .select({
      isActive: integrations.isActive,
      webhookUrl: integrations.webhookUrl,
      webhookSecretSealed: integrations.webhookSecretSealed,
    })
    .from(integrations)
    .where(inChurch(integrations, { churchId }, eq(integrations.id, id)));
  return row;
}

/**
 * Queues the event's delivery to each of the church's webhooks, in the caller's transaction: a
 * join or removal that rolls back sends nothing. Each integration gets its own delivery id.
 */
export async function queueMemberWebhook(
  tx: TDb,
  churchId: string,
  event: {
    event: TWebhookEvent;
    member: TWebhookMember;
    occurredAt?: Date;
    /** The delivery's id for an integration, the same each time the same event is queued again. */
    deliveryId?: (integrationId: string) => string;
  },
): Promise<void> {
  const targets = await findWebhookTargets(tx, churchId);
  if (targets.length === 0) return;
  const [church] = await tx
    .select({ id: churches.id, name: churches.name })
    .from(churches)
    .where(eq(churches.id, churchId));
  if (!church) return;
  const occurredAt = (event.occurredAt ?? new Date()).toISOString();
  for (const target of targets) {
    const id = event.deliveryId?.(target.id) ?? randomUUID();
    const body = { id, event: event.event, occurredAt, church, member: event.member };
    // Keyed by delivery: queued again while it waits, it is not added twice; a receiver that got it
    // already knows the id.
    await addJob(tx, WEBHOOK_JOB, { integrationId: target.id, body }, { key: `webhook:${id}` });
  }
}
