import { beforeAll, describe, expect, it } from "vitest";
import { Caller, createTestApp, TEST_APP_SECRET, type TTestApp } from "../../test/app";
import { createTestDb } from "../../test/db";
import { buildApp } from "../app";
import { loadConfig } from "../config";

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});

describe("every /api route declares who may call it (safe by default)", () => {
  it("walks the registered routes: none under /api is left without a declaration", async () => {
    const routes = t.app.routeAccess;
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.filter((r) => !r.access)).toEqual([]);
    // The public ones are the few a signed-out visitor needs (the church's public page and its
    // "Request an invitation" form among them, and the privacy page an invitation links to; issue 29:
    // an e-mail's one-click unsubscribe and a notification e-mail's signed button).
    const open = routes.filter((r) => r.access === "public").map((r) => `${r.method} ${r.url}`);
    expect(
      open.every((r) =>
        /\/api\/(login|callback|logout|auth\/|invite\/:token(\/privacy)?$|sermons\/:id$|feeds\/|unsubscribe$|notifications\/:id\/email-open$|churches\/:id\/logo|public\/churches\/:slug(\/invitation-requests)?$|openapi\.json$)/.test(
          r,
        ),
      ),
      open.join("\n"),
    ).toBe(true);
  });

  it("refuses to start with a route that declares nothing", async () => {
    const db = await createTestDb();
    const app = await buildApp({
      config: loadConfig({ LOG_LEVEL: "silent", APP_SECRET: TEST_APP_SECRET }),
      db: db.db,
      logger: false,
      serveClient: false,
    });
    try {
      expect(() => app.get("/api/forgotten", async () => ({ secret: true }))).toThrow(
        /GET \/api\/forgotten does not declare who may call it/,
      );
    } finally {
      await app.close();
      await db.drop();
    }
  });

  it("an unknown /api address still answers 404, not 403", async () => {
    const res = await new Caller(t.app).get("/api/no-such-thing");
    expect(res.status).toBe(404);
  });
});
