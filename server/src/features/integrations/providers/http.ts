/**
 * The one way the server talks to an integration's provider: HTTP Basic credentials, a time limit,
 * no redirects (a provider's answer cannot send the credentials elsewhere), a bounded answer size,
 * and the provider's rate limit respected (a 429 waits its `Retry-After`, bounded, and asks again).
 * Whatever goes wrong becomes a `ProviderError` whose message names the provider and never the key.
 */
import { msg, type Text } from "../../../lib/i18n";

/** Where each provider lives (`app.config.integrationUrls`) and how patient to be with it. */
export type TProviderSettings = {
  urls: { planningCenter: string; mailchimp: string; ccb: string };
  /** One request's time limit. */
  timeoutMs: number;
  /** The longest `Retry-After` honoured; a provider asking for longer ends the sync (tried again tomorrow). */
  maxRetryAfterMs: number;
  /** 429 answers in a row before giving up. */
  maxRateLimitWaits: number;
};

export const PROVIDER_DEFAULTS = { timeoutMs: 20_000, maxRetryAfterMs: 60_000, maxRateLimitWaits: 8 };

export type TProviderErrorKind = "refused" | "unreachable" | "rate_limited" | "not_found" | "failed";

/**
 * `text` is one whole sentence of the `errors` catalogue (`msg`), so that the admin reads it in their
 * language (a refused key's 400, a failed sync's reason); `message` is its English.
 */
export class ProviderError extends Error {
  constructor(
    readonly kind: TProviderErrorKind,
    readonly text: Text,
    readonly status?: number,
  ) {
    super(text.english());
    this.name = "ProviderError";
  }
}

/** A provider's own words ending one of our sentences, without its final stop (the sentence has one). */
export const bare = (reason: string) => reason.trim().replace(/[.!?]+$/, "");

export type TProviderAnswer = { status: number; contentType: string; text: string };

type TRequest = {
  /** The provider's name for messages ("Planning Center"). */
  provider: string;
  url: string;
  method?: "GET" | "PUT";
  /** `user:password` for HTTP Basic. */
  basic: string;
  json?: unknown;
  accept: string;
  /** Strings that must never appear in a message (the key and its parts). */
  secrets: string[];
};

const MAX_ANSWER_BYTES = 16 * 1024 * 1024;
const REASON_MAX = 300;

/** Removes every secret (and anything longer than a line) from a provider's text before it is shown. */
export function scrub(text: string, secrets: string[]): string {
  let out = text.replace(/\s+/g, " ").trim();
  for (const s of secrets) if (s.length >= 3) out = out.split(s).join("••••");
  return out.length > REASON_MAX ? `${out.slice(0, REASON_MAX - 1)}…` : out;
}

/** The parts of a key a message must not show: the whole key, and each side of `user:secret`. */
export function keySecrets(key: string): string[] {
  const at = key.indexOf(":");
  return at < 0 ? [key] : [key, key.slice(0, at), key.slice(at + 1)];
}

/** `Retry-After` in milliseconds: seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\s*\d+\s*$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * One request, with 429s waited out. Answers every other status as it came (the provider module
 * reads its own error bodies); a network failure or time-out is a ProviderError("unreachable").
 */
export async function requestProvider(req: TRequest, settings: TProviderSettings): Promise<TProviderAnswer> {
  for (let waits = 0; ; waits++) {
    const answer = await requestOnce(req, settings);
    if (answer.status !== 429) return answer;
    const asked = parseRetryAfter(answer.retryAfter);
    // Without Retry-After: 1 s, 2 s, 4 s ...
    const waitMs = asked ?? Math.min(2 ** waits * 1000, settings.maxRetryAfterMs);
    if (waitMs > settings.maxRetryAfterMs || waits >= settings.maxRateLimitWaits) {
      const minutes = Math.max(1, Math.round(waitMs / 60_000));
      throw new ProviderError(
        "rate_limited",
        asked
          ? msg`${req.provider} is limiting how often we may ask (rate limit, retry in about ${minutes} min). The next sync will try again.`
          : msg`${req.provider} is limiting how often we may ask (rate limit). The next sync will try again.`,
        429,
      );
    }
    await sleep(waitMs);
  }
}

async function requestOnce(
  req: TRequest,
  settings: TProviderSettings,
): Promise<TProviderAnswer & { retryAfter: string | null }> {
  const headers: Record<string, string> = {
    authorization: `Basic ${Buffer.from(req.basic).toString("base64")}`,
    accept: req.accept,
    "user-agent": "Fellowship (church app; integrations)",
  };
  if (req.json !== undefined) headers["content-type"] = "application/json";
  let res: Response;
  try {
    res = await fetch(req.url, {
      method: req.method ?? "GET",
      headers,
      body: req.json === undefined ? undefined : JSON.stringify(req.json),
      redirect: "manual",
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
  } catch (err) {
    throw unreachable(req, err, settings);
  }
  if (res.status >= 300 && res.status < 400) {
    await res.body?.cancel();
    throw new ProviderError(
      "failed",
      msg`${req.provider} answered with a redirect (HTTP ${res.status}), which we do not follow.`,
    );
  }
  let text: string;
  try {
    text = await readCapped(res);
  } catch (err) {
    throw unreachable(req, err, settings);
  }
  return {
    status: res.status,
    contentType: res.headers.get("content-type") ?? "",
    text,
    retryAfter: res.headers.get("retry-after"),
  };
}

function unreachable(req: TRequest, err: unknown, settings: TProviderSettings): ProviderError {
  const e = err as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (e?.name === "TimeoutError" || e?.name === "AbortError")
    return new ProviderError(
      "unreachable",
      msg`${req.provider} did not answer within ${Number((settings.timeoutMs / 1000).toFixed(1))} s. Try again in a moment.`,
    );
  if (e?.message === "answer too large")
    return new ProviderError("failed", msg`${req.provider}'s answer was larger than we accept.`);
  const why = e?.cause?.code ?? e?.cause?.message ?? e?.message ?? "network error";
  return new ProviderError(
    "unreachable",
    msg`Could not reach ${req.provider} (${scrub(String(why), req.secrets)}). Try again in a moment.`,
  );
}

async function readCapped(res: Response): Promise<string> {
  if (!res.body) return "";
  const chunks: Buffer[] = [];
  let size = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_ANSWER_BYTES) {
      await reader.cancel();
      throw new Error("answer too large");
    }
    chunks.push(Buffer.from(value));
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** The answer as JSON, or undefined when it is not. */
export function parseJson(answer: TProviderAnswer): unknown {
  try {
    return JSON.parse(answer.text);
  } catch {
    return undefined;
  }
}

/**
 * Fills a base address's placeholder (`{dc}`, `{subdomain}`) with a value already checked against
 * `pattern`, so neither a key nor a setting can point the server at another host.
 */
export function fillBase(template: string, name: string, value: string | undefined, pattern: RegExp): string {
  const placeholder = `{${name}}`;
  if (!template.includes(placeholder)) return template;
  if (!value || !pattern.test(value)) throw new ProviderError("failed", msg`The ${name} is not valid.`);
  return template.split(placeholder).join(value);
}

/** The message for an answer that is neither success nor a known refusal. */
export function unexpectedStatus(provider: string, answer: TProviderAnswer, reason?: string): ProviderError {
  const text = reason
    ? msg`${provider} answered HTTP ${answer.status}: ${bare(reason)}. Try again later.`
    : answer.status >= 500
      ? msg`${provider} answered HTTP ${answer.status} (its service may be down). Try again later.`
      : msg`${provider} answered HTTP ${answer.status}. Try again later.`;
  return new ProviderError("failed", text, answer.status);
}
