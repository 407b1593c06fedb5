import type { TUnsubscribeTopic } from "@common/notification-channels-helpers";
import type { SecretBox } from "./secrets";

/**
 * Issue 29: every e-mail of a kind of notification (and the weekly digest) carries a one-click
 * unsubscribe (RFC 8058) that works without signing in: a link naming the member and the topic,
 * signed with the app's secret, so it cannot be made for another member or another topic.
 */
const PURPOSE = "unsubscribe v1";

export function unsubscribeSignature(secrets: SecretBox, userId: string, topic: TUnsubscribeTopic): string {
  return secrets.sign(PURPOSE, `${userId}:${topic}`);
}

export function isUnsubscribeSignature(
  secrets: SecretBox,
  userId: string,
  topic: TUnsubscribeTopic,
  signature: string,
): boolean {
  return secrets.verify(PURPOSE, `${userId}:${topic}`, signature);
}

/** The address `List-Unsubscribe` names (POST turns the topic's e-mail off; GET shows a page to confirm). */
export function unsubscribeUrl(secrets: SecretBox, baseUrl: string, userId: string, topic: TUnsubscribeTopic): string {
  const q = new URLSearchParams({ u: userId, t: topic, s: unsubscribeSignature(secrets, userId, topic) });
  return `${baseUrl.replace(/\/+$/, "")}/api/unsubscribe?${q}`;
}

/** The two headers of RFC 8058 for an e-mail of `topic` to `userId`. */
export function unsubscribeHeaders(
  secrets: SecretBox,
  baseUrl: string,
  userId: string,
  topic: TUnsubscribeTopic,
): Record<string, string> {
  return {
    "List-Unsubscribe": `<${unsubscribeUrl(secrets, baseUrl, userId, topic)}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}
