import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * What the three provider stand-ins share: a loopback HTTP server, HTTP Basic credentials, every
 * request recorded, and knobs a test (or the bench, or a browser test) turns while it runs.
 */

/** A person in a church-management stand-in (Planning Center, CCB). */
export type TStandInPerson = {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  /** When the person last changed (CCB's `modified_since`); now when not given. */
  modifiedAt?: Date;
};

/** `n` people with distinct e-mails (`first{i}.{tag}@example.org`, a tag of this call's own). */
export function makePeople(n: number, opts: { tag?: string; firstId?: number } = {}): TStandInPerson[] {
  const tag = opts.tag ?? randomBytes(3).toString("hex");
  const firstId = opts.firstId ?? 1001;
  return Array.from({ length: n }, (_, i) => ({
    id: String(firstId + i),
    firstName: `First${i + 1}`,
    lastName: `Person-${tag}`,
    email: `first${i + 1}.${tag}@example.org`,
    modifiedAt: new Date(),
  }));
}

/** Knobs of every stand-in, changed at any time. A "page" is a data call (a people page, a Mailchimp PUT). */
export type TStandInKnobs = {
  /** Every call answers 401 with the provider's refusal. */
  refuseKey: boolean;
  /** The next this many calls answer 429 with `Retry-After: retryAfterSeconds`. */
  rateLimitNext: number;
  retryAfterSeconds: number;
  /** After this many pages served, every call is refused (401): a key revoked mid-sync. */
  refuseAfterPage: number | null;
  /** After this many pages served, further page calls wait until `release()` (a sync held mid-way). */
  holdAfterPage: number | null;
  /** Each call waits this long before answering. */
  delayMs: number;
};

export type TRecordedRequest = {
  method: string;
  path: string;
  query: Record<string, string>;
  /** The status answered (0 while held). */
  status: number;
  /** The Basic user name (never the password or key). */
  user: string;
  /** When it arrived (Date.now()). */
  at: number;
};

export type TStandIn<TState> = {
  /** The stand-in's origin, `http://127.0.0.1:PORT`. */
  url: string;
  /** A key it accepts. */
  key: string;
  state: TState;
  knobs: TStandInKnobs;
  requests: TRecordedRequest[];
  /** Pages answered with data so far. */
  pagesServed: () => number;
  /** Lets held calls go on (and stops holding new ones). */
  release: () => void;
  /** Knobs back to their defaults, the record and the page count emptied (between tests). */
  reset: () => void;
  close: () => Promise<void>;
};

export type TReply = { status: number; type: string; body: string; headers?: Record<string, string> };

export type TStandInRoute = (req: {
  method: string;
  path: string;
  query: URLSearchParams;
  body: string;
  /** The decoded Basic credentials `user:password`, or null. */
  basic: string | null;
}) => Promise<TReply | "page"> | TReply | "page";

type TServeOptions = {
  /** What a refused key, a 429 and an unknown route look like at this provider. */
  refusal: () => TReply;
  tooMany: (retryAfterSeconds: number) => TReply;
  /** Whether the call is a data page (counted, can be held or refused after N). */
  isPage: (req: { method: string; path: string; query: URLSearchParams }) => boolean;
  /** Whether the credentials are accepted. */
  accepts: (basic: string | null, req: { path: string }) => boolean;
  handle: (req: Parameters<TStandInRoute>[0]) => Promise<TReply> | TReply;
};

export const defaultKnobs = (): TStandInKnobs => ({
  refuseKey: false,
  rateLimitNext: 0,
  retryAfterSeconds: 1,
  refuseAfterPage: null,
  holdAfterPage: null,
  delayMs: 0,
});

/** Starts the server on loopback with the shared knobs around a provider's own routes. */
export async function serveStandIn<TState>(state: TState, key: string, opts: TServeOptions): Promise<TStandIn<TState>> {
  const knobs = defaultKnobs();
  const requests: TRecordedRequest[] = [];
  let pages = 0;
  let releaseHeld: (() => void)[] = [];
  const held = () => new Promise<void>((resolve) => releaseHeld.push(resolve));

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const url = new URL(req.url ?? "/", "http://stand-in");
    const auth = req.headers.authorization ?? "";
    const basic = auth.startsWith("Basic ") ? Buffer.from(auth.slice(6), "base64").toString("utf8") : null;
    const record: TRecordedRequest = {
      method: req.method ?? "GET",
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      status: 0,
      user: basic?.split(":")[0] ?? "",
      at: Date.now(),
    };
    requests.push(record);
    const call = {
      method: record.method,
      path: url.pathname,
      query: url.searchParams,
      body: Buffer.concat(chunks).toString("utf8"),
      basic,
    };
    const isPage = opts.isPage(call);
    let reply: TReply;
    if (knobs.delayMs > 0) await new Promise((r) => setTimeout(r, knobs.delayMs));
    if (isPage && knobs.holdAfterPage !== null && pages >= knobs.holdAfterPage) await held();
    if (knobs.rateLimitNext > 0) {
      knobs.rateLimitNext--;
      reply = opts.tooMany(knobs.retryAfterSeconds);
    } else if (
      knobs.refuseKey ||
      (knobs.refuseAfterPage !== null && pages >= knobs.refuseAfterPage) ||
      !opts.accepts(basic, call)
    ) {
      reply = opts.refusal();
    } else {
      reply = await opts.handle(call);
      if (isPage && reply.status < 300) pages++;
    }
    record.status = reply.status;
    if (res.destroyed) return;
    res.writeHead(reply.status, { "content-type": reply.type, ...reply.headers });
    res.end(reply.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const release = () => {
    knobs.holdAfterPage = null;
    const waiting = releaseHeld;
    releaseHeld = [];
    for (const r of waiting) r();
  };
  return {
    url: `http://127.0.0.1:${port}`,
    key,
    state,
    knobs,
    requests,
    pagesServed: () => pages,
    release,
    reset: () => {
      release();
      Object.assign(knobs, defaultKnobs());
      requests.length = 0;
      pages = 0;
    },
    close: async () => {
      release();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export const json = (status: number, body: unknown, type = "application/json", headers?: Record<string, string>) => ({
  status,
  type,
  body: JSON.stringify(body),
  headers,
});

/** A random key-like string: `len` hex characters. */
export const randomKey = (len = 32) =>
  randomBytes(Math.ceil(len / 2))
    .toString("hex")
    .slice(0, len);
