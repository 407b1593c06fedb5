import { eq, sql } from "drizzle-orm";
import type { TDb } from "../../db/client";
import { notifications } from "../../db/schema/community";
import { inChurch } from "../../lib/church-scope";
import type { TChurchCtx } from "../../lib/context";
import { notFound } from "../../lib/errors";
import type { SecretBox } from "../../lib/secrets";
import { isEmailOpenSignature } from "./notification-email";

const NOT_FOUND = "Notification not found";
const BAD_LINK = "This link is not valid. Open the app to see your notifications.";

/**
 * `POST /api/notifications/{id}/opened` (issue 29): the member opened it from a push (the service
 * worker says so): it is read, and its "only if I have not seen it" e-mail will not go. The caller's
 * own only; anyone else's is 404 and stays as it was.
 */
export async function markOpenedFromPush(ctx: TChurchCtx, id: string, now: Date): Promise<void> {
  const rows = await ctx.db
    .update(notifications)
    .set({
      isRead: true,
      pushOpenedAt: sql`coalesce(${notifications.pushOpenedAt}, ${now.toISOString()}::timestamptz)`,
    })
    .where(inChurch(notifications, ctx, eq(notifications.userId, ctx.userId), eq(notifications.id, id)))
    .returning({ id: notifications.id });
  if (rows.length === 0) throw notFound(NOT_FOUND);
}

/**
 * `GET /api/notifications/{id}/email-open?s=` (issue 29, no session): the e-mail's button was
 * followed; records when (the first time only; nothing else changes: reading it is the app's
 * business) and answers where to send the browser, the notification's page of this app. A
 * signature that does not match, or a notification gone, is 404.
 */
export async function recordEmailOpen(
  db: TDb,
  secrets: SecretBox,
  id: string,
  signature: string,
  now: Date,
): Promise<string> {
  if (!isEmailOpenSignature(secrets, id, signature)) throw notFound(BAD_LINK);
  const [row] = await db
    .update(notifications)
    .set({ emailOpenedAt: sql`coalesce(${notifications.emailOpenedAt}, ${now.toISOString()}::timestamptz)` })
    .where(eq(notifications.id, id))
    .returning({ link: notifications.link });
  if (!row) throw notFound(BAD_LINK);
  // Only a path of this app (never another site's address).
  return row.link?.startsWith("/") && !row.link.startsWith("//") ? row.link : "/notifications";
}
