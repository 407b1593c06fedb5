import path from "node:path";
import { z } from "zod";

/** The environment, parsed once (STYLE.md habit 7: only this file reads process.env). */
const ZEnv = z.object({
  NODE_ENV: z.string().default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.string().optional(),
  // Issue 30: straight to PostgreSQL when DATABASE_URL goes through a transaction pooler (PgBouncer).
  DATABASE_DIRECT_URL: z.string().optional(),
  APP_URL: z.string().optional(),
  APP_SECRET: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Fellowship <no-reply@fellowship.local>"),
  OIDC_ISSUER: z.string().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_NAME: z.string().default("Single Sign-On"),
  OIDC_ALLOW_INSECURE: z.string().optional(),
  RATE_LIMIT_PER_HOUR: z.coerce.number().int().min(0).default(10_000),
  INVITATION_EMAILS_PER_DAY: z.coerce.number().int().min(1).default(500),
  // Issue 23: invitation e-mails of the whole install in 24 hours, across churches.
  INVITATION_EMAILS_PER_DAY_TOTAL: z.coerce.number().int().min(1).default(5000),
  // Issue 23: live sockets (`/ws`). Open sockets per member and per address (an IPv6 /64 is one
  // address), upgrades per address per minute, and client frames per socket in 10 seconds.
  WS_SOCKETS_PER_MEMBER: z.coerce.number().int().min(1).default(10),
  WS_SOCKETS_PER_ADDRESS: z.coerce.number().int().min(1).default(50),
  WS_UPGRADES_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  WS_FRAMES_PER_10_SECONDS: z.coerce.number().int().min(1).default(20),
  LOG_LEVEL: z.string().default("info"),
  // Issue 24: unset, readable lines in a terminal and JSON lines when the output goes elsewhere.
  LOG_FORMAT: z.enum(["pretty", "json", ""]).optional(),
  TRUST_PROXY: z.string().optional(),
  // Providers' base addresses (issue 12): production defaults; tests point them at local stand-ins.
  PLANNING_CENTER_API_URL: z.string().default("https://api.planningcenteronline.com"),
  /** `{dc}` is the data centre a Mailchimp key ends with (`-us21`). */
  MAILCHIMP_API_URL: z.string().default("https://{dc}.api.mailchimp.com"),
  /** `{subdomain}` is the church's CCB subdomain. */
  CCB_API_URL: z.string().default("https://{subdomain}.ccbchurch.com"),
  // Automatic backups (issue 15): every N hours (0 = off), the newest BACKUP_KEEP files kept.
  BACKUP_INTERVAL_HOURS: z.coerce.number().min(0).default(24),
  BACKUP_KEEP: z.coerce.number().int().min(1).default(7),
  BACKUP_DIR: z.string().optional(),
  /** `GET /metrics` answers only with `Authorization: Bearer <this>`; unset, it answers 404. */
  METRICS_TOKEN: z.string().optional(),
});

export type TConfig = {
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * Straight to PostgreSQL, for what needs a session of its own: LISTEN (the cache bus, the job
   * queue's wake-ups), the job queue's connections (session advisory locks), migrations and backups.
   * Unset: DATABASE_URL serves for everything. Ignored without DATABASE_URL (the embedded database).
   */
  databaseDirectUrl: string | undefined;
  appUrl: string | undefined;
  /** Where links in e-mails and the sign-in callback point: APP_URL, else this machine's own port. */
  publicUrl: string;
  appSecret: string | undefined;
  /** Whether APP_SECRET came from the environment (not the file made in DATA_DIR): production integrations need it. */
  appSecretFromEnv: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  oidc: {
    issuer: string;
    clientId: string;
    clientSecret: string | undefined;
    name: string;
    allowInsecure: boolean;
  } | null;
  rateLimitPerHour: number;
  /** Invitation e-mails one church may send in 24 hours. */
  invitationEmailsPerDay: number;
  /** Invitation e-mails the whole install may send in 24 hours, across churches. */
  invitationEmailsPerDayTotal: number;
  /** `/ws` limits: open sockets per member and per address (IPv6 /64), upgrades per address per minute, frames per socket in 10 s. */
  sockets: { perMember: number; perAddress: number; upgradesPerMinute: number; framesPer10Seconds: number };
  logLevel: string;
  /** `pretty`: one readable line per entry (a terminal); `json`: one JSON object per line (a log collector). */
  logFormat: "pretty" | "json";
  /**
   * Which proxies' X-Forwarded-For to believe: false (none), a number of hops (the right-most
   * addresses, added by your own proxies) or a list of proxy addresses and ranges. Never `true`,
   * which would believe the left-most address, the one the client writes itself.
   */
  trustProxy: false | number | string;
  /** Providers' base addresses, from configuration only (never from a request). */
  integrationUrls: { planningCenter: string; mailchimp: string; ccb: string };
  /** Automatic backups: every `intervalHours` (0 = off), the newest `keep` kept in `dir`. */
  backup: { intervalHours: number; keep: number; dir: string };
  /** The bearer token `GET /metrics` asks for; undefined: no metrics are kept and the route answers 404. */
  metricsToken: string | undefined;
};

/** TRUST_PROXY: unset, `0` or `false` trust nothing; `N` trusts N hops (`true` means 1); else a list. */
export function parseTrustProxy(value: string | undefined): false | number | string {
  const v = value?.trim() ?? "";
  if (v === "" || v === "false" || v === "0") return false;
  if (v === "true") return 1;
  if (/^\d+$/.test(v)) return Number(v);
  return v
    .split(",")
    .map((a) => a.trim())
    .filter(Boolean)
    .join(",");
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): TConfig {
  const e = ZEnv.parse(env);
  const dataDir = path.resolve(e.DATA_DIR || "./data");
  return {
    isProduction: e.NODE_ENV === "production",
    port: e.PORT,
    host: e.HOST,
    // An empty DATA_DIR (a variable set to nothing) means the default, not the current folder.
    dataDir,
    databaseUrl: e.DATABASE_URL || undefined,
    databaseDirectUrl: (e.DATABASE_URL && e.DATABASE_DIRECT_URL) || undefined,
    appUrl: e.APP_URL ? e.APP_URL.replace(/\/+$/, "") : undefined,
    // Never the request's Host header: a forged Host would put an attacker's address in a reset link.
    publicUrl: e.APP_URL ? e.APP_URL.replace(/\/+$/, "") : `http://localhost:${e.PORT}`,
    appSecret: e.APP_SECRET || undefined,
    appSecretFromEnv: Boolean(e.APP_SECRET),
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    oidc:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID
        ? {
            issuer: e.OIDC_ISSUER,
            clientId: e.OIDC_CLIENT_ID,
            clientSecret: e.OIDC_CLIENT_SECRET,
            name: e.OIDC_NAME,
            allowInsecure: e.OIDC_ALLOW_INSECURE === "1" || e.OIDC_ALLOW_INSECURE === "true",
          }
        : null,
    rateLimitPerHour: e.RATE_LIMIT_PER_HOUR,
    invitationEmailsPerDay: e.INVITATION_EMAILS_PER_DAY,
    invitationEmailsPerDayTotal: e.INVITATION_EMAILS_PER_DAY_TOTAL,
    sockets: {
      perMember: e.WS_SOCKETS_PER_MEMBER,
      perAddress: e.WS_SOCKETS_PER_ADDRESS,
      upgradesPerMinute: e.WS_UPGRADES_PER_MINUTE,
      framesPer10Seconds: e.WS_FRAMES_PER_10_SECONDS,
    },
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT || (process.stdout.isTTY ? "pretty" : "json"),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    integrationUrls: {
      planningCenter: e.PLANNING_CENTER_API_URL.replace(/\/+$/, ""),
      mailchimp: e.MAILCHIMP_API_URL.replace(/\/+$/, ""),
      ccb: e.CCB_API_URL.replace(/\/+$/, ""),
    },
    backup: {
      intervalHours: e.BACKUP_INTERVAL_HOURS,
      keep: e.BACKUP_KEEP,
      dir: e.BACKUP_DIR ? path.resolve(e.BACKUP_DIR) : path.join(dataDir, "backups"),
    },
    metricsToken: e.METRICS_TOKEN || undefined,
  };
}
