import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createTestDb } from "../test/db";
import { freePort } from "../test/embedded-probe";
import { PASSWORD, uniqueEmail } from "../test/factories";
import { ROOT } from "./paths";

/**
 * Issue 15: "Two processes behind a load balancer can be restarted one after the other without a
 * failed request." Two compiled app processes share one database (DATABASE_URL) behind a balancer
 * that does what nginx does by default, while a client keeps asking through it.
 */

const outDir = path.join(ROOT, ".tmp", `rolling-${process.pid}`);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "fellowship-rolling-"));
const APP_SECRET = "a rolling restart secret that is long enough";
const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(outDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type TAnswer = { status: number; body: string; headers: http.IncomingHttpHeaders };

/** One request on its own connection (no keep-alive): what a probe or a first visit does. */
function ask(port: number, urlPath: string, opts: { method?: string; body?: unknown } = {}): Promise<TAnswer> {
  return new Promise((resolve, reject) => {
    const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        path: urlPath,
        method: opts.method ?? "GET",
        agent: false,
        headers: payload ? { "content-type": "application/json" } : {},
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (d) => (body += d));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.setTimeout(10_000, () => req.destroy(new Error("timed out")));
    req.end(payload);
  });
}

type TApp = { name: string; port: number; child: ChildProcess; output: () => string };

/** Starts the compiled server (as `npm start` runs it) and waits until `/readyz` says 200. */
async function startApp(name: string, port: number, databaseUrl: string): Promise<TApp> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    APP_SECRET,
    PORT: String(port),
    HOST: "127.0.0.1",
    APP_URL: "http://fellowship.test",
    LOG_LEVEL: "warn",
    // No automatic backup is scheduled on the test's database.
    BACKUP_INTERVAL_HOURS: "0",
    // Every request comes from 127.0.0.1 through the balancer: the per-address limit is not what is tested.
    RATE_LIMIT_PER_HOUR: "0",
  };
  for (const unset of ["TEST_DATABASE_URL", "SMTP_URL", "METRICS_TOKEN"]) delete env[unset];
  const child = spawn(process.execPath, [path.join(outDir, "main.js")], { env, stdio: ["ignore", "pipe", "pipe"] });
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  });
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  for (const deadline = Date.now() + 60_000; ; await sleep(50)) {
    if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}): ${output}`);
    if (Date.now() > deadline) throw new Error(`${name} was not ready: ${output}`);
    const res = await ask(port, "/readyz").catch(() => undefined);
    if (res?.status === 200) return { name, port, child, output: () => output };
  }
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once("exit", (code) => resolve(code));
  });

/** Request methods nginx passes to the next upstream after an error (proxy_next_upstream). */
const IDEMPOTENT = new Set(["GET", "HEAD", "PUT", "DELETE", "OPTIONS", "TRACE"]);
/** Headers about one connection, not the message: never forwarded. */
const HOP_BY_HOP = new Set(["connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade", "te"]);
const endToEnd = (headers: http.IncomingHttpHeaders) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));

/**
 * What nginx does by default with `upstream { server a; server b; keepalive N; }`: round-robin,
 * kept-alive connections to the upstreams, and `proxy_next_upstream error timeout`: a request whose
 * connection failed before any answer (refused, reset, closed) goes to the next upstream, unless it
 * is not idempotent (a POST is never sent twice). Answers of any status are passed on as they are,
 * 503 included. No active health checks (nginx has none).
 */
async function startBalancer(ports: number[]) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  const served = new Map<number, number>(ports.map((p) => [p, 0]));
  let retried = 0;
  /** Answers a stopping process gave on a kept-alive connection while it closed (`Connection: close`). */
  let closingAnswers = 0;
  let next = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const first = next++;
      const attempt = (tries: number) => {
        const port = ports[(first + tries) % ports.length];
        let answered = false;
        let hasAnswer = false;
        const fail = (why: string) => {
          if (answered) return;
          answered = true;
          res.writeHead(502, { "content-type": "text/plain" }).end(`bad gateway: ${port} ${why}`);
        };
        const up = http.request(
          { agent, host: "127.0.0.1", port, method: req.method, path: req.url, headers: endToEnd(req.headers) },
          (upRes) => {
            hasAnswer = true;
            if (upRes.headers.connection === "close") closingAnswers++;
            const parts: Buffer[] = [];
            upRes.on("data", (c: Buffer) => parts.push(c));
            upRes.on("error", (err) => fail(`while reading the answer: ${err.message}`));
            upRes.on("end", () => {
              if (answered) return;
              answered = true;
              served.set(port, (served.get(port) ?? 0) + 1);
              const body = Buffer.concat(parts);
              res
                .writeHead(upRes.statusCode ?? 502, { ...endToEnd(upRes.headers), "content-length": body.length })
                .end(body);
            });
          },
        );
        up.on("error", (err) => {
          if (answered) return;
          // Nothing came back on this connection: another upstream may take an idempotent request.
          if (!hasAnswer && IDEMPOTENT.has(req.method ?? "") && tries + 1 < ports.length) {
            answered = true;
            retried++;
            attempt(tries + 1);
          } else fail(err.message);
        });
        up.end(Buffer.concat(chunks));
      };
      attempt(0);
    });
  });
  const port = await new Promise<number>((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve((server.address() as { port: number }).port)),
  );
  const close = () =>
    new Promise<void>((resolve) => {
      agent.destroy();
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return {
    port,
    served: (p: number) => served.get(p) ?? 0,
    retried: () => retried,
    closingAnswers: () => closingAnswers,
    close,
  };
}

type TRequestResult = { path: string; signedIn: boolean; expected: number; status?: number; error?: string };

/**
 * A steady stream through the balancer (`loops` requests at a time, kept-alive connections): signed-out
 * and signed-in `GET /api/auth/user` and `GET /healthz`, each checked against the answer it must get.
 */
function startClient(port: number, cookie: string, userId: string, loops = 4) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: loops });
  const results: TRequestResult[] = [];
  let running = true;
  const kinds = [
    { path: "/api/auth/user", signedIn: false, expected: 401 },
    { path: "/api/auth/user", signedIn: true, expected: 200 },
    { path: "/healthz", signedIn: false, expected: 200 },
  ];
  const once = (kind: (typeof kinds)[number]) =>
    new Promise<TRequestResult>((resolve) => {
      const result: TRequestResult = { ...kind };
      const req = http.request(
        { agent, host: "127.0.0.1", port, path: kind.path, headers: kind.signedIn ? { cookie } : {} },
        (res) => {
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (d) => (body += d));
          res.on("error", (err) => resolve({ ...result, error: err.message }));
          res.on("end", () => {
            result.status = res.statusCode;
            // A signed-in answer names the signed-in user (the session was read from the database).
            if (kind.signedIn && res.statusCode === 200 && JSON.parse(body).id !== userId)
              result.error = `another user: ${body}`;
            if (res.statusCode !== kind.expected) result.error = body;
            resolve(result);
          });
        },
      );
      req.on("error", (err) => resolve({ ...result, error: err.message }));
      req.setTimeout(15_000, () => req.destroy(new Error("timed out")));
      req.end();
    });
  const loop = async (offset: number) => {
    for (let i = offset; running; i++) {
      results.push(await once(kinds[i % kinds.length]));
      await sleep(5);
    }
  };
  const done = Promise.all(Array.from({ length: loops }, (_, i) => loop(i)));
  return {
    results,
    stop: async () => {
      running = false;
      await done;
      agent.destroy();
    },
  };
}

describe("a rolling restart behind a load balancer", () => {
  it("two processes restarted one after the other while requests flow: no request fails", async () => {
    const testDb = await createTestDb();
    cleanups.push(() => testDb.drop());
    // @ts-expect-error: a plain .mjs script without types
    const { buildServer } = await import("../../scripts/build-server.mjs");
    await buildServer(outDir);

    const ports = [await freePort(), await freePort()];
    const apps = await Promise.all([startApp("A", ports[0], testDb.url), startApp("B", ports[1], testDb.url)]);
    const balancer = await startBalancer(ports);
    cleanups.push(() => balancer.close());

    // A member signs up through the balancer (nothing restarts yet); the session lives in the database.
    const signUp = await ask(balancer.port, "/api/auth/register", {
      method: "POST",
      body: { email: uniqueEmail("rolling"), password: PASSWORD, firstName: "Rolling", lastName: "Restart" },
    });
    expect(signUp.status, signUp.body).toBe(201);
    const cookie = String(signUp.headers["set-cookie"]?.find((c) => c.startsWith("fellowship_session="))).split(";")[0];
    const userId = JSON.parse(signUp.body).id as string;

    const client = startClient(balancer.port, cookie, userId);
    cleanups.push(() => client.stop());
    /** Waits until the balancer has had `count` more answers from `port`. */
    const waitServed = async (port: number, count: number) => {
      const target = balancer.served(port) + count;
      for (const deadline = Date.now() + 20_000; balancer.served(port) < target; await sleep(20))
        if (Date.now() > deadline) throw new Error(`no answers from ${port} through the balancer`);
    };
    await Promise.all(ports.map((p) => waitServed(p, 20)));

    const readyzSeen: { name: string; status: number; body: string }[] = [];
    for (const i of [0, 1]) {
      const app = apps[i];
      // Watches the process's own /readyz (as a health-checking balancer would) while it stops.
      let stopped = false;
      const watching = (async () => {
        while (!stopped) {
          const res = await ask(app.port, "/readyz").catch(() => undefined);
          if (res && res.status !== 200) readyzSeen.push({ name: app.name, status: res.status, body: res.body });
          await sleep(5);
        }
      })();
      const requestsBefore = client.results.length;
      app.child.kill("SIGTERM");
      const code = await exited(app.child);
      stopped = true;
      await watching;
      expect(code, app.output()).toBe(0);
      // Requests went on while it stopped.
      expect(client.results.length).toBeGreaterThan(requestsBefore);

      apps[i] = await startApp(app.name, app.port, testDb.url);
      // Back in the balancer's rotation before the other one goes.
      await waitServed(app.port, 20);
    }

    await client.stop();
    const failed = client.results.filter((r) => r.error !== undefined);
    console.log(
      `rolling restart: ${client.results.length} requests, ${failed.length} failed, ${balancer.retried()} passed to the other process after a connection error, ${balancer.closingAnswers()} answered with Connection: close by a stopping process, /readyz while stopping: ${JSON.stringify(readyzSeen)}`,
    );
    expect(failed).toEqual([]);
    expect(client.results.length).toBeGreaterThan(0);
    for (const seen of readyzSeen) {
      expect(seen.status).toBe(503);
      expect(JSON.parse(seen.body)).toEqual({ status: "unavailable", reason: "shutting down" });
    }

    for (const app of apps) {
      app.child.kill("SIGTERM");
      expect(await exited(app.child), app.output()).toBe(0);
    }
  }, 90_000);
});
