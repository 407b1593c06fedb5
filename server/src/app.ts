import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import rateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyError, type FastifyInstance, type FastifyRequest, LogController } from "fastify";
import {
  hasZodFastifySchemaValidationErrors,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import type { TConfig } from "./config";
import { CHURCH_DATA } from "./data-kinds";
import type { TRootDb } from "./db/client";
import { actionStepsRoutes } from "./features/action-steps/action-steps.routes";
import { activitySubscribers } from "./features/admin/activity.subscribers";
import { adminRoutes } from "./features/admin/admin.routes";
import { memberActivitySubscribers } from "./features/admin/member-activity.subscribers";
import { analyticsRoutes } from "./features/analytics/analytics.routes";
import { announcementsRoutes } from "./features/announcements/announcements.routes";
import { auditRoutes } from "./features/audit/audit.routes";
import { authRoutes } from "./features/auth/auth.routes";
import { oidcRoutes } from "./features/auth/oidc.routes";
import { churchExportRoutes } from "./features/church-export/church-export.routes";
import { churchesRoutes } from "./features/churches/churches.routes";
import { digestPlugin } from "./features/digest/digest.jobs";
import { directoryRoutes } from "./features/directory/directory.routes";
import { eventsRoutes } from "./features/events/events.routes";
import { feedsRoutes } from "./features/feeds/feeds.routes";
import { groupMeetingsRoutes } from "./features/group-meetings/group-meetings.routes";
import { GroupHub } from "./features/group-thread/group-hub";
import { groupThreadRoutes } from "./features/group-thread/group-thread.routes";
import { groupThreadSubscribers } from "./features/group-thread/group-thread.subscribers";
import { groupsRoutes } from "./features/groups/groups.routes";
import { groupSubscribers } from "./features/groups/groups.subscribers";
import { highlightsRoutes } from "./features/highlights/highlights.routes";
import { integrationsRoutes, type TIntegrationsOptions } from "./features/integrations/integrations.routes";
import { integrationSubscribers } from "./features/integrations/integrations.subscribers";
import { invitationRequestsRoutes } from "./features/invitations/invitation-requests.routes";
import { invitationsRoutes } from "./features/invitations/invitations.routes";
import { memberImportRoutes } from "./features/invitations/member-import.routes";
import { kudosRoutes } from "./features/kudos/kudos.routes";
import { liveRoutes } from "./features/live/live.routes";
import type { TLive } from "./features/live/live.service";
import { LiveHub, type THubOptions } from "./features/live/live-hub";
import { LiveStateCache } from "./features/live/live-state";
import { memberDataRoutes } from "./features/member-data/member-data.routes";
import { memberErasureRoutes } from "./features/member-erasure/member-erasure.routes";
import { memberErasureSubscribers } from "./features/member-erasure/member-erasure.subscribers";
import { membersRoutes } from "./features/members/members.routes";
import { membersSubscribers } from "./features/members/members.subscribers";
import { announcementNotificationSubscribers } from "./features/notifications/announcement-notifications.subscribers";
import { groupMeetingNotificationSubscribers } from "./features/notifications/group-meeting-notifications.subscribers";
import { groupNotificationSubscribers } from "./features/notifications/group-notifications.subscribers";
import { groupThreadNotificationSubscribers } from "./features/notifications/group-thread-notifications.subscribers";
import { memberNotificationSubscribers } from "./features/notifications/member-notifications.subscribers";
import { defineNotificationJobs } from "./features/notifications/notifications.jobs";
import { notificationsRoutes } from "./features/notifications/notifications.routes";
import { notificationSubscribers } from "./features/notifications/notifications.subscribers";
import { prayerReplyNotificationSubscribers } from "./features/notifications/prayer-reply-notifications.subscribers";
import { onboardingRoutes } from "./features/onboarding/onboarding.routes";
import { onboardingSubscribers } from "./features/onboarding/onboarding.subscribers";
import { prayerPartnersRoutes } from "./features/prayer-partners/prayer-partners.routes";
import { prayerRepliesRoutes } from "./features/prayer-requests/prayer-replies.routes";
import { prayerRequestsRoutes } from "./features/prayer-requests/prayer-requests.routes";
import { privacyRoutes } from "./features/privacy/privacy.routes";
import { profileRoutes } from "./features/profile/profile.routes";
import { publicChurchRoutes } from "./features/public-church/public-church.routes";
import { pushRoutes } from "./features/push/push.routes";
import { PushService, type TPushOptions } from "./features/push/push.service";
import { pwaRoutes } from "./features/pwa/pwa.routes";
import { readingRoutes } from "./features/reading/reading.routes";
import { searchRoutes } from "./features/search/search.routes";
import { SermonListCache } from "./features/sermons/sermon-list-cache";
import { sermonsRoutes } from "./features/sermons/sermons.routes";
import { sermonSubscribers } from "./features/sermons/sermons.subscribers";
import { settingsRoutes } from "./features/settings/settings.routes";
import { userRoutes } from "./features/user/user.routes";
import { addressGroup } from "./lib/address-group";
import { CacheBus } from "./lib/cache-bus";
import { DomainEvents } from "./lib/domain-events";
import { AppError, type TErrorText } from "./lib/errors";
import { translateText, validationMessage } from "./lib/i18n";
import { Jobs } from "./lib/jobs";
import { createLogOutput, type TLogOutput } from "./lib/log-output";
import { Mailer } from "./lib/mail";
import { redactUrl, SecretBox, serializeErrorForLog } from "./lib/secrets";
import { UserCache } from "./lib/user-cache";
import { defineBackupJobs } from "./ops/backup.jobs";
import { CLIENT_DIR } from "./paths";
import { accessPlugin, authPlugin } from "./plugins/auth";
import { edgePlugin } from "./plugins/edge";
import { healthPlugin } from "./plugins/health";
import { answerClientError, answerFrameworkError, requestLogPlugin } from "./plugins/http-edge";
import { metricsPlugin } from "./plugins/metrics";
import { checkAnswerAgainstDocument, documentedAs, openapiPlugin, serializeAsJson } from "./plugins/openapi";
import { websocketPlugin } from "./plugins/websocket";

declare module "fastify" {
  interface FastifyInstance {
    config: TConfig;
    db: TRootDb;
    jobs: Jobs;
    domainEvents: DomainEvents;
    mailer: Mailer;
    secrets: SecretBox;
    cacheBus: CacheBus;
    userCache: UserCache;
    sermonListCache: SermonListCache;
    live: TLive;
    /** Issue 27: the group threads' socket rooms. */
    groupHub: GroupHub;
    push: PushService;
    backups: ReturnType<typeof defineBackupJobs>;
  }
}

/** PostgreSQL text cannot hold NUL characters: refuse them while parsing rather than fail later. */
function refuseNul(_key: string, value: unknown) {
  if (typeof value === "string" && value.includes("\0"))
    throw new AppError("BAD_REQUEST", "Text must not contain NUL characters.");
  return value;
}

export type TBuildOptions = {
  config: TConfig;
  db: TRootDb;
  logger?: boolean | object;
  /** Where log lines go (main.ts makes it before the database starts); by default standard output in LOG_FORMAT. */
  logOutput?: TLogOutput;
  serveClient?: boolean;
  /** The built client to serve; browser tests build their own copy. */
  clientDir?: string;
  /** How long a whole request (headers and body) may take; tests shorten it. */
  requestTimeoutMs?: number;
  /** false: jobs are queued but run only by `app.jobs.runDue()` (tests that read the queue). */
  runJobs?: boolean;
  /** The live stream's viewer heartbeat and socket pings; tests make them short. */
  live?: THubOptions;
  /** Web push; tests point it at a local push-service stand-in. */
  push?: TPushOptions;
  /** Integrations' outbound calls; tests point webhooks at a local receiver. */
  integrations?: TIntegrationsOptions;
  /**
   * Check every /api answer against its OpenAPI description (a mismatch answers 500). The test apps
   * turn it on (server/test/app.ts, e2e/harness.ts), so the whole test suite proves the document; off
   * by default, as in production, where answers are only JSON.stringify'd.
   */
  checkAnswers?: boolean;
};

/** Brotli quality for answers compressed per request (bench/RESULTS.md: the cost on the hot reads). */
export const JSON_BROTLI_QUALITY = 4;

/** A request that has not arrived whole in 30 s is answered 408 and its connection closed. */
export const REQUEST_TIMEOUT_MS = 30_000;

export async function buildApp(opts: TBuildOptions): Promise<FastifyInstance> {
  const { config, db } = opts;
  const ownStream = opts.logger !== false && !(typeof opts.logger === "object" && "stream" in opts.logger);
  const logOutput = ownStream ? (opts.logOutput ?? createLogOutput(config.logFormat)) : undefined;
  const requestTimeout = opts.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const app = Fastify({
    // A body or headers trickled a byte at a time must not hold a connection open for ever:
    // Node answers 408 once the request (or its headers) took too long, checked every few seconds,
    // and a connection silent for twice as long is closed.
    requestTimeout,
    connectionTimeout: requestTimeout * 2,
    http: {
      headersTimeout: Math.min(requestTimeout, 20_000),
      connectionsCheckingInterval: Math.min(5_000, Math.ceil(requestTimeout / 4)),
    },
    // One line per request (requestLogPlugin), not Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    logger:
      opts.logger === false
        ? false
        : {
            level: config.logLevel,
            // Written in the background (lib/log-output.ts): a request does not wait for its log line.
            // Tests pass their own stream through `opts.logger`.
            ...(logOutput ? { stream: logOutput.stream } : {}),
            ...(typeof opts.logger === "object" ? opts.logger : {}),
            // Request URLs go to the log with every token in them (invitation, reset,
            // verification, feed, sign-in code) replaced by "[redacted]".
            serializers: {
              err: serializeErrorForLog,
              req: (req: FastifyRequest) => ({
                method: req.method,
                url: redactUrl(req.url),
                host: req.host,
                remoteAddress: req.ip,
                remotePort: req.socket?.remotePort,
              }),
            },
          },
    // Fastify reads a bare hop count as "trust nothing"; a hop count is the operator's promise
    // that the app is reachable only through that many proxies of their own (README).
    trustProxy:
      typeof config.trustProxy === "number"
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    // On close, a request already on a kept-alive connection is served (with `Connection: close`)
    // instead of Fastify's 503, which a load balancer passes on as a failed request
    // (server/src/rolling-restart.test.ts); new connections are refused once the server stops listening.
    return503OnClosing: false,
    bodyLimit: 1024 * 1024,
    // Our ids and tokens never need more; longer paths are refused before any work.
    routerOptions: { maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // The API speaks JSON only: any other body type answers 415.
  app.removeContentTypeParser("text/plain");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_req, body, done) => {
    if ((body as string).trim() === "") return done(null, undefined);
    try {
      done(null, JSON.parse(body as string, refuseNul));
    } catch (err) {
      done(
        err instanceof AppError ? err : new AppError("BAD_REQUEST", "The request body is not valid JSON."),
        undefined,
      );
    }
  });
  app.setSerializerCompiler(serializeAsJson);

  app.decorate("config", config);
  app.decorate("db", db);
  if (!config.appSecret)
    throw new Error("buildApp needs config.appSecret (main.ts resolves it with resolveAppSecret).");
  app.decorate("secrets", new SecretBox(config.appSecret));
  // Background work (jobs.ts); each feature defines its tasks on it before the app is ready.
  app.decorate("jobs", new Jobs(db, { log: app.log }));
  app.decorate(
    "mailer",
    new Mailer(app.jobs, {
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      log: app.log,
      secrets: app.secrets,
      mailDir: path.join(config.dataDir, "mail"),
    }),
  );
  const cacheBus = new CacheBus(db, app.log);
  app.decorate("cacheBus", cacheBus);
  app.decorate("userCache", new UserCache(db, app.log, cacheBus));
  app.decorate("sermonListCache", new SermonListCache(db, cacheBus));
  const liveState = new LiveStateCache(db, cacheBus);
  app.decorate("live", { state: liveState, hub: new LiveHub(db, cacheBus, liveState, app.log, opts.live) });
  app.decorate("groupHub", new GroupHub(cacheBus, app.log));
  app.decorate("push", new PushService(db, app.secrets, app.log, opts.push));
  defineNotificationJobs(app.jobs, {
    db,
    hub: app.live.hub,
    push: app.push,
    log: app.log,
    mail: { mailer: app.mailer, secrets: app.secrets, publicUrl: config.publicUrl },
  });
  // What follows a change (lib/domain-events.ts): every feature's subscribers, wired here only.
  app.decorate("domainEvents", new DomainEvents(app.jobs, db, app.log, (topic, id) => cacheBus.publish(topic, id)));
  app.domainEvents.subscribe(...notificationSubscribers, ...activitySubscribers);
  app.domainEvents.subscribe(...memberActivitySubscribers, ...memberNotificationSubscribers, ...integrationSubscribers);
  app.domainEvents.subscribe(...onboardingSubscribers, ...sermonSubscribers);
  app.domainEvents.subscribe(...groupMeetingNotificationSubscribers);
  app.domainEvents.subscribe(...memberErasureSubscribers);
  app.domainEvents.subscribe(...membersSubscribers);
  app.domainEvents.subscribe(...prayerReplyNotificationSubscribers);
  app.domainEvents.subscribe(...groupSubscribers, ...groupNotificationSubscribers);
  app.domainEvents.subscribe(...groupThreadSubscribers(app.groupHub), ...groupThreadNotificationSubscribers);
  app.domainEvents.subscribe(...announcementNotificationSubscribers);
  // Automatic backups (issue 15): defined in every process, so whichever is free takes a run;
  // main.ts schedules them (test apps never do).
  app.decorate("backups", defineBackupJobs(app.jobs, { db, config: config.backup, log: app.log }));

  app.setErrorHandler(async (err: FastifyError, req, reply) => {
    // Messages are for people: in the caller's language (issue 26); paths and codes stay as they are.
    const language = await req.getLanguage();
    const say = (text: TErrorText) => translateText(language, text);
    if (err instanceof AppError) {
      const errors = err.errors?.map((e) => ({ path: e.path, message: say(e.message) }));
      return reply
        .headers(err.headers)
        .code(err.statusCode)
        .send({ message: say(err.text), ...(errors ? { errors } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      // A malformed id in the path names no row: that is a 404, like another church's id.
      if (err.validationContext === "params") return reply.code(404).send({ message: say("Not found") });
      const errors = err.validation.map((v) => ({
        path:
          String(v.instancePath ?? "")
            .replace(/^\//, "")
            .replace(/\//g, ".") ||
          err.validationContext ||
          "body",
        message: validationMessage(language, v),
      }));
      return reply.code(400).send({ message: errors[0]?.message ?? say("Invalid input"), errors });
    }
    // Data the database refuses (an invalid character or a value out of range) is bad input.
    const pgCode = (err as { code?: string; cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code;
    // A row deleted while this request used it (a foreign key no longer there): it is gone.
    if (pgCode === "23503") return reply.code(404).send({ message: say("Not found") });
    if (typeof pgCode === "string" && /^22[0-9A-Z]{3}$/.test(pgCode))
      return reply.code(400).send({ message: say("Invalid input.") });
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        status === 413
          ? say("The request is too large.")
          : status === 429
            ? say("Too many requests. Please slow down.")
            : say(err.message);
      return reply.code(status).send({ message });
    }
    req.log.error({ err }, "unhandled error");
    return reply.code(500).send({ message: say("Something went wrong on our side. Please try again.") });
  });

  // Lines still in the buffer are written before the process exits.
  app.addHook("onClose", async () => logOutput?.flushSync());
  await app.register(requestLogPlugin);
  // Before compression: the check reads the answer as sent.
  if (opts.checkAnswers) app.addHook("onSend", checkAnswerAgainstDocument);
  // Answers above 1 KB are compressed for clients that accept it (brotli at a quality that costs little
  // per request; lists served from a cache carry their own compressed copies). Request bodies are
  // never inflated: the API takes plain JSON only.
  app.addHook("onRoute", (route) => {
    route.decompress ??= false;
  });
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ["br", "gzip"],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: JSON_BROTLI_QUALITY } },
    zlibOptions: { level: 6 },
  });
  await app.register(cookie);
  // Security headers, the cross-site check and the general API limit, in one hook (plugins/edge.ts).
  await app.register(edgePlugin);
  // Only the routes with a limit of their own (`config.rateLimit`); the general one is edgePlugin's.
  await app.register(rateLimit, {
    global: false,
    max: config.rateLimitPerHour || 1,
    timeWindow: "1 hour",
    // Static files and the client shell are cheap and cached; only the API counts.
    allowList: (req) => !req.url.startsWith("/api/"),
    // An IPv6 subscriber holds a whole /64; counting each address alone would give it billions of budgets.
    keyGenerator: (req) => addressGroup(req.ip),
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      message: `Too many requests. Try again in ${Math.ceil(ctx.ttl / 60_000)} minutes.`,
    }),
  });
  await app.register(authPlugin);
  await app.register(accessPlugin);
  await app.register(websocketPlugin);

  // The API's description collects the routes registered after it.
  await app.register(openapiPlugin);
  await app.register(healthPlugin);
  app.health.addDetail("backup", app.backups.getStatus);
  // Operators' scrape (METRICS_TOKEN); its request timing hook sees every route, those registered before it too.
  await app.register(metricsPlugin);
  await app.register(documentedAs("Sign-in", authRoutes));
  await app.register(documentedAs("Sign-in", oidcRoutes));
  await app.register(documentedAs("Churches", churchesRoutes));
  await app.register(documentedAs("Invitations", invitationsRoutes));
  await app.register(documentedAs("Public page", publicChurchRoutes));
  await app.register(documentedAs("Public page", invitationRequestsRoutes));
  await app.register(documentedAs("Members", membersRoutes));
  await app.register(documentedAs("Member import and export", memberImportRoutes));
  await app.register(documentedAs("Church settings", settingsRoutes));
  // The church export reads the kinds of data each feature declares, composed in data-kinds.ts.
  await app.register(documentedAs("Church settings", churchExportRoutes), { data: CHURCH_DATA });
  await app.register(documentedAs("Church settings", auditRoutes));
  await app.register(documentedAs("Integrations", integrationsRoutes), opts.integrations ?? {});
  await app.register(documentedAs("Admin dashboard", adminRoutes));
  await app.register(documentedAs("Profile", userRoutes));
  // A member's own data reads the same declared kinds, filtered to the member (issue 28).
  await app.register(documentedAs("Profile", memberDataRoutes), { data: CHURCH_DATA });
  await app.register(documentedAs("Profile", memberErasureRoutes));
  await app.register(documentedAs("Profile", privacyRoutes));
  await app.register(pwaRoutes);
  await app.register(documentedAs("Sermons", sermonsRoutes));
  await app.register(documentedAs("Sermons", highlightsRoutes));
  await app.register(documentedAs("Events", eventsRoutes));
  await app.register(documentedAs("Live stream", liveRoutes));
  await app.register(documentedAs("Feeds", feedsRoutes));
  await app.register(documentedAs("Growth", actionStepsRoutes));
  await app.register(documentedAs("Prayer", prayerRequestsRoutes));
  await app.register(documentedAs("Prayer", prayerRepliesRoutes));
  await app.register(documentedAs("Prayer", prayerPartnersRoutes));
  await app.register(documentedAs("Growth", readingRoutes));
  await app.register(documentedAs("Profile", profileRoutes));
  await app.register(documentedAs("Onboarding and gamification", onboardingRoutes));
  await app.register(documentedAs("Admin dashboard", analyticsRoutes));
  await app.register(documentedAs("Kudos", kudosRoutes));
  await app.register(documentedAs("Notifications", notificationsRoutes));
  await app.register(documentedAs("Notifications", pushRoutes));
  await app.register(documentedAs("Search", searchRoutes));
  await app.register(documentedAs("Groups", groupMeetingsRoutes));
  await app.register(documentedAs("Directory", directoryRoutes));
  await app.register(documentedAs("Groups", groupsRoutes));
  await app.register(documentedAs("Groups", groupThreadRoutes));
  // The weekly e-mail digest (issue 29): its queue job, defined in every process; main.ts schedules it.
  await app.register(digestPlugin);
  await app.register(documentedAs("Announcements", announcementsRoutes));

  const clientDir = opts.clientDir ?? CLIENT_DIR;
  const serveClient = (opts.serveClient ?? true) && fs.existsSync(path.join(clientDir, "index.html"));
  if (serveClient) {
    // Loaded only where the client is served (tests and API-only processes pass serveClient: false).
    const { default: fastifyStatic } = await import("@fastify/static");
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      // The build writes .br and .gz copies of every text asset: sent by Accept-Encoding, with Vary.
      preCompressed: true,
      setHeaders(res, file) {
        // Vite puts a content hash in every asset name: they never change.
        if (file.includes(`${path.sep}assets${path.sep}`))
          res.header("cache-control", "public, max-age=31536000, immutable");
        else res.header("cache-control", "no-cache");
      },
    });
  }
  app.setNotFoundHandler(async (req, reply) => {
    if (req.method === "GET" && serveClient && !req.url.startsWith("/api/") && !path.extname(req.url.split("?")[0])) {
      // Client-side routes: the single-page app decides (including its own 404 screen).
      return reply.header("cache-control", "no-cache").sendFile("index.html");
    }
    return reply.code(404).send({ message: translateText(await req.getLanguage(), "Not found") });
  });

  app.addHook("onReady", async () => {
    await app.cacheBus.start();
    // The hourly sweep of expired mail (one job for all processes); due at once on a new install.
    await app.mailer.scheduleCleanup({ runAt: new Date(), preserve: true });
    if (opts.runJobs ?? true) await app.jobs.start();
    app.live.hub.start();
  });
  app.addHook("preClose", async () => {
    await app.live.hub.stop();
  });
  app.addHook("onClose", async () => {
    await app.jobs.stop();
    app.mailer.close();
    await app.cacheBus.stop();
  });
  return app;
}
