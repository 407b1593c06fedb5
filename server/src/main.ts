import path from "node:path";
import { loadConfig } from "./config";
import { startEmbeddedPostgres, type TEmbeddedPg } from "./db/embedded";
import { ensureDatabase, StartupError } from "./db/ensure-database";
import { refuseTransactionPooler } from "./db/pooler-check";
import { scheduleAuditRetention } from "./features/audit/audit-retention";
import { scheduleDigest } from "./features/digest/digest.jobs";
import { scheduleGroupMeetingReminders } from "./features/group-meetings/group-meeting-reminders";
import { scheduleLiveRetention } from "./features/live/live-retention";
import { scheduleRemovedMemberRetention } from "./features/member-erasure/removed-member-retention";
import { scheduleEmailFallback } from "./features/notifications/notification-email.jobs";
import { scheduleNotificationRetention } from "./features/notifications/notification-retention";
import { createLogOutput, createStartLogger } from "./lib/log-output";
import { readyMessage } from "./lib/ready-message";
import { resolveAppSecret } from "./lib/secrets";
import { scheduleWeekStart } from "./lib/week-start";

/** Writes the log lines still on their way (an exit does not wait for a write in the background). */
let flushLog = () => {};

/** Starts the database (embedded unless DATABASE_URL is set), applies migrations and listens. */
async function main() {
  // The web app's code (Fastify, Drizzle, the job queue and their packages) loads while PostgreSQL
  // starts: a restart answers sooner.
  const loading = Promise.all([
    import("./app"),
    import("./db/client"),
    import("./features/invitations/invitations.service"),
  ]);
  loading.catch(() => {});
  const config = loadConfig();
  config.appSecret = resolveAppSecret(config);
  // One output for every line of the process, in LOG_FORMAT: the database's start is logged too.
  const logOutput = createLogOutput(config.logFormat, { colour: process.stdout.isTTY });
  flushLog = logOutput.flushSync;
  const startLog = createStartLogger(logOutput, config.logLevel);
  let embedded: TEmbeddedPg | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres(config.dataDir, { log: (m) => startLog.info(m) });
    databaseUrl = embedded.url;
  } else {
    // Straight to PostgreSQL when DATABASE_URL is a pooler's: creating a database needs the server itself.
    await ensureDatabase(
      config.databaseDirectUrl ?? databaseUrl,
      config.databaseDirectUrl ? "DATABASE_DIRECT_URL" : "DATABASE_URL",
    );
    // Without a direct URL, DATABASE_URL must give each connection a session of its own (issue 30).
    if (!config.databaseDirectUrl) await refuseTransactionPooler(databaseUrl);
  }
  const [{ buildApp }, { createDb, migrateDb }, { sealLegacyInvitationTokens }] = await loading;
  const db = createDb(databaseUrl, { directUrl: config.databaseDirectUrl });
  try {
    await migrateDb(db);
  } catch (err) {
    // Refused (a failed migration, a newer database): the embedded PostgreSQL stops cleanly too.
    await db.$client.end().catch(() => {});
    await embedded?.stop();
    throw err;
  }
  const app = await buildApp({ config, db, logOutput });
  await sealLegacyInvitationTokens(db, app.secrets);
  if (!config.appSecretFromEnv)
    app.log.info(
      `APP_SECRET is not set: secrets in the database are sealed with the random secret kept in ${path.join(config.dataDir, "secrets", "app-secret")} (owner-only).${config.isProduction ? " In production, integrations are refused until APP_SECRET is set." : ""}`,
    );
  // In production a missing APP_URL is a mistake; on a first start the ready message explains it.
  if (!config.appUrl && config.isProduction)
    app.log.warn(`APP_URL is not set: links in emails point to ${config.publicUrl}`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // The load balancer sees /readyz fail at once and sends new requests elsewhere.
    app.health.markStopping();
    app.log.info(`${signal}: shutting down`);
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    // Requests in flight get 10 s to finish; then their connections are cut, so that the database
    // (the embedded PostgreSQL too) still stops cleanly within the 15 s.
    const cut = setTimeout(() => app.server.closeAllConnections(), 10_000);
    cut.unref();
    try {
      await app.close();
      await db.$client.end();
    } finally {
      await embedded?.stop();
      process.exit(0);
    }
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  try {
    await app.listen({ port: config.port, host: config.host });
    // The port actually bound (PORT=0 picks a free one).
    const address = app.server.address();
    const port = typeof address === "object" && address ? address.port : config.port;
    for (const line of readyMessage({ ...config, port })) app.log.info(line);
    logOutput.flush();
    // The next automatic backup (BACKUP_INTERVAL_HOURS; 0 removes a waiting one).
    await app.backups.schedule().catch((err) => app.log.error({ err }, "could not schedule automatic backups"));
    // The week-start job (lib/week-start.ts): one waiting run for all processes, its time kept.
    await scheduleWeekStart(app.db, { preserve: true }).catch((err) =>
      app.log.error({ err }, "could not schedule the week-start job"),
    );
    // The daily removal of audit entries past each church's retention (features/audit).
    await scheduleAuditRetention(app.db, { preserve: true }).catch((err) =>
      app.log.error({ err }, "could not schedule the audit retention job"),
    );
    // The daily removal of live chat messages and notifications past each church's retention (issue 28).
    await scheduleLiveRetention(app.db, { preserve: true }).catch((err) =>
      app.log.error({ err }, "could not schedule the live chat retention job"),
    );
    await scheduleNotificationRetention(app.db, { preserve: true }).catch((err) =>
      app.log.error({ err }, "could not schedule the notification retention job"),
    );
    // Unread notifications by e-mail after their church's delay (issue 29), every 5 minutes.
    await scheduleEmailFallback(app.db, { preserve: true }).catch((err) =>
      app.log.error({ err }, "could not schedule the e-mail fallback sweep"),
    );
    // The daily erasure of removed members past each church's retention (features/member-erasure).
    await scheduleRemovedMemberRetention(app.db, { preserve: true }).catch((err) =>
      app.log.error({ err }, "could not schedule the removed members' retention job"),
    );
    // Group meetings of tomorrow reminded to their members (features/group-meetings), every quarter hour.
    await scheduleGroupMeetingReminders(app.db, { preserve: true }).catch((err) =>
      app.log.error({ err }, "could not schedule the group meeting reminders"),
    );
    // The weekly e-mail digest (features/digest): looks every quarter hour for churches whose moment has come.
    await scheduleDigest(app.db, { preserve: true }).catch((err) =>
      app.log.error({ err }, "could not schedule the weekly digest"),
    );
  } catch (err) {
    app.log.error(err);
    await embedded?.stop();
    flushLog();
    process.exit(1);
  }
}

main().catch((err) => {
  flushLog();
  // A problem the operator can fix is one sentence; anything else keeps its stack for a bug report.
  console.error(err instanceof StartupError ? err.message : err);
  process.exit(1);
});
