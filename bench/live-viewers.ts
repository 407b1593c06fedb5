/**
 * The viewer sockets of the live chat fan-out (bench/live-fanout.ts), in worker threads of the bench
 * process, so that the main thread posts on time however busy reading frames is (one worker by
 * default: on two cores, a second one took the server's core while it wrote). Each worker opens its
 * share of the sockets, joins them to the live event, and for every chat frame (found by `MARK` and
 * a 6-digit number in its bytes) counts the sockets it reached and keeps the latest arrival; once
 * all its sockets have a message it tells the main thread when the last one did. Times are `performance.timeOrigin + performance.now()`, the
 * same clock in every thread.
 */

import { fileURLToPath } from "node:url";
import { isMainThread, parentPort, Worker } from "node:worker_threads";
import { WebSocket } from "ws";

/** In every chat message's text, followed by its number in 6 digits. */
export const MARK = "fanout#";
/** Sockets opened at once per worker: more would be a SYN flood on loopback. */
const BATCH = 100;
const COUNT_PREFIX = '{"type":"viewer_count"';

export const now = () => performance.timeOrigin + performance.now();

type TRequest =
  | { type: "connect"; urls: string[]; from: number; to: number; cookies: string[]; eventId: string }
  | { type: "settle"; expected: number; timeoutMs: number }
  | { type: "told"; expected: number }
  | { type: "closed" }
  | { type: "reset" }
  | { type: "report" }
  | { type: "close" };
type TAnswer = { id: number; ok: true; value?: unknown } | { id: number; ok: false; error: string };
/** Unasked: every socket of this worker got message `seq`, the last at `last`; or the first chat frame. */
type TEvent = { type: "arrived"; seq: number; last: number } | { type: "template"; text: string };

// ---------------------------------------------------------------------------------------------
// The worker

/** `isClosed`: the server closed it (or it broke) after it joined. */
type TViewer = { ws: WebSocket; count: number; isClosed: boolean };

function runWorker(port: NonNullable<typeof parentPort>): void {
  const MARK_BYTES = Buffer.from(MARK);
  let viewers: TViewer[] = [];
  let seen = new Map<number, { got: number; last: number }>();
  let isTemplateSent = false;

  const onChat = (data: Buffer, at: number) => {
    const i = data.indexOf(MARK_BYTES);
    if (i < 0) return;
    const seq = Number(data.toString("latin1", i + MARK.length, i + MARK.length + 6));
    let m = seen.get(seq);
    if (!m) {
      m = { got: 0, last: 0 };
      seen.set(seq, m);
    }
    m.got++;
    if (at > m.last) m.last = at;
    if (m.got === viewers.length) port.postMessage({ type: "arrived", seq, last: m.last } satisfies TEvent);
    if (!isTemplateSent) {
      isTemplateSent = true;
      port.postMessage({ type: "template", text: data.toString() } satisfies TEvent);
    }
  };

  const open = (url: string, cookie: string, eventId: string) =>
    new Promise<TViewer>((resolve, reject) => {
      const origin = url.replace(/^ws:/, "http:").replace(/\/ws$/, "");
      const ws = new WebSocket(url, { headers: { cookie, origin }, perMessageDeflate: false });
      const viewer: TViewer = { ws, count: 0, isClosed: false };
      let isJoined = false;
      const fail = (why: string) => {
        clearTimeout(timer);
        if (!isJoined) reject(new Error(`${url}: ${why}`));
      };
      const timer = setTimeout(() => {
        ws.terminate();
        fail('no "joined" within 30 s');
      }, 30_000);
      ws.on("open", () => ws.send(JSON.stringify({ type: "join_live_stream", eventId })));
      ws.on("message", (data: Buffer) => {
        if (isJoined) {
          if (data.toString("latin1", 0, COUNT_PREFIX.length) === COUNT_PREFIX)
            viewer.count = Number(/"count":(\d+)/.exec(data.toString())?.[1]);
          else onChat(data, now());
          return;
        }
        const text = data.toString();
        if (text.startsWith('{"type":"joined"')) {
          clearTimeout(timer);
          isJoined = true;
          viewer.count = Number(/"count":(\d+)/.exec(text)?.[1]);
          resolve(viewer);
        } else if (text.startsWith('{"type":"error"')) {
          fail(text);
        }
      });
      ws.on("error", (err) => fail(err.message));
      ws.on("close", (code) => {
        viewer.isClosed = true;
        fail(`closed with ${code} before joining`);
      });
    });

  const close = () =>
    new Promise<void>((resolve) => {
      let open = 0;
      for (const { ws } of viewers) {
        if (ws.readyState === ws.CLOSED) continue;
        open++;
        ws.once("close", () => --open === 0 && resolve());
        ws.terminate();
      }
      viewers = [];
      if (open === 0) resolve();
    });

  const handle = async (req: TRequest): Promise<unknown> => {
    switch (req.type) {
      case "connect": {
        // Socket i of the whole set goes to urls[i % urls.length] with cookies[i % cookies.length].
        const mine = [];
        for (let i = req.from; i < req.to; i++) mine.push(i);
        for (let k = 0; k < mine.length; k += BATCH) {
          const batch = mine
            .slice(k, k + BATCH)
            .map((i) => open(req.urls[i % req.urls.length], req.cookies[i % req.cookies.length], req.eventId));
          viewers.push(...(await Promise.all(batch)));
        }
        return viewers.length;
      }
      case "settle": {
        const deadline = Date.now() + req.timeoutMs;
        while (Date.now() < deadline) {
          if (viewers.every((v) => v.count === req.expected)) return true;
          await new Promise((r) => setTimeout(r, 100));
        }
        return false;
      }
      case "told":
        return viewers.filter((v) => v.count === req.expected).length;
      case "closed":
        return viewers.filter((v) => v.isClosed).length;
      case "reset":
        seen = new Map();
        return null;
      case "report":
        return [...seen].map(([seq, m]) => ({ seq, got: m.got, last: m.last }));
      case "close":
        await close();
        return null;
    }
  };

  port.on("message", ({ id, req }: { id: number; req: TRequest }) => {
    handle(req).then(
      (value) => port.postMessage({ id, ok: true, value } satisfies TAnswer),
      (err: Error) => port.postMessage({ id, ok: false, error: err.message } satisfies TAnswer),
    );
  });
}

if (!isMainThread && parentPort) runWorker(parentPort);

// ---------------------------------------------------------------------------------------------
// The main thread's side

/** What the workers told about a message: how many sockets it reached, and when the last. */
export type TArrival = { got: number; last: number };

/** The viewer sockets, spread over `threads` workers. */
export class ViewerPool {
  private readonly workers: Worker[] = [];
  private readonly waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private nextId = 0;
  /** Per message, the workers that reported every one of their sockets reached, and the latest time. */
  private arrivals = new Map<number, { workers: number; last: number }>();
  private sizes: number[] = [];
  template: string | undefined;

  constructor(threads: number) {
    // Workers do not inherit the tsx loader on this Node: each imports this file through tsx's API.
    const file = fileURLToPath(import.meta.url);
    const api = import.meta.resolve("tsx/esm/api");
    const boot = `import(${JSON.stringify(api)}).then((m) => m.tsImport(${JSON.stringify(file)}, ${JSON.stringify(import.meta.url)}))`;
    for (let t = 0; t < threads; t++) {
      const worker = new Worker(boot, { eval: true });
      worker.on("message", (msg: TAnswer | TEvent) => this.onMessage(msg));
      worker.on("error", (err) => {
        for (const w of this.waiting.values()) w.reject(err);
        this.waiting.clear();
      });
      this.workers.push(worker);
    }
  }

  private onMessage(msg: TAnswer | TEvent): void {
    if ("id" in msg) {
      const w = this.waiting.get(msg.id);
      this.waiting.delete(msg.id);
      if (msg.ok) w?.resolve(msg.value);
      else w?.reject(new Error(msg.error));
    } else if (msg.type === "arrived") {
      const a = this.arrivals.get(msg.seq) ?? { workers: 0, last: 0 };
      a.workers++;
      a.last = Math.max(a.last, msg.last);
      this.arrivals.set(msg.seq, a);
    } else {
      this.template ??= msg.text;
    }
  }

  private ask(worker: Worker, req: TRequest): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.postMessage({ id, req });
    });
  }

  private all(req: TRequest): Promise<unknown[]> {
    return Promise.all(this.workers.map((w) => this.ask(w, req)));
  }

  /**
   * Opens sockets `from` to `to` - 1 (socket i to urls[i % urls.length]), dealt round-robin over the
   * workers in runs of 100; resolves once every one has joined.
   */
  async connect(urls: string[], [from, to]: [number, number], cookies: string[], eventId: string): Promise<void> {
    const n = this.workers.length;
    const share = Math.ceil((to - from) / n);
    const answers = await Promise.all(
      this.workers.map((w, t) => {
        const a = Math.min(to, from + t * share);
        const b = Math.min(to, a + share);
        return this.ask(w, { type: "connect", urls, from: a, to: b, cookies, eventId });
      }),
    );
    this.sizes = answers as number[];
  }

  /** Whether every socket was told the count `expected` within `timeoutMs`. */
  async settle(expected: number, timeoutMs = 20_000): Promise<boolean> {
    return (await this.all({ type: "settle", expected, timeoutMs })).every(Boolean);
  }

  /** How many sockets were last told the count `expected`. */
  async told(expected: number): Promise<number> {
    return ((await this.all({ type: "told", expected })) as number[]).reduce((s, n) => s + n, 0);
  }

  /** How many of the sockets were closed after they joined (by the server, or broken). */
  async closedCount(): Promise<number> {
    return ((await this.all({ type: "closed" })) as number[]).reduce((s, n) => s + n, 0);
  }

  /** Forgets the messages seen (a new run numbers its messages from 0 again). */
  async reset(): Promise<void> {
    this.arrivals = new Map();
    await this.all({ type: "reset" });
  }

  /** When message `seq` reached the last socket, or undefined while some socket still waits for it. */
  completedAt(seq: number): number | undefined {
    const a = this.arrivals.get(seq);
    const busy = this.sizes.filter((s) => s > 0).length;
    return a && a.workers >= busy ? a.last : undefined;
  }

  /** Per message, how many sockets it reached and the latest arrival, over all workers. */
  async report(): Promise<Map<number, TArrival>> {
    const out = new Map<number, TArrival>();
    for (const rows of (await this.all({ type: "report" })) as { seq: number; got: number; last: number }[][]) {
      for (const r of rows) {
        const m = out.get(r.seq) ?? { got: 0, last: 0 };
        m.got += r.got;
        m.last = Math.max(m.last, r.last);
        out.set(r.seq, m);
      }
    }
    return out;
  }

  async close(): Promise<void> {
    await this.all({ type: "close" });
    this.sizes = [];
  }

  async stop(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}
