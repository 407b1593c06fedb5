import { ZApiError } from "@common/errors";
import type { FastifySchema } from "fastify";
import { z } from "zod";
import type { TAccess } from "./auth";

/** A redirect: no body, the address in `Location`. */
export const ZRedirect = z.undefined();
/** No body (204, 304). */
export const ZNoBody = z.undefined();

/**
 * What the document says of schemas beyond zod's own: a name (`id`: a component of the document) or
 * JSON Schema keywords. The document reads this registry, not zod's global one.
 */
export const apiSchemas = z.registry<{ id?: string; description?: string; type?: string; contentMediaType?: string }>();

/** Bytes of one of `types` (an image): described by content type only. */
export const ZBinary = (description: string, types: readonly string[]) => ({
  description,
  content: Object.fromEntries(
    types.map((type) => {
      const bytes = z.custom<Buffer>();
      apiSchemas.add(bytes, { type: "string", contentMediaType: type });
      return [type, { schema: bytes }];
    }),
  ),
});

/** Text in another format than JSON (CSV, RSS, iCalendar). */
export const ZText = (description: string, type: string) => ({
  description,
  content: { [type]: { schema: z.string() } },
});

/**
 * JSON serialised ahead (a kept list), sent as it is: its route's schema types the answer, and the
 * answer check reads these bytes as it reads any others.
 */
export const preSerialized = (json: string) => json as never;

/** What the document and the answer check need of a route. */
export type TRouteShape = { method: string | string[]; url: string; schema?: FastifySchema; config?: unknown };

const BODY_METHODS = new Set(["POST", "PUT", "PATCH"]);

/**
 * The error answers every route of its kind can give, from what the app does before the handler:
 * 400 for a body or query it refuses, 401 and 403 from the access check (and 403 for a cross-site
 * change), 404 for a path id that names nothing of the caller's church, 413 and 415 for a body too
 * large or not JSON, 429 from the rate limits. A route adds its own (409, or 404 without a path id)
 * in `schema.response`.
 */
export function getErrorStatuses(route: TRouteShape): number[] {
  const methods = [route.method].flat();
  const access = (route.config as { access?: TAccess } | undefined)?.access ?? "public";
  const hasBody = methods.some((m) => BODY_METHODS.has(m));
  const changes = hasBody || methods.includes("DELETE");
  const statuses = new Set<number>();
  if (route.schema?.body || route.schema?.querystring || hasBody) statuses.add(400);
  if (access !== "public") statuses.add(401);
  if (access === "member" || access === "admin" || changes) statuses.add(403);
  if (route.schema?.params) statuses.add(404);
  if (hasBody) {
    statuses.add(413);
    statuses.add(415);
  }
  // Only /api addresses are rate limited.
  if (route.url.startsWith("/api/")) statuses.add(429);
  return [...statuses];
}

/** Every answer of a route, by status: the route's own (`schema.response`) over the errors of its kind. */
export function getResponses(route: TRouteShape): Record<string, unknown> {
  const own = (route.schema?.response ?? {}) as Record<string, unknown>;
  const errors = Object.fromEntries(getErrorStatuses(route).map((status) => [String(status), ZApiError]));
  return { ...errors, ...own };
}

const STATUS_TEXT: Record<string, string> = {
  "200": "OK",
  "201": "Created",
  "202": "Accepted: the work goes on in the background",
  "204": "Done; no body",
  "302": "A redirect (see `Location`)",
  "304": "Not modified since the `ETag` the client sent",
  "400": "Invalid input: `message` names the first problem, `errors` each field's",
  "401": "Not signed in",
  "403": "Not allowed: the caller's role or church does not permit it, or a cross-site request",
  "404": "Not found, or not the caller's church's",
  "409": "Conflict with what exists",
  "413": "The request (or its image) is too large",
  "415": "The body is not JSON",
  "429": "Too many requests: wait for `Retry-After` seconds",
};

export function describeStatus(status: string): string {
  return STATUS_TEXT[status] ?? "Answer";
}

const ACCESS_TEXT: Record<TAccess, string> = {
  public: "**Access: public.** Anyone may call it; no sign-in.",
  user: "**Access: user.** Any signed-in user (session cookie), with or without a church.",
  member: "**Access: member.** A signed-in member of a church; only that church's data is read or changed.",
  admin: "**Access: admin.** The church's ADMIN or SUPER_ADMIN; other members get 403.",
};

export function describeAccess(access: TAccess): string {
  return ACCESS_TEXT[access];
}

type TContentMap = { content: Record<string, { schema: z.ZodType }> };
const isContentMap = (declared: unknown): declared is TContentMap =>
  typeof declared === "object" && declared !== null && "content" in declared;
const isZod = (declared: unknown): declared is z.ZodType => declared instanceof z.ZodType;

/** `image/*` matches `image/png`. */
const matchesMediaType = (documented: string, sent: string) =>
  documented === sent || (documented.endsWith("/*") && sent.startsWith(documented.slice(0, -1)));

/** The first place where what was sent and what its schema made of it differ (a field not documented, or missing). */
function findDifference(sent: unknown, described: unknown, at: string): string | null {
  if (Array.isArray(sent) && Array.isArray(described)) {
    for (let i = 0; i < sent.length; i++) {
      const found = findDifference(sent[i], described[i], `${at}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  if (sent && described && typeof sent === "object" && typeof described === "object") {
    const s = sent as Record<string, unknown>;
    const d = described as Record<string, unknown>;
    for (const key of Object.keys(s)) if (!(key in d)) return `${at}.${key} is sent but not documented`;
    for (const key of Object.keys(d)) if (!(key in s)) return `${at}.${key} is documented but not sent`;
    for (const key of Object.keys(s)) {
      const found = findDifference(s[key], d[key], `${at}.${key}`);
      if (found) return found;
    }
    return null;
  }
  return Object.is(sent, described)
    ? null
    : `${at || "the body"} is sent as ${JSON.stringify(sent)} but reads as ${JSON.stringify(described)}`;
}

function checkJson(schema: z.ZodType, text: string): string | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return "the body is not JSON";
  }
  const result = schema.safeParse(value);
  if (!result.success) return z.prettifyError(result.error);
  return findDifference(value, result.data, "");
}

function payloadText(payload: unknown): string | null {
  if (payload === undefined || payload === null) return "";
  if (typeof payload === "string") return payload;
  if (Buffer.isBuffer(payload)) return payload.toString("utf8");
  return null; // a stream: not read here
}

/**
 * Whether an answer is what the document says of its route and status: the status is documented,
 * the content type is one documented, and a JSON body matches its schema exactly (no field more or
 * less). Null when it does; else the difference.
 */
export function checkAnswer(route: TRouteShape, status: number, contentType: string, payload: unknown): string | null {
  // A route not described yet is left to the document's own test (every route has its answers).
  if (!route.schema?.response) return null;
  const responses = getResponses(route);
  const declared = responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
  if (declared === undefined) return `status ${status} is not documented`;
  const body = payloadText(payload);
  const mediaType = contentType.split(";")[0].trim().toLowerCase();
  if (isContentMap(declared)) {
    const entry = Object.entries(declared.content).find(([type]) => matchesMediaType(type, mediaType));
    if (!entry) return `content type "${mediaType}" is not one of ${Object.keys(declared.content).join(", ")}`;
    return mediaType.includes("json") && body !== null ? checkJson(entry[1].schema, body) : null;
  }
  if (!isZod(declared)) return "its documented answer is not a zod schema";
  if (declared._zod.def.type === "undefined") return body ? "an empty answer is documented, but it has a body" : null;
  if (body === null) return null;
  if (!mediaType.includes("json")) return `a JSON answer is documented, but it is "${mediaType || "untyped"}"`;
  return checkJson(declared, body);
}
