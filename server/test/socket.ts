import type { TServerFrame } from "@common/live";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { WebSocket } from "ws";
import { afterFile } from "./after-file";

/** The origin the test apps are configured with (APP_URL). */
export const TEST_ORIGIN = "http://fellowship.test";

/** Listens on a loopback port of its own (once) and answers the address of `/ws`. */
export async function socketUrl(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("not listening");
  return `ws://127.0.0.1:${address.port}/ws`;
}

export type TTestSocket = {
  ws: WebSocket;
  frames: TServerFrame[];
  send: (frame: unknown) => void;
  /**
   * The first frame of this type matching `where`, among those received from index `from` on (0: any
   * received so far or to come; `frames.length`: only frames yet to come).
   */
  next: <K extends TServerFrame["type"]>(
    type: K,
    where?: (f: Extract<TServerFrame, { type: K }>) => boolean,
    from?: number,
  ) => Promise<Extract<TServerFrame, { type: K }>>;
  closed: Promise<{ code: number }>;
};

/**
 * A socket as a browser page opens it: the member's session cookie and this site's Origin (or
 * `origin` given), with `extra` headers (an `x-forwarded-for` for an app that trusts a proxy).
 * Resolves once open, or rejects with the server's refusal ("Unexpected server response: 401").
 */
export function openSocket(
  url: string,
  cookie: string | undefined,
  origin: string | null = TEST_ORIGIN,
  extra: Record<string, string> = {},
) {
  const headers: Record<string, string> = { ...extra };
  if (cookie) headers.cookie = cookie;
  if (origin) headers.origin = origin;
  const ws = new WebSocket(url, { headers });
  const frames: TServerFrame[] = [];
  const waiters: (() => void)[] = [];
  ws.on("message", (data) => {
    frames.push(JSON.parse(data.toString()));
    for (const w of waiters.splice(0)) w();
  });
  const closed = new Promise<{ code: number }>((resolve) => ws.on("close", (code) => resolve({ code })));
  const socket: TTestSocket = {
    ws,
    frames,
    closed,
    send: (frame) => ws.send(typeof frame === "string" ? frame : JSON.stringify(frame)),
    next: (type, where = () => true, from = 0) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no ${type} frame in 10 s: ${JSON.stringify(frames)}`)),
          10_000,
        );
        const look = () => {
          const f = frames.slice(from).find((x) => x.type === type && where(x as any));
          if (f) {
            clearTimeout(timer);
            resolve(f as any);
          } else waiters.push(look);
        };
        look();
      }),
  };
  afterFile(() => ws.terminate());
  return new Promise<TTestSocket>((resolve, reject) => {
    ws.once("open", () => resolve(socket));
    ws.once("error", reject);
  });
}

/** Opens a socket and joins the live event; resolves with the `joined` frame seen. */
export async function joinLive(url: string, cookie: string | undefined, eventId: string): Promise<TTestSocket> {
  const s = await openSocket(url, cookie);
  s.send({ type: "join_live_stream", eventId });
  const joined = await s.next("joined");
  expect(joined.eventId).toBe(eventId);
  return s;
}

/** An upgrade the server refuses before upgrading: its HTTP status and JSON answer. */
export function refusedSocket(
  url: string,
  cookie: string | undefined,
  extra: Record<string, string> = {},
): Promise<{ status: number; body: { message?: string }; headers: Record<string, unknown> }> {
  const headers: Record<string, string> = { origin: TEST_ORIGIN, ...extra };
  if (cookie) headers.cookie = cookie;
  const ws = new WebSocket(url, { headers });
  return new Promise((resolve, reject) => {
    ws.once("open", () => {
      ws.terminate();
      reject(new Error("the socket opened"));
    });
    // Kept for the whole life of the attempt: destroying the request may report one more error.
    ws.on("error", reject);
    ws.once("unexpected-response", (req, res) => {
      let text = "";
      res.on("data", (d: Buffer) => (text += d.toString()));
      res.on("end", () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : {}, headers: res.headers });
      });
    });
  });
}
