import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import type { TPushPayload } from "@common/notifications";
import { badRequest } from "../../lib/errors";
import {
  isPublicAddress,
  isPublicHost,
  NOT_PUBLIC_HOST,
  NotPublicAddressError,
  publicOnlyLookup,
} from "../../lib/public-address";
import { loadWebPush, type TVapidKeys } from "./vapid";

/** A subscription as stored: where to send and the browser's keys. */
export type TPushTarget = { endpoint: string; p256dh: string; auth: string };

/**
 * What one send came to: delivered; gone (404/410, the browser unsubscribed: forget it); or failed,
 * worth trying again (network, timeout, 429, 5xx) or not (any other answer).
 */
export type TSendOutcome =
  | { outcome: "sent" }
  | { outcome: "gone"; status: number }
  | { outcome: "failed"; retry: boolean; status?: number; error?: string };

export type TSenderOptions = {
  vapid: TVapidKeys;
  /** `https:` URL or `mailto:` address the push services may contact (VAPID `sub`). */
  subject: string;
  /** Test-only origin sent to as it is (see TPushOptions). */
  testEndpointOrigin?: string;
};

/** A push waits this long for the push service's answer, connection included. */
export const SEND_TIMEOUT_MS = 10_000;
/** How long a push service keeps a message for a device that is offline. */
const TTL_SECONDS = 24 * 60 * 60;

const NOT_ALLOWED = "The push subscription endpoint is not allowed";

/**
 * Connections to push services: every name is resolved by `publicOnlyLookup`, so a host that now
 * resolves to a private address (DNS rebinding after the subscription was checked) is refused before
 * a connection is made. Kept alive: most pushes go to the same few services.
 */
export function createPushAgent(): https.Agent {
  return new https.Agent({ lookup: publicOnlyLookup, keepAlive: true, maxSockets: 32, timeout: SEND_TIMEOUT_MS });
}

/** Whether `endpoint` is on the test-only origin (exact origin match). */
function isTestOrigin(url: URL, testEndpointOrigin: string | undefined): boolean {
  return testEndpointOrigin !== undefined && url.origin === testEndpointOrigin;
}

/**
 * Refuses (400) a subscription endpoint the server must not send to: anything but an https URL on the
 * standard port whose host resolves to public addresses only, as push services' do.
 */
export async function assertAllowedEndpoint(endpoint: string, testEndpointOrigin?: string): Promise<void> {
  const url = new URL(endpoint);
  if (isTestOrigin(url, testEndpointOrigin)) return;
  // Each refusal is one whole sentence, so that it reads naturally in every language (errors.json).
  const refuse = (sentence: string) => badRequest(sentence, "subscription.endpoint");
  if (url.protocol !== "https:") throw refuse(`${NOT_ALLOWED}: it must be an https address.`);
  if (url.port !== "") throw refuse(`${NOT_ALLOWED}: it must use the standard https port.`);
  if (url.username || url.password) throw refuse(`${NOT_ALLOWED}: it must not carry a user name or password.`);
  if (!(await isPublicHost(url.hostname))) throw refuse(`${NOT_ALLOWED}: ${NOT_PUBLIC_HOST}.`);
}

/**
 * Encrypts `payload` for the subscription (aes128gcm, RFC 8291) and signs the request (VAPID, RFC
 * 8292) with web-push, then posts it. Never throws: every failure is an outcome.
 */
export async function sendPush(
  target: TPushTarget,
  payload: TPushPayload,
  agent: https.Agent,
  opts: TSenderOptions,
): Promise<TSendOutcome> {
  let url: URL;
  try {
    url = new URL(target.endpoint);
  } catch {
    return { outcome: "failed", retry: false, error: "invalid endpoint" };
  }
  const isTest = isTestOrigin(url, opts.testEndpointOrigin);
  if (!isTest) {
    if (url.protocol !== "https:") return { outcome: "failed", retry: false, error: "not https" };
    // Node connects to a literal address without calling `lookup`: check it here.
    const bare = url.hostname.replace(/^\[|\]$/g, "");
    if (isIP(bare) && !isPublicAddress(bare)) return { outcome: "failed", retry: false, error: "not a public address" };
  }
  let request: { headers: Record<string, string>; body: Buffer | null };
  try {
    request = (await loadWebPush()).generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: { subject: opts.subject, publicKey: opts.vapid.publicKey, privateKey: opts.vapid.privateKey },
        contentEncoding: "aes128gcm",
        TTL: TTL_SECONDS,
        urgency: "normal",
      },
    );
  } catch (err) {
    // Keys a browser could not have made (not a P-256 point, wrong length): no retry helps.
    return { outcome: "failed", retry: false, error: (err as Error).message };
  }
  try {
    const status = await post(url, request, isTest ? undefined : agent);
    if (status >= 200 && status < 300) return { outcome: "sent" };
    if (status === 404 || status === 410) return { outcome: "gone", status };
    return { outcome: "failed", retry: status === 429 || status >= 500, status };
  } catch (err) {
    const refused = err instanceof NotPublicAddressError;
    return { outcome: "failed", retry: !refused, error: refused ? "not a public address" : (err as Error).message };
  }
}

/** Posts the request and resolves with the answer's status (its body is read and dropped). */
function post(
  url: URL,
  request: { headers: Record<string, string>; body: Buffer | null },
  agent: https.Agent | undefined,
): Promise<number> {
  const client = url.protocol === "http:" ? http : https;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      { method: "POST", headers: request.headers, agent, signal: AbortSignal.timeout(SEND_TIMEOUT_MS) },
      (res) => {
        res.on("error", () => {});
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on("error", reject);
    req.end(request.body ?? undefined);
  });
}
