import { and, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { TRootDb } from "../../db/client";
import { vapidKeys } from "../../db/schema/community";
import type { SecretBox } from "../../lib/secrets";

export type TVapidKeys = { publicKey: string; privateKey: string };

type TWebPush = typeof import("web-push");
let webPush: Promise<TWebPush> | undefined;

/** web-push (CommonJS), loaded on the first push rather than at every start. */
export function loadWebPush(): Promise<TWebPush> {
  webPush ??= import("web-push").then((m) => (m as { default?: TWebPush }).default ?? m);
  return webPush;
}

/**
 * The server's VAPID key pair (vapid_keys, one row). The first process that needs it makes it; a
 * process starting at the same moment loses the insert (on conflict do nothing) and reads the
 * winner's, so every process signs with the same keys and browsers subscribed through one process
 * receive pushes sent by any other.
 */
export async function loadVapidKeys(db: TRootDb, secrets: SecretBox, log: FastifyBaseLogger): Promise<TVapidKeys> {
  for (let tries = 0; tries < 3; tries++) {
    const stored = await readKeys(db);
    if (!stored) {
      const made = (await loadWebPush()).generateVAPIDKeys();
      await db
        .insert(vapidKeys)
        .values({ id: 1, publicKey: made.publicKey, privateKeySealed: secrets.seal(made.privateKey) })
        .onConflictDoNothing();
      continue;
    }
    const privateKey = secrets.open(stored.privateKeySealed);
    if (privateKey) return { publicKey: stored.publicKey, privateKey };
    // Sealed under another APP_SECRET: nothing can sign with it. New keys let members subscribe again
    // (devices subscribed with the old public key stop receiving; their push service refuses them).
    log.error("the stored VAPID key was sealed under another APP_SECRET; made new keys, devices must subscribe again");
    const made = (await loadWebPush()).generateVAPIDKeys();
    await db
      .update(vapidKeys)
      .set({ publicKey: made.publicKey, privateKeySealed: secrets.seal(made.privateKey), createdAt: new Date() })
      .where(and(eq(vapidKeys.id, 1), eq(vapidKeys.privateKeySealed, stored.privateKeySealed)));
  }
  throw new Error("could not load or make the VAPID keys");
}

async function readKeys(db: TRootDb) {
  const [row] = await db
    .select({ publicKey: vapidKeys.publicKey, privateKeySealed: vapidKeys.privateKeySealed })
    .from(vapidKeys)
    .where(eq(vapidKeys.id, 1));
  return row;
}
