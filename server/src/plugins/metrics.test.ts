import { beforeAll, describe, expect, it } from "vitest";
import { Caller, createTestApp, type TTestApp } from "../../test/app";
import { addMember, createChurch, createSermon, invite, uniqueEmail } from "../../test/factories";
import { joinLive, socketUrl } from "../../test/socket";
import { buildApp } from "../app";
import { createDb } from "../db/client";

const TOKEN = "a metrics token for the scraper only";

let t: TTestApp;
const logLines: string[] = [];

beforeAll(async () => {
  // Jobs stay queued until a test runs them, so the queue's depth is seen; live heartbeats are quick.
  t = await createTestApp(
    { METRICS_TOKEN: TOKEN, LOG_LEVEL: "info" },
    { logger: { stream: { write: (l: string) => logLines.push(l) } }, runJobs: false, live: { heartbeatMs: 100 } },
  );
});

async function scrape(): Promise<string> {
  const res = await t.app.inject({ method: "GET", url: "/metrics", headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
}

/** The value of one series (`name{labels}`), or undefined when it is not in the text. */
function seriesValue(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe("GET /metrics without METRICS_TOKEN", () => {
  it("answers 404 as if it did not exist, token or not, and is not in the API description", async () => {
    const bare = await createTestApp();
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }, { authorization: "Bearer " }]) {
      const res = await bare.app.inject({ method: "GET", url: "/metrics", headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: "Not found" });
    }
    const doc = (await new Caller(bare.app).get("/api/openapi.json")).body;
    expect(doc.paths["/metrics"]).toBeUndefined();
  });
});

describe("GET /metrics with METRICS_TOKEN", () => {
  it("answers 401 without the token or with a wrong one, and shows nothing", async () => {
    for (const authorization of [
      undefined,
      "",
      "Bearer",
      "Bearer wrong",
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      `Basic ${Buffer.from(`x:${TOKEN}`).toString("base64")}`,
      TOKEN,
    ]) {
      const res = await t.app.inject({
        method: "GET",
        url: "/metrics",
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.json()).toEqual({ message: "A valid metrics token is required." });
      expect(res.headers["www-authenticate"]).toMatch(/^Bearer/);
      expect(res.body).not.toMatch(/http_request|nodejs_/);
    }
  });

  it("answers Prometheus text with the token (the scheme in any case), never cached", async () => {
    for (const scheme of ["Bearer", "bearer"]) {
      const res = await t.app.inject({
        method: "GET",
        url: "/metrics",
        headers: { authorization: `${scheme} ${TOKEN}` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("text/plain; version=0.0.4; charset=utf-8");
      expect(res.headers["cache-control"]).toBe("no-store");
      expect(res.body).toMatch(/^# HELP /m);
      expect(res.body).toMatch(/^# TYPE http_request_duration_seconds histogram$/m);
    }
  });

  it("counts requests by route pattern and status, never by address; unknown routes as such", async () => {
    const c = await createChurch(t.app);
    const [one, two] = [await createSermon(c.admin), await createSermon(c.admin, { title: "Second" })];
    for (const id of [one.id, two.id, one.id]) expect((await c.admin.get(`/api/sermons/${id}`)).status).toBe(200);
    expect((await c.admin.get("/api/sermons/00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await c.admin.get("/api/no-such-thing/123")).status).toBe(404);
    expect((await c.admin.get("/no-such-page/456")).status).toBe(404);

    const text = await scrape();
    const count = (labels: string) => seriesValue(text, `http_request_duration_seconds_count{${labels}}`);
    expect(count('method="GET",route="/api/sermons/:id",status_code="200"')).toBe(3);
    expect(count('method="GET",route="/api/sermons/:id",status_code="404"')).toBe(1);
    expect(count('method="POST",route="/api/sermons",status_code="201"')).toBe(2);
    expect(count('method="GET",route="(unknown)",status_code="404"')).toBe(2);
    // Latency too: the sum and the buckets of the same series.
    expect(
      seriesValue(text, 'http_request_duration_seconds_sum{method="GET",route="/api/sermons/:id",status_code="200"}'),
    ).toBeGreaterThan(0);
    expect(
      seriesValue(
        text,
        'http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/sermons/:id",status_code="200"}',
      ),
    ).toBe(3);
    // No address in any label: not the ids, not the unknown paths.
    for (const address of [one.id, two.id, "no-such-thing", "no-such-page"]) expect(text).not.toContain(address);
  });

  it("shows the event-loop lag, the heap and the database pool", async () => {
    const text = await scrape();
    for (const name of [
      "nodejs_eventloop_lag_seconds",
      "nodejs_eventloop_lag_p99_seconds",
      "nodejs_heap_size_used_bytes",
      "nodejs_heap_size_total_bytes",
      "process_resident_memory_bytes",
    ]) {
      expect(seriesValue(text, name), name).toBeGreaterThanOrEqual(0);
    }
    expect(seriesValue(text, "nodejs_heap_size_used_bytes")).toBeGreaterThan(0);
    const pool = t.db.$client;
    const total = seriesValue(text, 'fellowship_db_pool_connections{state="total"}');
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(pool.options.max ?? 10);
    expect(seriesValue(text, 'fellowship_db_pool_connections{state="idle"}')).toBeLessThanOrEqual(total ?? 0);
    expect(seriesValue(text, "fellowship_db_pool_waiting")).toBe(0);
  });

  it("shows the job queue by task and state: queued mail waits, then is gone once sent", async () => {
    await t.app.mailer.flush();
    const c = await createChurch(t.app);
    const before = seriesValue(await scrape(), 'fellowship_jobs{task="mail",state="waiting"}') ?? 0;
    await invite(c.admin, uniqueEmail("invited"));
    await invite(c.admin, uniqueEmail("invited"));
    expect(seriesValue(await scrape(), 'fellowship_jobs{task="mail",state="waiting"}')).toBe(before + 2);
    await t.app.mailer.flush();
    expect(seriesValue(await scrape(), 'fellowship_jobs{task="mail",state="waiting"}')).toBe(0);
  });

  it("shows the live viewers connected to this process", async () => {
    const c = await createChurch(t.app);
    const m = await addMember(t.app, c);
    const start = await c.admin.post("/api/live-stream/start", { title: "Live", recordingEnabled: false });
    expect(start.status, JSON.stringify(start.body)).toBe(201);
    const url = await socketUrl(t.app);
    const first = await joinLive(url, c.admin.cookie, start.body.eventId);
    const second = await joinLive(url, m.cookie, start.body.eventId);
    // The first viewer is told 2 only by the heartbeat, once it has written this process's count (a
    // joiner is told the count at once, before any heartbeat).
    await first.next("viewer_count", (f) => f.count === 2);
    const text = await scrape();
    expect(seriesValue(text, "fellowship_live_viewers")).toBe(2);
    expect(seriesValue(text, "fellowship_live_events")).toBe(1);
    first.ws.close();
    second.ws.close();
  });

  it("holds nothing of any church: no names, email addresses or ids", async () => {
    const c = await createChurch(t.app, "Grace Chapel of Metricsville");
    const member = await addMember(t.app, c, "CONGREGANT", "Bartholomew");
    await createSermon(c.admin, { title: "Sermon Zebedee", speaker: "Speaker Quintus" });
    await invite(c.admin, "waiting.person@example.org");
    const text = await scrape();
    for (const secret of [
      "Metricsville",
      "Bartholomew",
      "Zebedee",
      "Quintus",
      c.church.id,
      c.admin.user.id,
      member.user.id,
      c.admin.user.email,
      member.user.email,
      "waiting.person",
      TOKEN,
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toMatch(/@/);
  });

  it("is not rate limited, not counted among the app's requests, and its token never reaches the log", async () => {
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({ method: "GET", url: "/metrics", headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.headers["x-ratelimit-limit"]).toBeUndefined();
    }
    const refused = await t.app.inject({ method: "GET", url: "/metrics" });
    expect(refused.headers["x-ratelimit-limit"]).toBeUndefined();
    // An /api answer carries the limit; /metrics does not.
    expect((await t.app.inject({ method: "GET", url: "/api/auth/user" })).headers["x-ratelimit-limit"]).toBeDefined();
    const text = await scrape();
    expect(text).not.toMatch(/route="\/metrics"/);
    const lines = logLines.filter((l) => l.includes('"/metrics"'));
    expect(lines.length).toBeGreaterThan(0);
    for (const line of logLines) expect(line).not.toContain(TOKEN);
  });

  it("is described in the API document: its text answer, 401 and 404, outside the rate limits", async () => {
    const doc = (await new Caller(t.app).get("/api/openapi.json")).body;
    const op = doc.paths["/metrics"]?.get;
    expect(op).toBeDefined();
    expect(op.tags).toEqual(["Operations"]);
    expect(Object.keys(op.responses).sort()).toEqual(["200", "401", "404"]);
    expect(op.responses["200"].content["text/plain"].schema).toEqual({ type: "string" });
    expect(op.responses["401"].content["application/json"].schema).toEqual({ $ref: "#/components/schemas/ApiError" });
  });
});

describe("apps in one process", () => {
  it("keep their own counts", async () => {
    const other = await createTestApp({ METRICS_TOKEN: TOKEN });
    for (let i = 0; i < 4; i++) await other.app.inject({ method: "GET", url: "/healthz" });
    const res = await other.app.inject({
      method: "GET",
      url: "/metrics",
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(
      seriesValue(res.body, 'http_request_duration_seconds_count{method="GET",route="/healthz",status_code="200"}'),
    ).toBe(4);
    expect(
      seriesValue(
        await scrape(),
        'http_request_duration_seconds_count{method="GET",route="/healthz",status_code="200"}',
      ),
    ).toBeUndefined();
  });
});

describe("a database that does not answer", () => {
  it("leaves the queue's series out of the scrape and shows the viewers as unknown (NaN); the rest still answers", async () => {
    const db = createDb(t.dbUrl, { max: 2 });
    const app = await buildApp({ config: t.config, db, logger: false, serveClient: false, runJobs: false });
    await app.ready();
    // Its connections gone: as when the database server is down.
    await db.$client.end();
    try {
      const res = await app.inject({ method: "GET", url: "/metrics", headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(200);
      expect(seriesValue(res.body, "nodejs_heap_size_used_bytes")).toBeGreaterThan(0);
      expect(res.body).not.toMatch(/^fellowship_jobs\{/m);
      expect(seriesValue(res.body, "fellowship_live_viewers")).toBeNaN();
    } finally {
      await app.close().catch(() => {});
    }
  });
});
