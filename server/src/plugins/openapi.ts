import fs from "node:fs";
import path from "node:path";
import { ZActionStep } from "@common/action-steps";
import { ZAuthUser } from "@common/auth";
import { ZChurch, ZChurchSettings } from "@common/churches";
import { ZApiError } from "@common/errors";
import { ZEvent } from "@common/events";
import { ZHighlight } from "@common/highlights";
import { ZIntegration, ZIntegrationWithSecret } from "@common/integrations";
import { ZInvitation } from "@common/invitations";
import { ZKudos, ZPendingKudos } from "@common/kudos";
import { ZLiveEvent, ZLiveMessage, ZLiveStream } from "@common/live";
import { ZMember } from "@common/members";
import { ZNotification } from "@common/notifications";
import { ZPrayerRequest } from "@common/prayer";
import { ZSermon } from "@common/sermons";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest, RouteOptions } from "fastify";
import fp from "fastify-plugin";
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from "fastify-type-provider-zod";
import { z } from "zod";
import { ROOT } from "../paths";
import { SESSION_COOKIE, type TAccess } from "./auth";
import { apiSchemas, checkAnswer, describeAccess, describeStatus, getResponses } from "./openapi-answers";

/** The OpenAPI 3.1 document of every /api route, public: an API's shape is no secret. */
export const OPENAPI_PATH = "/api/openapi.json";
/** The reference page (Swagger UI, served from this app: no outside address, as self-hosted churches may have none). */
export const REFERENCE_PATH = "/api-docs";

// The schemas named in the document's components (the rest are written out where they are used).
// A schema is named only by identity: a route must use the very object registered here.
apiSchemas.add(ZApiError, {
  id: "ApiError",
  description: "An error answer: `message`, and for 400 each field's problem.",
});
for (const [schema, id] of [
  [ZAuthUser, "User"],
  [ZMember, "Member"],
  [ZChurch, "Church"],
  [ZChurchSettings, "ChurchSettings"],
  [ZInvitation, "Invitation"],
  [ZSermon, "Sermon"],
  [ZHighlight, "Highlight"],
  [ZEvent, "Event"],
  [ZLiveEvent, "LiveEvent"],
  [ZLiveStream, "LiveStream"],
  [ZLiveMessage, "LiveMessage"],
  [ZPrayerRequest, "PrayerRequest"],
  [ZActionStep, "ActionStep"],
  [ZKudos, "Kudos"],
  [ZPendingKudos, "PendingKudos"],
  [ZNotification, "Notification"],
  [ZIntegration, "Integration"],
  [ZIntegrationWithSecret, "IntegrationWithSecret"],
] as const) {
  apiSchemas.add(schema, { id });
}

const INTRO = `The HTTP API of this Fellowship server: the same calls its web app makes.

**Signing in.** \`POST /api/auth/login\` (or \`/api/auth/register\`) answers with a session cookie,
\`${SESSION_COOKIE}\` (HttpOnly, SameSite=Lax); send it with every later call. Each operation says who may
call it: *public* (anyone), *user* (signed in), *member* (signed in and belonging to a church: every
answer is about that church only; another church's id answers 404) or *admin* (the church's ADMIN or
SUPER_ADMIN; others get 403).

**Cross-site requests.** A request that changes something (POST, PUT, PATCH, DELETE) whose \`Origin\`
names another site is refused with 403.

**Bodies and answers.** Request bodies are JSON (\`Content-Type: application/json\`); anything else is
refused with 415. Dates are ISO 8601 strings; lists are JSON arrays. Errors are
\`{"message": "..."}\`, and a 400 adds \`errors\`: \`[{"path": "field", "message": "..."}]\`.

**Rate limits.** Every /api address is limited per client address per hour, an IPv6 client counted by
its /64 network (429 with \`Retry-After\`); failed sign-ins, kudos and prayer requests have stricter limits.

**Live updates.** The live-stream chat and notifications also arrive over a WebSocket at \`/ws\`
(same session cookie, same-site Origin only), which this document does not describe.`;

/**
 * The reference page's own touches: no Authorize bar ("Try it out" is off, so it would do nothing),
 * no empty Links column, and room for the answers on a phone.
 */
const REFERENCE_CSS = `
.swagger-ui .scheme-container { display: none; }
.swagger-ui .response-col_links { display: none; }
.swagger-ui .info { margin: 32px 0 24px; }
@media (max-width: 600px) {
  .swagger-ui .wrapper { padding: 0 12px; }
  .swagger-ui .opblock .opblock-section-header, .swagger-ui .opblock-description-wrapper,
  .swagger-ui .responses-wrapper .opblock-section-header, .swagger-ui .responses-inner { padding-left: 12px; padding-right: 12px; }
  .swagger-ui .responses-table .response-col_status { width: 3em; }
}
`;

/** The route schema a feature's routes are documented under (its tag). */
export function documentedAs<TOptions extends Record<string, unknown>>(
  tag: string,
  plugin: FastifyPluginAsync<TOptions>,
): FastifyPluginAsync<TOptions> {
  return async (app, opts) => {
    app.addHook("onRoute", (route: RouteOptions) => {
      route.schema = { ...route.schema, tags: route.schema?.tags ?? [tag] };
    });
    await app.register(plugin, opts);
  };
}

type TTransformInput = Parameters<ReturnType<typeof createJsonSchemaTransform>>[0] & {
  route: RouteOptions;
};

/** Outside /api, but described: load balancers, service managers and the metrics scraper call them. */
const HEALTH_PATHS = new Set(["/healthz", "/readyz", "/metrics"]);

const zodTransform = createJsonSchemaTransform({ schemaRegistry: apiSchemas, skipList: [] });
const zodTransformObject = createJsonSchemaTransformObject({ schemaRegistry: apiSchemas });

/** One operation: the zod schemas as JSON Schema, every answer (success and errors), and who may call it. */
function transform(input: TTransformInput) {
  const { route, url } = input;
  // The app's pages, static files and the socket are not the API; the health checks are for operators.
  if (!url.startsWith("/api/") && !HEALTH_PATHS.has(url)) return { schema: { hide: true }, url };
  const access = (route.config as { access?: TAccess } | undefined)?.access ?? "public";
  const schema = route.schema ?? {};
  const documented = {
    ...schema,
    summary: schema.summary ?? `${route.method} ${url}`,
    description: [describeAccess(access), schema.description].filter(Boolean).join("\n\n"),
    response: getResponses(route),
    ...(access === "public" ? {} : { security: [{ sessionCookie: [] }] }),
    "x-access": access,
  };
  const out = zodTransform({ ...input, schema: documented });
  const responses = (out.schema as { response?: Record<string, Record<string, unknown>> }).response ?? {};
  for (const [status, answer] of Object.entries(responses)) answer.description ??= describeStatus(status);
  return out;
}

/** The named schemas, without those no operation uses (the registry names every schema for input and output). */
function transformObject(doc: Parameters<typeof zodTransformObject>[0]) {
  const out = zodTransformObject(doc) as { paths?: unknown; components?: { schemas?: Record<string, unknown> } };
  const schemas = out.components?.schemas ?? {};
  const used = new Set<string>();
  const visit = (node: unknown): void => {
    if (!node || typeof node !== "object") return;
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === "$ref" && typeof value === "string" && value.startsWith("#/components/schemas/")) {
        const name = value.slice("#/components/schemas/".length);
        if (!used.has(name)) {
          used.add(name);
          visit(schemas[name]);
        }
      } else visit(value);
    }
  };
  visit(out.paths);
  for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
  // @fastify/swagger marks every body required; one that may be null (or left out) is not.
  type TBody = { required?: boolean; content?: Record<string, { schema?: { anyOf?: { type?: string }[] } }> };
  for (const operations of Object.values(
    (out.paths ?? {}) as Record<string, Record<string, { requestBody?: TBody }>>,
  )) {
    for (const { requestBody } of Object.values(operations)) {
      const body = requestBody?.content?.["application/json"]?.schema;
      if (requestBody && body?.anyOf?.some((branch) => branch.type === "null")) requestBody.required = false;
    }
  }
  return out as ReturnType<typeof zodTransformObject>;
}

/**
 * The OpenAPI document (`GET /api/openapi.json`) and the API reference page (`/api-docs`), made from
 * the routes' own zod schemas. Registered before the routes: @fastify/swagger collects them as they come.
 */
export const openapiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: { title: "Fellowship API", version: "1", description: INTRO },
      components: {
        securitySchemes: {
          sessionCookie: {
            type: "apiKey",
            in: "cookie",
            name: SESSION_COOKIE,
            description: "The session cookie that signing in (or registering) sets.",
          },
        },
      },
    },
    transform: transform as never,
    transformObject: transformObject as never,
  });

  let document: string | undefined;
  app.get(
    OPENAPI_PATH,
    {
      config: { access: "public" },
      schema: {
        tags: ["API description"],
        summary: "This document",
        description: "The OpenAPI 3.1 description of every /api operation. Its reference page is at /api-docs.",
        response: { 200: z.record(z.string(), z.unknown()) },
      },
    },
    async (_req, reply) => {
      document ??= JSON.stringify(app.swagger());
      return reply.type("application/json; charset=utf-8").send(document);
    },
  );

  const favicon = path.join(ROOT, "client/public/favicon.svg");
  await app.register(swaggerUi, {
    routePrefix: REFERENCE_PATH,
    // The plain layout: no bar for loading other documents.
    uiConfig: {
      layout: "BaseLayout",
      deepLinking: true,
      docExpansion: "list",
      defaultModelsExpandDepth: 0,
      displayRequestDuration: false,
      // Reading only: "Try it out" would send real requests with the reader's session.
      supportedSubmitMethods: [],
      validatorUrl: null,
    },
    theme: {
      title: "Fellowship API reference",
      css: [{ filename: "fellowship.css", content: REFERENCE_CSS }],
      ...(fs.existsSync(favicon)
        ? {
            favicon: [
              {
                filename: "favicon.svg",
                rel: "icon",
                type: "image/svg+xml",
                sizes: "any",
                content: fs.readFileSync(favicon),
              },
            ],
          }
        : {}),
    },
  });
});

/**
 * Answers are sent as JSON.stringify makes them, with a response schema or without (as before there
 * were any): the schemas describe the answers and never reshape them, and the hot reads pay nothing.
 */
export const serializeAsJson = () => (data: unknown) => JSON.stringify(data);

/**
 * Tests only: checks each /api answer against the route's documented answer for its status (the
 * bytes sent, after JSON serialisation or as pre-serialised), so the test suite proves the document:
 * a field more or less, a wrong type or an undocumented status answers 500 with the difference logged.
 */
export async function checkAnswerAgainstDocument(
  req: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  const route = req.routeOptions;
  if (!route.url?.startsWith("/api/") || req.method === "HEAD" || reply.statusCode >= 500) return payload;
  if (reply.getHeader("content-encoding")) return payload;
  const problem = checkAnswer(
    { method: req.method, url: route.url, schema: route.schema, config: route.config },
    reply.statusCode,
    String(reply.getHeader("content-type") ?? ""),
    payload,
  );
  if (problem) {
    const message = `${req.method} ${route.url} answered ${reply.statusCode} unlike its OpenAPI description: ${problem}`;
    // Seen in the test run's output: tests build the app without a logger.
    console.error(message);
    throw new Error(message);
  }
  return payload;
}
