import { createHash } from "node:crypto";
import { json, randomKey, serveStandIn, type TReply, type TStandIn } from "./stand-in-server";

/**
 * A local Mailchimp Marketing API: `GET /3.0/ping`, `GET /3.0/lists/{id}`, `PUT
 * /3.0/lists/{id}/members/{md5 of the lower-cased e-mail}` (`status_if_new` for new members, an
 * existing member's status changed only by `status`), HTTP Basic with any user and the key as
 * password, problem+json errors (400, 401, 404, 429 with `Retry-After`).
 *
 * Point MAILCHIMP_API_URL at `${mc.url}/{dc}`: the stand-in then also sees the data centre the
 * server filled in from the key, and refuses a key whose suffix names another (as Mailchimp does).
 */
export type TMailchimpMember = {
  email_address: string;
  status: "subscribed" | "unsubscribed" | "cleaned" | "pending" | "transactional";
  merge_fields: Record<string, string>;
};

export type TMailchimpState = {
  /** Audiences by id, each its members by subscriber hash. */
  lists: Map<string, Map<string, TMailchimpMember>>;
  /** Addresses Mailchimp was asked to forget: a PUT for them answers 400. */
  forgotten: Set<string>;
  /** PUTs answering at once now, and the most there ever were (bounded concurrency). */
  inFlight: number;
  maxInFlight: number;
  /** Data centres seen in request paths (`/{dc}/3.0/...`). */
  dataCentres: Set<string>;
};

export type TMailchimpOptions = {
  /** Keys it accepts (`…-us21`); the first is `key`. */
  keys?: string[];
  /** Audience ids that exist; any id exists when not given (made on first use). */
  audiences?: string[];
};

export const subscriberHash = (email: string) => createHash("md5").update(email.toLowerCase()).digest("hex");

const PROBLEM = "application/problem+json; charset=utf-8";
const problem = (status: number, title: string, detail: string, headers?: Record<string, string>): TReply =>
  json(
    status,
    { type: "https://mailchimp.com/developer/marketing/docs/errors/", title, status, detail, instance: randomKey(36) },
    PROBLEM,
    headers,
  );
const WRONG_KEY = "Your API key may be invalid, or you've attempted to access the wrong datacenter.";

export type TMailchimpStandIn = TStandIn<TMailchimpState> & {
  /** Puts a member in an audience as if they were already there (e.g. unsubscribed). */
  seedMember: (listId: string, member: Partial<TMailchimpMember> & { email_address: string }) => void;
  getMember: (listId: string, email: string) => TMailchimpMember | undefined;
};

export async function startMailchimpStandIn(opts: TMailchimpOptions = {}): Promise<TMailchimpStandIn> {
  const keys = opts.keys ?? [`${randomKey(32)}-us21`];
  const state: TMailchimpState = {
    lists: new Map((opts.audiences ?? []).map((id) => [id, new Map()])),
    forgotten: new Set(),
    inFlight: 0,
    maxInFlight: 0,
    dataCentres: new Set(),
  };
  const list = (id: string) => {
    if (!state.lists.has(id) && !opts.audiences) state.lists.set(id, new Map());
    return state.lists.get(id);
  };
  const route = (path: string) => /^(?:\/([a-z]{2,5}\d{1,3}))?\/3\.0(\/.*)$/.exec(path);
  const standIn = await serveStandIn(state, keys[0], {
    refusal: () => problem(401, "API Key Invalid", WRONG_KEY),
    tooMany: (seconds) =>
      problem(429, "Too Many Requests", "You have exceeded the limit of 10 simultaneous connections.", {
        "retry-after": String(seconds),
      }),
    isPage: (req) => req.method === "PUT",
    accepts: (basic, req) => {
      const key = basic?.slice(basic.indexOf(":") + 1) ?? "";
      const dc = route(req.path)?.[1];
      return keys.includes(key) && (!dc || key.endsWith(`-${dc}`));
    },
    handle: async (req) => {
      const m = route(req.path);
      if (!m) return problem(404, "Resource Not Found", "The requested resource could not be found.");
      if (m[1]) state.dataCentres.add(m[1]);
      const path = m[2];
      if (req.method === "GET" && path === "/ping") return json(200, { health_status: "Everything's Chimpy!" });
      const listMatch = /^\/lists\/([^/]+)$/.exec(path);
      if (req.method === "GET" && listMatch) {
        const members = list(listMatch[1]);
        if (!members) return problem(404, "Resource Not Found", "The requested resource could not be found.");
        return json(200, { id: listMatch[1], name: "Church newsletter", stats: { member_count: members.size } });
      }
      const memberMatch = /^\/lists\/([^/]+)\/members\/([^/]+)$/.exec(path);
      if (req.method === "PUT" && memberMatch) {
        state.inFlight++;
        state.maxInFlight = Math.max(state.maxInFlight, state.inFlight);
        try {
          // Long enough for parallel PUTs to overlap, so a test sees how many at once.
          await new Promise((r) => setTimeout(r, 5));
          return putMember(memberMatch[1], memberMatch[2], req.body);
        } finally {
          state.inFlight--;
        }
      }
      return problem(404, "Resource Not Found", "The requested resource could not be found.");
    },
  });

  function putMember(listId: string, hash: string, raw: string): TReply {
    const members = list(listId);
    if (!members) return problem(404, "Resource Not Found", "The requested resource could not be found.");
    let body: {
      email_address?: string;
      status?: string;
      status_if_new?: string;
      merge_fields?: Record<string, string>;
    };
    try {
      body = JSON.parse(raw);
    } catch {
      return problem(400, "JSON Schema Error", "We encountered an unspecified JSON parsing error.");
    }
    const email = body.email_address ?? "";
    if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email))
      return problem(400, "Invalid Resource", `${email} looks fake or invalid, please enter a real email address.`);
    if (subscriberHash(email) !== hash)
      return problem(400, "Invalid Resource", "The subscriber hash does not match the email address.");
    if (state.forgotten.has(email.toLowerCase()))
      return problem(
        400,
        "Forgotten Email Not Subscribed",
        `${email} was permanently deleted and cannot be re-imported. The contact must re-subscribe to get back on the list.`,
      );
    const existing = members.get(hash);
    const status = body.status ?? (existing ? existing.status : body.status_if_new);
    if (!status)
      return problem(
        400,
        "Invalid Resource",
        "The resource submitted could not be validated. For field-specific details, see the 'errors' array.",
      );
    const member: TMailchimpMember = {
      email_address: email,
      status: status as TMailchimpMember["status"],
      merge_fields: { ...existing?.merge_fields, ...body.merge_fields },
    };
    members.set(hash, member);
    return json(200, { id: hash, ...member, list_id: listId });
  }

  return Object.assign(standIn, {
    seedMember: (listId: string, member: Partial<TMailchimpMember> & { email_address: string }) => {
      if (!state.lists.has(listId)) state.lists.set(listId, new Map());
      state.lists.get(listId)?.set(subscriberHash(member.email_address), {
        status: "subscribed",
        merge_fields: {},
        ...member,
      });
    },
    getMember: (listId: string, email: string) => state.lists.get(listId)?.get(subscriberHash(email)),
  });
}
