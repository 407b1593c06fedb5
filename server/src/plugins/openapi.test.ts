import { ZApiError } from "@common/errors";
import { Validator } from "@seriousme/openapi-schema-validator";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { Caller, createTestApp, TEST_APP_SECRET, type TTestApp } from "../../test/app";
import { createTestDb } from "../../test/db";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { checkAnswer } from "./openapi-answers";

type TOperation = {
  summary?: string;
  tags?: string[];
  security?: unknown[];
  "x-access"?: string;
  parameters?: { in: string; name: string }[];
  requestBody?: unknown;
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
};
type TDocument = { openapi: string; paths: Record<string, Record<string, TOperation>>; components: any };

let t: TTestApp;
let doc: TDocument;
/** Every route as registered, collected by an onRoute hook of the app's own (plugins/auth.ts). */
let routes: { method: string; url: string; access: string | undefined }[];

beforeAll(async () => {
  t = await createTestApp();
  const res = await new Caller(t.app).get("/api/openapi.json");
  expect(res.status).toBe(200);
  doc = res.body;
  routes = t.app.routeAccess.filter((r) => r.method !== "HEAD");
});

const toPath = (url: string) => url.replace(/:(\w+)/g, "{$1}");

describe("GET /api/openapi.json", () => {
  it("is a valid OpenAPI 3.1 document whose references all resolve", async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
    expect(() => validator.resolveRefs()).not.toThrow();
    expect(doc.components.schemas.ApiError).toMatchObject({ type: "object", required: ["message"] });
  });

  it("describes every /api route: parameters, body, its answers and who may call it", () => {
    expect(routes.length).toBeGreaterThan(90);
    const problems: string[] = [];
    for (const route of routes) {
      const name = `${route.method} ${route.url}`;
      const op = doc.paths[toPath(route.url)]?.[route.method.toLowerCase()];
      if (!op) {
        problems.push(`${name} is missing`);
        continue;
      }
      const statuses = Object.keys(op.responses);
      const success = statuses.filter((s) => /^[23]/.test(s));
      if (success.length === 0) problems.push(`${name} has no success answer`);
      for (const s of success) {
        const answer = op.responses[s];
        // An answer with a body says what it is; 204, 302, 303 and 304 have none.
        if (!answer.content && !["204", "302", "303", "304"].includes(s))
          problems.push(`${name} ${s} has no body schema`);
      }
      if (!op.responses["429"]) problems.push(`${name} lacks 429`);
      if (route.access !== "public" && !op.responses["401"]) problems.push(`${name} lacks 401`);
      if (op["x-access"] !== route.access) problems.push(`${name} says access ${op["x-access"]}`);
      if ((route.access === "public") !== (op.security === undefined)) problems.push(`${name} security is wrong`);
      for (const param of route.url.match(/:(\w+)/g) ?? []) {
        if (!op.parameters?.some((p) => p.in === "path" && p.name === param.slice(1)))
          problems.push(`${name} lacks the path parameter ${param}`);
      }
      if (!op.summary || !op.tags?.length) problems.push(`${name} has no summary or tag`);
    }
    expect(problems).toEqual([]);
  });

  it("gives every error answer the one shared error shape", () => {
    const login = doc.paths["/api/auth/login"].post;
    expect(login.responses["400"].content?.["application/json"].schema).toEqual({
      $ref: "#/components/schemas/ApiError",
    });
    expect(login.requestBody).toMatchObject({
      content: { "application/json": { schema: { required: ["email", "password"] } } },
    });
    // A body the client may leave out (the spec's "mark answered" sends none) is not required.
    expect(doc.paths["/api/prayer-requests/{id}/answered"].patch.requestBody).toMatchObject({ required: false });
    expect(doc.paths["/api/churches/{id}/logo"].get.responses["200"].content?.["image/png"].schema).toEqual({
      type: "string",
      contentMediaType: "image/png",
    });
    const members = doc.paths["/api/admin/members"].get;
    expect(members["x-access"]).toBe("admin");
    expect(Object.keys(members.responses)).toEqual(expect.arrayContaining(["200", "401", "403", "429"]));
    expect(members.responses["200"].content?.["application/json"].schema).toMatchObject({
      type: "array",
      items: { $ref: "#/components/schemas/Member" },
    });
  });

  it("leaves out the app's pages and files: only the API (and the health checks)", () => {
    expect(Object.keys(doc.paths).every((p) => p.startsWith("/api/") || ["/healthz", "/readyz"].includes(p))).toBe(
      true,
    );
  });
});

describe("the API reference page", () => {
  it("loads with its scripts and styles served by this app, under the page's own content policy", async () => {
    const as = new Caller(t.app);
    const page = await as.get("/api-docs");
    expect(page.status).toBe(200);
    expect(page.headers["content-type"]).toMatch(/text\/html/);
    expect(page.headers["content-security-policy"]).toMatch(/script-src 'self'(;|$)/);
    const assets = [...String(page.body).matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(assets.length).toBeGreaterThanOrEqual(4);
    for (const asset of assets) {
      expect(asset, "no outside address").toMatch(/^\/api-docs\//);
      const res = await as.get(asset);
      expect(res.status, asset).toBe(200);
    }
    const spec = await as.get("/api-docs/json");
    expect(spec.status).toBe(200);
    expect(spec.body.paths["/api/auth/login"]).toBeDefined();
  });
});

describe("the answer check that the test suite runs on every /api answer", () => {
  const route = {
    method: "GET",
    url: "/api/things/:id",
    schema: { params: z.object({ id: z.uuid() }), response: { 200: z.object({ id: z.string(), n: z.number() }) } },
    config: { access: "member" },
  };
  const json = "application/json; charset=utf-8";

  it("passes an answer exactly as documented, and the errors of the route's kind", () => {
    expect(checkAnswer(route, 200, json, JSON.stringify({ id: "a", n: 1 }))).toBeNull();
    expect(checkAnswer(route, 404, json, JSON.stringify({ message: "Not found" }))).toBeNull();
    expect(ZApiError.safeParse({ message: "x", errors: [{ path: "a", message: "b" }] }).success).toBe(true);
  });

  it("catches a field more or less, a wrong type, an undocumented status or content type", () => {
    expect(checkAnswer(route, 200, json, JSON.stringify({ id: "a", n: 1, secret: "x" }))).toMatch(
      /\.secret is sent but not documented/,
    );
    expect(checkAnswer(route, 200, json, JSON.stringify({ id: "a" }))).toMatch(/n/);
    expect(checkAnswer(route, 200, json, JSON.stringify({ id: 1, n: 1 }))).toMatch(/id/);
    expect(checkAnswer(route, 409, json, JSON.stringify({ message: "Conflict" }))).toMatch(/409 is not documented/);
    expect(checkAnswer(route, 200, "text/plain", "hello")).toMatch(/JSON answer is documented/);
    // Members-only routes never answer 400 without a body or query: not documented, so caught.
    expect(checkAnswer(route, 400, json, JSON.stringify({ message: "Bad" }))).toMatch(/400 is not documented/);
  });
});

describe("answers with a response schema", () => {
  /** An app with one route whose answer carries a field its schema does not name. */
  async function appWithLoose(checkAnswers: boolean) {
    const db = await createTestDb();
    const app = await buildApp({
      config: loadConfig({ LOG_LEVEL: "silent", APP_SECRET: TEST_APP_SECRET }),
      db: db.db,
      logger: false,
      serveClient: false,
      checkAnswers,
    });
    app.get(
      "/api/loose",
      { config: { access: "public" }, schema: { response: { 200: z.object({ a: z.string() }) } } },
      async () => ({ a: "x", b: 1 }),
    );
    await app.ready();
    const close = async () => {
      await app.close();
      await db.drop();
    };
    return { app, close };
  }

  it("are sent as they are, unchecked and unchanged, when not under test (production)", async () => {
    const { app, close } = await appWithLoose(false);
    try {
      const res = await app.inject({ method: "GET", url: "/api/loose" });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('{"a":"x","b":1}');
    } finally {
      await close();
    }
  });

  it("fail loudly under test when they differ from their description", async () => {
    const { app, close } = await appWithLoose(true);
    try {
      const res = await app.inject({ method: "GET", url: "/api/loose" });
      expect(res.statusCode).toBe(500);
    } finally {
      await close();
    }
  });
});
