/**
 * `npm run bench`: HTTP throughput of a few API endpoints, each against a bare node:http server
 * answering the same bytes from memory (the ceiling on this machine), measured with autocannon over
 * loopback in one run.
 *
 * 1. an embedded PostgreSQL in a fresh temp dir, one migrated database;
 * 2. the app as users run it, in a child process: `node scripts/start.mjs` (what `npm start` runs:
 *    it builds what is stale, then runs the compiled server), NODE_ENV=production, default log level;
 * 3. an admin registered through the API, then each case's `setup` (seed data);
 * 4. each case's response captured once (must be 200), served by bench/bare-server.ts in a child;
 * 5. per case: warm up + measure the app, then warm up + measure the bare server;
 * 6. what a phone downloads per page (scripts/check-bundle-budget.mjs), `npm start`'s second start
 *    and idle memory (bench/start-memory.ts), and Lighthouse on a phone profile (bench/lighthouse.ts);
 * 7. the live chat fan-out to 1,000-10,000 sockets on one and two app processes, against a bare `ws`
 *    server (bench/live-fanout.ts, which reads its own BENCH_LIVE_* settings);
 * 8. bulk work (bench/integrations.ts): a 5,000-row CSV import and a 5,000-person Planning Center
 *    sync from its local stand-in, timed with the app's memory sampled;
 * 9. `npm run backup` and `npm run restore` of 10,000 members, 5,000 sermons and 100,000 points rows
 *    (bench/backup.ts, its own databases);
 * 10. a member's own download and erasure (issue 28): 2,000 members, one with a year of activity
 *    (bench/member-data.ts, its own database and app).
 * 11. an urgent announcement to 5,000 members (issue 29): stored, and every e-mail at a local SMTP
 *    server (bench/announcement-send.ts, its own database, app and SMTP server).
 * 12. opt-in, BENCH_SOAK=1: the soak (issue 30, bench/soak.ts): 10,000 chat sockets, a message a
 *    second and steady HTTP reads for 10 minutes, the app's memory sampled every 10 s
 *    (BENCH_SOAK_SECONDS, BENCH_SOAK_SOCKETS, BENCH_SOAK_READS; alone: BENCH_SOAK=1 BENCH_ONLY=soak
 *    BENCH_SKIP=bundle,start,lighthouse).
 * 13. the hot reads as a member, from outside (issue 30, bench/hot-reads.ts): the current user, the
 *    stats, the step and the member dashboard's five calls at 200, 2,000 and 20,000 sermons, against
 *    the bare server, alternating; its own app as `npm start` runs it (part "hot-reads").
 * 14. a thousand churches (issue 30, bench/thousand-churches.ts, part "thousand churches"): a
 *    member's hot reads in a one-church database against 1,000 churches × 200 members, and the
 *    chat bus (bench/chat-bus.ts, part "chat bus"): messages a second across 4 app processes before
 *    delivery p99 passes 300 ms; each its own embedded PostgreSQL and apps (skip: "thousand", "chat-bus").
 * 15. list paging (issue 30, bench/list-paging.ts, part "list paging"): the first and a later page of
 *    the members and invitations lists at 10x and 100x rows against the bare server; its own embedded
 *    PostgreSQL and app (skip: "list-paging").
 *
 * Environment: BENCH_DURATION (s, default 10), BENCH_WARMUP (s, default 2), BENCH_CONNECTIONS
 * (default 50), BENCH_ONLY (run only cases whose name contains it; several
 * alternatives separated by "|"; the live part is named "live chat fan-out", the others "integrations"
 * "backup", "member-data", "announcement", "hot-reads" and "list paging"), BENCH_SKIP (parts to
 * leave out: bundle, start, lighthouse, live, integrations, backup, member-data, announcement, hot-reads, list-paging), BENCH_APP_NODE_ARGS (extra node flags for the app
 * children, the live part's too, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof").
 *
 * No thresholds: the machine is shared and noisy. The run fails only when a request errored, timed
 * out or answered non-2xx, since the figures are then meaningless.
 */

import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import autocannon, { type TAutocannonResult } from "autocannon";
import pg from "pg";
import { createDb, migrateDb } from "../server/src/db/client";
import { startEmbeddedPostgres, type TEmbeddedPg } from "../server/src/db/embedded";
import {
  formatBulkRows,
  INTEGRATIONS_PART,
  measureCsvImport,
  measurePlanningCenterSync,
  startSyncStandIn,
} from "./integrations";
import { formatLighthouseMarkdown, runLighthouse } from "./lighthouse";
import { formatLiveFanout, liveBudgetMs, measureLiveFanout } from "./live-fanout";
import { insertSearchSermons, SEARCH_SERMONS } from "./search-seed";
import { formatSoak, isSoakOn, runSoak, soakBudgetMs } from "./soak";
import { formatStartMemory, measureStartAndMemory } from "./start-memory";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const HOST = "127.0.0.1";

function envNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`);
  return n;
}

const DURATION = envNumber("BENCH_DURATION", 10);
const WARMUP = envNumber("BENCH_WARMUP", 2);
const CONNECTIONS = Math.round(envNumber("BENCH_CONNECTIONS", 50));
/** Alternatives separated by "|": a case runs when its name contains any of them. */
const ONLY = (process.env.BENCH_ONLY ?? "").split("|");
/** Parts to leave out: any of "bundle", "start", "lighthouse", "live", "integrations", "backup", "member-data" (comma-separated). */
const SKIP = new Set((process.env.BENCH_SKIP ?? "").split(",").map((p) => p.trim()));
const APP_NODE_ARGS = (process.env.BENCH_APP_NODE_ARGS ?? "").split(/\s+/).filter(Boolean);
const LIVE_PART = "live chat fan-out";
const BACKUP_PART = "backup and restore of 10,000 members, 5,000 sermons, 100,000 points";
const MEMBER_DATA_PART = "member-data: a member's download and erasure, a year of activity";
const ANNOUNCEMENT_PART = "announcement: an urgent announcement to 5,000 members by e-mail";
const HOT_READS_PART = "hot-reads: the current user, stats, the step and the member dashboard's calls";
const THOUSAND_PART = "thousand churches: a member's hot reads with 1,000 churches in one database";
const LIST_PAGING_PART = "list paging: a page of each list at 10x and 100x rows";
const CHAT_BUS_PART = "chat bus: messages a second across 4 app processes before p99 passes 300 ms";
const PASSWORD = "bench-password-1";

/** What a case's setup may use: the app, the signed-in admin, and the database directly. */
export type TBenchContext = {
  appUrl: string;
  /** `fellowship_session=...` of the church's admin. */
  cookie: string;
  adminId: string;
  churchId: string;
  /** Direct connection to the app's database, for quick bulk inserts. */
  db: pg.Pool;
};

export type TBenchCase = {
  name: string;
  /** GET path (with query string if any); requested with the admin's session cookie. */
  path: string;
  /** Connections for this case (default BENCH_CONNECTIONS); 1 measures one request at a time. */
  connections?: number;
  /** Request headers besides the session cookie (e.g. `accept-encoding`), sent to both servers. */
  headers?: Record<string, string>;
  /**
   * Seeds what the case needs; runs once, before any response is captured. It may answer another
   * session cookie to request the case with (another church's admin, say).
   */
  // biome-ignore lint/suspicious/noConfusingVoidType: most setups only seed, and an async function that returns nothing is Promise<void>.
  setup?: (ctx: TBenchContext) => Promise<void | { cookie: string; path?: string }>;
  /** Sanity check of the captured JSON body; returns an error message, or null when it is right. */
  check?: (body: unknown) => string | null;
};

const MEMBERS = 500;
const SERMONS = 2000;
const EVENTS = 200;

const GROWTH_MEMBERS = 2000;

/**
 * A second church for the growth cases (issue 8): 2,000 members and a year of ledger rows (readings
 * on two days in three, a second reading every sixth day, a sermon a fortnight, the weekly action
 * step every other week: about 470,000 rows), requested as its admin. Made once, shared by the cases.
 */
let growthChurch: Promise<{ cookie: string; churchId: string }> | undefined;
function seedGrowthChurch(ctx: TBenchContext): Promise<{ cookie: string; churchId: string }> {
  growthChurch ??= (async () => {
    const { cookie, churchId } = await signUpAdmin(ctx.appUrl, "growth");
    await ctx.db.query(
      `insert into users (email, first_name, last_name, role, church_id, created_at, last_active_at)
       select 'grower' || g || '@bench.example', 'First' || g, 'Last' || g, 'CONGREGANT', $1, now() - interval '400 days',
              now() - make_interval(days => g % 40)
       from generate_series(1, $2::int - 1) as g`,
      [churchId, GROWTH_MEMBERS],
    );
    await ctx.db.query(
      `insert into weekly_action_steps (church_id, week_of, title, description)
       select $1, (date_trunc('week', now() + interval '1 day') - interval '1 day')::date - 7 * w,
              'Step ' || w, 'Practise something good, week ' || w
       from generate_series(0, 51) as w`,
      [churchId],
    );
    await ctx.db.query(
      `with m as (select id, row_number() over (order by id) as n from users where church_id = $1),
            d as (select g as back, (now() - make_interval(days => g))::date as day from generate_series(0, 364) as g)
       insert into points_ledger (church_id, user_id, kind, key, points, created_at)
       select $1, m.id, 'bible_reading', d.day || ':Genesis 1', 10, d.day + interval '8 hours'
         from m cross join d where (m.n + d.back) % 3 <> 0
       union all
       select $1, m.id, 'bible_reading', d.day || ':Psalm 1', 10, d.day + interval '9 hours'
         from m cross join d where (m.n + d.back) % 6 = 0
       union all
       select $1, m.id, 'sermon_watch', 'sermon-' || d.back, 10, d.day + interval '12 hours'
         from m cross join d where (m.n + d.back) % 14 = 0
       union all
       select $1, m.id, 'action_step', s.id::text, 25, s.week_of + interval '2 days'
         from m cross join weekly_action_steps s
        where s.church_id = $1 and (m.n + extract(week from s.week_of)::int) % 2 = 0`,
      [churchId],
    );
    await ctx.db.query(
      `update users u set points = coalesce((select sum(points) from points_ledger l where l.user_id = u.id), 0)
        where church_id = $1`,
      [churchId],
    );
    await ctx.db.query("analyze points_ledger");
    return { cookie, churchId };
  })();
  return growthChurch;
}

const PRAYER_REQUESTS = 1000;
const PRAYER_MEMBER_EMAIL = "grower1@bench.example";

/**
 * One of the growth church's members (a congregant in it for 400 days), signed in: their password
 * is set to the admin's through SQL, then they sign in through the API. Made once.
 */
let growthMember: Promise<{ cookie: string; churchId: string; userId: string }> | undefined;
function signInGrowthMember(ctx: TBenchContext): Promise<{ cookie: string; churchId: string; userId: string }> {
  growthMember ??= (async () => {
    const { churchId } = await seedGrowthChurch(ctx);
    const { rows } = await ctx.db.query<{ id: string }>(
      `update users set password_hash = (select password_hash from users where email = 'admin@growth.example'),
              church_joined_at = now() - interval '400 days'
        where email = $1 returning id`,
      [PRAYER_MEMBER_EMAIL],
    );
    const { res } = await api(ctx.appUrl, "POST", "/api/auth/login", {
      email: PRAYER_MEMBER_EMAIL,
      password: PASSWORD,
    });
    const session = res.headers.getSetCookie().find((c) => c.startsWith("fellowship_session="));
    if (!session) throw new Error("login did not set the session cookie");
    return { cookie: session.split(";")[0], churchId, userId: rows[0].id };
  })();
  return growthMember;
}

/**
 * The growth church's prayer wall (issue 9): 1,000 requests over about a year, by its members (a
 * tenth of a percent of them the bench member's own): a fifth anonymous, one in eight answered (half
 * with a note), one in fifty hidden; about 5,000 "I prayed" rows by various members over the last 30
 * days, half of them on the newest 100 requests, a thirtieth today, and the bench member's own today
 * on a few of the newest. Requested as that member (who sees the requests not hidden and their own).
 */
async function seedPrayerWall(ctx: TBenchContext): Promise<{ cookie: string }> {
  const { cookie, churchId, userId } = await signInGrowthMember(ctx);
  await ctx.db.query(
    `with m as (select id, row_number() over (order by id) as n from users where church_id = $1 and role = 'CONGREGANT'),
          c as (select count(*)::int as k from m)
     insert into prayer_requests (church_id, author_id, title, description, is_anonymous, answered_at, answer_note, hidden_at, created_at)
     select $1, case when g % 100 = 3 then $3::uuid else m.id end, 'Prayer request ' || g,
            'Please pray for my family and for our church, request number ' || g || '. Thank you all.',
            g % 5 = 0,
            case when g % 8 = 1 then now() - make_interval(hours => ($2::int - g) * 4) end,
            case when g % 16 = 1 then 'Answered, thank you for praying.' end,
            case when g % 50 = 7 then now() - make_interval(hours => ($2::int - g) * 4) end,
            now() - make_interval(hours => ($2::int - g) * 8, mins => g % 60)
       from generate_series(1, $2::int) as g cross join c join m on m.n = 1 + (g * 37) % c.k`,
    [churchId, PRAYER_REQUESTS, userId],
  );
  await ctx.db.query(
    `with r as (select id, row_number() over (order by created_at desc, id desc) as n from prayer_requests where church_id = $1),
          m as (select id, row_number() over (order by id) as n from users where church_id = $1 and role = 'CONGREGANT'),
          c as (select count(*)::int as k from m),
          t as (select (now() at time zone time_zone)::date as today from churches where id = $1)
     insert into prayer_request_prayers (request_id, church_id, user_id, day, created_at)
     select r.id, $1, m.id, t.today - g % 30, now() - make_interval(days => g % 30)
       from generate_series(1, 5000) as g cross join c cross join t
       join r on r.n = case when g % 2 = 0 then 1 + g % 100 else 1 + (g * 7) % $2::int end
       join m on m.n = 1 + (g * 13) % c.k
     union all
     select r.id, $1, $3::uuid, t.today, now() from r cross join t where r.n in (2, 5, 9)
     on conflict do nothing`,
    [churchId, PRAYER_REQUESTS, userId],
  );
  // As autovacuum leaves them soon after: the counts are index-only scans.
  await ctx.db.query("vacuum analyze prayer_requests");
  await ctx.db.query("vacuum analyze prayer_request_prayers");
  return { cookie };
}

const MEMBER_NOTIFICATIONS = 200;
const APPROVED_KUDOS = 500;

/**
 * The bench member's notifications (issue 11): 200 over the last 100 days, of every kind, the newest
 * 30 unread; the church's other members have theirs too (20 each), so the member's are a slice of a
 * table of about 40,000 rows. Requested as that member.
 */
async function seedNotifications(ctx: TBenchContext): Promise<{ cookie: string }> {
  const { cookie, churchId, userId } = await signInGrowthMember(ctx);
  await ctx.db.query(
    `insert into notifications (church_id, user_id, type, kind, title, message, link, related_id, is_read, created_at)
     select $1::uuid, $2::uuid, 'sermon', 'sermon_published', 'New sermon', 'Sermon number ' || g || ' is ready to watch.',
            '/sermons', gen_random_uuid(), g > 30, now() - make_interval(hours => g * 12)
       from generate_series(1, $3::int) as g
     union all
     select $1::uuid, u.id, 'event', 'event_published', 'New event', 'Gathering number ' || g, '/events', gen_random_uuid(),
            g > 5, now() - make_interval(days => g * 5)
       from users u cross join generate_series(1, 20) as g where u.church_id = $1::uuid and u.id <> $2::uuid`,
    [churchId, userId, MEMBER_NOTIFICATIONS],
  );
  await ctx.db.query("vacuum analyze notifications");
  return { cookie };
}

/**
 * 500 approved kudos among the growth church's members over the last year (plus 20 pending, 5 of
 * them the bench member's own), each with a few reactions of various kinds by various members, a
 * tenth with the bench member's own. Requested as that member.
 */
async function seedKudos(ctx: TBenchContext): Promise<{ cookie: string }> {
  const { cookie, churchId, userId } = await signInGrowthMember(ctx);
  await ctx.db.query(
    `with m as (select id, row_number() over (order by id) as n from users where church_id = $1::uuid and id <> $3::uuid),
          c as (select count(*)::int as k from m)
     insert into kudos (church_id, from_user_id, to_user_id, type, category, title, message, status, created_at)
     select $1::uuid, case when g > $2::int and g % 4 = 0 then $3::uuid else f.id end, t.id,
            (array['volunteer_appreciation','prayer_warrior','community_builder','servant_heart','encourager'])[1 + g % 5],
            (array['service','prayer','community','leadership','encouragement'])[1 + g % 5],
            'Thank you ' || g, 'Thank you for everything you did for our church this week, kudos number ' || g || '.',
            case when g <= $2::int then 'approved' else 'pending' end, now() - make_interval(hours => ($2::int + 20 - g) * 17)
       from generate_series(1, $2::int + 20) as g cross join c
       join m f on f.n = 1 + (g * 37) % c.k join m t on t.n = 1 + (g * 53 + 1) % c.k`,
    [churchId, APPROVED_KUDOS, userId],
  );
  await ctx.db.query(
    `with k as (select id, row_number() over (order by created_at) as n from kudos where church_id = $1 and status = 'approved'),
          m as (select id, row_number() over (order by id) as n from users where church_id = $1),
          c as (select count(*)::int as k from m)
     insert into kudos_reactions (kudos_id, church_id, user_id, reaction)
     select k.id, $1::uuid, m.id, (array['heart','thumbs_up','celebrate','star'])[1 + g % 4]
       from k cross join generate_series(1, 6) as g cross join c join m on m.n = 1 + (k.n * 7 + g * 101) % c.k
     union all
     select k.id, $1::uuid, $2::uuid, 'heart' from k where k.n % 10 = 0
     on conflict do nothing`,
    [churchId, userId],
  );
  await ctx.db.query("vacuum analyze kudos");
  await ctx.db.query("vacuum analyze kudos_reactions");
  return { cookie };
}

/**
 * This week's prayer-partner chain of the growth church's 2,000 members (all joined long before
 * Sunday), made by the bench member's first request here, so the case measures the steady state;
 * the member prayed for their partner on three days in four of the last 60 (today included).
 */
async function seedPrayerChain(ctx: TBenchContext): Promise<{ cookie: string }> {
  const { cookie, churchId, userId } = await signInGrowthMember(ctx);
  await ctx.db.query(
    `insert into points_ledger (church_id, user_id, kind, key, points, created_at)
     select $1, $2, 'partner_prayer', ((now() at time zone ch.time_zone)::date - g)::text, 5, now() - make_interval(days => g)
       from generate_series(0, 59) as g cross join churches ch where ch.id = $1 and g % 4 <> 3
     on conflict do nothing`,
    [churchId, userId],
  );
  const res = await fetch(`${ctx.appUrl}/api/prayer-partners/current`, { headers: { cookie } });
  const body = (await res.json()) as { partner?: unknown };
  if (!res.ok || !body.partner)
    throw new Error(`the first /current made no partner: ${res.status} ${JSON.stringify(body)}`);
  return { cookie };
}

/**
 * A church of its own with 20,000 sermons for search (issue 24), seeded as bench/search-seed.ts
 * says, requested as its admin. Made once.
 */
let searchChurch: Promise<{ cookie: string }> | undefined;
function seedSearchChurch(ctx: TBenchContext): Promise<{ cookie: string }> {
  searchChurch ??= (async () => {
    const { cookie, churchId } = await signUpAdmin(ctx.appUrl, "search");
    await insertSearchSermons(ctx.db, churchId, SEARCH_SERMONS);
    await ctx.db.query("analyze sermons");
    return { cookie };
  })();
  return searchChurch;
}

/**
 * Issue 27: 200 small groups in the growth church, each led by one of its members with 10 more in
 * it (the bench member in three of them), and one group whose thread holds 5,000 posts over a year.
 * Requested as the bench member. Made once.
 */
const GROUPS = 200;
const GROUP_POSTS = 5000;
let groupChurch: Promise<{ cookie: string; threadGroupId: string }> | undefined;
function seedGroups(ctx: TBenchContext): Promise<{ cookie: string; threadGroupId: string }> {
  groupChurch ??= (async () => {
    const { cookie, churchId, userId } = await signInGrowthMember(ctx);
    const { rows: made } = await ctx.db.query<{ id: string }>(
      `insert into groups (church_id, name, description, kind, meeting_day, meeting_time, location, capacity, join_policy, visibility)
       select $1, 'Group ' || g, 'A small group, number ' || g, (array['bible_study','youth','prayer','serving','other'])[1 + g % 5],
              g % 7, lpad((18 + g % 3)::text, 2, '0') || ':30', 'Room ' || (g % 12), case when g % 4 = 0 then 12 end,
              (array['open','request','invite'])[1 + g % 3], case when g % 10 = 0 then 'unlisted' else 'listed' end
       from generate_series(1, $2::int) as g returning id`,
      [churchId, GROUPS],
    );
    await ctx.db.query(
      `with people as (select id, row_number() over (order by id) as n from users where church_id = $1 and id <> $2),
            grp as (select id, row_number() over (order by id) as n from groups where church_id = $1)
       insert into group_members (group_id, church_id, user_id, role, seat)
       select grp.id, $1, people.id, case when k = 0 then 'leader' else 'member' end, case when k > 0 then k end
       from grp cross join generate_series(0, 10) as k
       join people on people.n = 1 + ((grp.n * 11 + k) % (select count(*) from people))
       on conflict do nothing`,
      [churchId, userId],
    );
    await ctx.db.query(
      `insert into group_members (group_id, church_id, user_id, role)
       select id, $1, $2, 'member' from groups where church_id = $1 and visibility = 'listed' order by id limit 3
       on conflict do nothing`,
      [churchId, userId],
    );
    const threadGroupId = made[0].id;
    await ctx.db.query(
      `insert into group_members (group_id, church_id, user_id, role) values ($2, $1, $3, 'member') on conflict do nothing`,
      [churchId, threadGroupId, userId],
    );
    await ctx.db.query(
      `insert into group_posts (group_id, church_id, author_id, message, created_at)
       select $2, $1, (select user_id from group_members where group_id = $2 order by user_id offset g % 5 limit 1),
              'Post ' || g || ': see you on Thursday, and bring a friend.', now() - make_interval(mins => g * 105)
       from generate_series(1, $3::int) as g`,
      [churchId, threadGroupId, GROUP_POSTS],
    );
    await ctx.db.query("analyze groups; analyze group_members; analyze group_posts");
    return { cookie, threadGroupId };
  })();
  return groupChurch;
}

const searchCheck = (body: unknown) => {
  const results = (body as { results?: { type: string }[] }).results;
  return Array.isArray(results) && results.filter((r) => r.type === "sermon").length === 5
    ? null
    : "expected 5 sermons";
};

const CASES: TBenchCase[] = [
  {
    name: `GET /api/groups (${GROUPS} groups of 11, the first page), as a member`,
    path: "/api/groups",
    setup: async (ctx) => ({ cookie: (await seedGroups(ctx)).cookie }),
    check: (body) => {
      const list = body as { membership: string | null; leaders: unknown[] }[];
      if (!Array.isArray(list) || list.length !== 50) return "expected a page of 50 groups";
      if (!list.some((g) => g.membership === "member")) return "expected the member's own groups";
      return list.every((g) => g.leaders.length > 0) ? null : "expected a leader in every group";
    },
  },
  {
    name: `GET /api/groups/{id}/posts (${GROUP_POSTS} posts, the first page), as a member`,
    path: "/api/groups/{id}/posts",
    setup: async (ctx) => {
      const { cookie, threadGroupId } = await seedGroups(ctx);
      return { cookie, path: `/api/groups/${threadGroupId}/posts` };
    },
    check: (body) => (Array.isArray(body) && body.length === 30 ? null : "expected a page of 30 posts"),
  },
  {
    name: "GET /api/auth/user",
    path: "/api/auth/user",
    check: (body) => ((body as { role?: string }).role === "ADMIN" ? null : "expected the admin"),
  },
  {
    // Issue 30: the list pages by 100 (its first page here; bench/list-paging.ts pages through it).
    name: `GET /api/admin/members (first page of 100, ${MEMBERS} members)`,
    path: "/api/admin/members",
    setup: async ({ db, churchId }) => {
      const { rows } = await db.query<{ n: number }>("select count(*)::int as n from users where church_id = $1", [
        churchId,
      ]);
      const missing = MEMBERS - rows[0].n;
      if (missing <= 0) return;
      await db.query(
        `insert into users (email, first_name, last_name, role, church_id, points, created_at)
         select 'member' || g || '@bench.example', 'First' || g, 'Last' || g, 'CONGREGANT', $1, g % 50,
                now() - make_interval(mins => $2::int - g)
         from generate_series(1, $2::int) as g`,
        [churchId, missing],
      );
    },
    check: (body) => (Array.isArray(body) && body.length === 100 ? null : "expected a first page of 100 members"),
  },
  {
    name: `GET /api/sermons (${SERMONS} sermons)`,
    path: "/api/sermons",
    setup: async ({ db, churchId }) => {
      await db.query(
        `insert into sermons (church_id, title, speaker, date, duration, video_url, audio_url, series, description, tags)
         select $1, 'Sermon ' || g, 'Speaker ' || (g % 12), date '2020-01-05' + (g * 7 % 2400), 30 + g % 40,
                case when g % 2 = 0 then 'https://www.youtube.com/watch?v=bench' || g end,
                case when g % 3 = 0 then 'https://cdn.example.org/sermon' || g || '.mp3' end,
                'Series ' || (g % 40), 'A message about faith, hope and love, number ' || g || '.', array['faith', 'topic' || (g % 9)]
         from generate_series(1, $2::int) as g`,
        [churchId, SERMONS],
      );
    },
    check: (body) => (Array.isArray(body) && body.length === SERMONS ? null : `expected ${SERMONS} sermons`),
  },
  {
    name: `GET /api/sermons (${SERMONS} sermons), Accept-Encoding: br`,
    path: "/api/sermons",
    headers: { "accept-encoding": "br" },
    check: (body) => (Array.isArray(body) && body.length === SERMONS ? null : `expected ${SERMONS} sermons`),
  },
  {
    name: `GET /api/sermons?search=&limit=24 (paged search over ${SERMONS})`,
    path: "/api/sermons?search=Sermon%201&limit=24",
    check: (body) => (Array.isArray(body) && body.length === 24 ? null : "expected a page of 24"),
  },
  {
    name: `GET /api/events (${EVENTS} events)`,
    path: "/api/events",
    setup: async ({ db, churchId }) => {
      await db.query(
        `insert into events (church_id, title, description, location, start_time, end_time)
         select $1, 'Event ' || g, 'Gathering number ' || g, 'Fellowship Hall',
                now() + make_interval(days => g - 30), now() + make_interval(days => g - 30, hours => 2)
         from generate_series(1, $2::int) as g`,
        [churchId, EVENTS],
      );
    },
    check: (body) => (Array.isArray(body) && body.length === EVENTS ? null : `expected ${EVENTS} events`),
  },
  {
    name: `GET /api/events (${EVENTS} events), Accept-Encoding: br`,
    path: "/api/events",
    headers: { "accept-encoding": "br" },
    check: (body) => (Array.isArray(body) && body.length === EVENTS ? null : `expected ${EVENTS} events`),
  },
  {
    name: `GET /api/user/stats (${GROWTH_MEMBERS} members, a year of ledger)`,
    path: "/api/user/stats",
    setup: seedGrowthChurch,
    check: (body) => ((body as { points?: number }).points ? null : "expected the admin's points"),
  },
  {
    name: `GET /api/weekly-action-step (${GROWTH_MEMBERS} members, a year of ledger)`,
    path: "/api/weekly-action-step",
    setup: seedGrowthChurch,
    check: (body) => ((body as { title?: string } | null)?.title ? null : "expected this week's step"),
  },
  {
    name: `GET /api/analytics/growth (${GROWTH_MEMBERS} members, a year of ledger), one at a time`,
    path: "/api/analytics/growth",
    connections: 1,
    setup: seedGrowthChurch,
    check: (body) =>
      (body as { totalMembers?: number }).totalMembers === GROWTH_MEMBERS ? null : `expected ${GROWTH_MEMBERS} members`,
  },
  {
    name: `GET /api/prayer-requests (${PRAYER_REQUESTS} requests, a page of 20), as a member`,
    path: "/api/prayer-requests",
    setup: seedPrayerWall,
    check: (body) => {
      const page = body as { isAnonymous: boolean; userName: string; isHidden: boolean; isMine: boolean }[];
      if (!Array.isArray(page) || page.length !== 20) return "expected a page of 20";
      if (!page.some((r) => r.isAnonymous)) return "expected anonymous requests on the page";
      if (page.some((r) => r.isAnonymous && r.userName !== "Anonymous")) return "an anonymous request is named";
      if (page.some((r) => r.isHidden && !r.isMine)) return "a hidden request of another member is shown";
      return null;
    },
  },
  {
    name: `GET /api/prayer-partners/current (this week's chain of ${GROWTH_MEMBERS}), as a member`,
    path: "/api/prayer-partners/current",
    setup: seedPrayerChain,
    check: (body) => {
      const current = body as { partner?: unknown; todayCompleted?: boolean; totalChainLinks?: number };
      if (!current.partner || current.todayCompleted !== true || current.totalChainLinks !== 1)
        return "expected a partner, today's prayer and one link";
      return null;
    },
  },
  {
    name: `GET /api/notifications (a member with ${MEMBER_NOTIFICATIONS}), as that member`,
    path: "/api/notifications",
    setup: seedNotifications,
    check: (body) => {
      const list = body as { notifications?: unknown[]; unreadCount?: number };
      if (!Array.isArray(list.notifications) || list.notifications.length === 0) return "expected notifications";
      return list.unreadCount === 30 ? null : `expected 30 unread, got ${list.unreadCount}`;
    },
  },
  {
    name: `GET /api/kudos (${APPROVED_KUDOS} approved, with reactions), as a member`,
    path: "/api/kudos",
    setup: seedKudos,
    check: (body) => {
      const list = body as { status: string; reactions: Record<string, number>; myReactions: string[] }[];
      if (!Array.isArray(list) || list.length === 0) return "expected kudos";
      if (!list.some((k) => Object.values(k.reactions).some((n) => n > 0))) return "expected reaction counts";
      if (!list.some((k) => k.status === "pending")) return "expected the member's own pending kudos";
      return null;
    },
  },
  {
    name: `GET /api/search?q=mercy (${SEARCH_SERMONS} sermons, 1,536 of them match), one at a time`,
    path: "/api/search?q=mercy",
    connections: 1,
    setup: seedSearchChurch,
    check: searchCheck,
  },
  {
    name: `GET /api/search?q=faith (${SEARCH_SERMONS} sermons, all of them match), one at a time`,
    path: "/api/search?q=faith",
    connections: 1,
    setup: seedSearchChurch,
    check: searchCheck,
  },
];

// ---------------------------------------------------------------------------------------------
// Processes and cleanup

type TChild = { name: string; proc: ChildProcess; url: string };
const children: TChild[] = [];
const standIns: { close: () => Promise<void> }[] = [];
const BENCH_APP_SECRET = randomBytes(32).toString("hex");
const logFiles: string[] = [];
let embedded: TEmbeddedPg | undefined;
let pool: pg.Pool | undefined;
let tmpDir: string | undefined;
let cleaning: Promise<void> | undefined;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, HOST, () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function stopChild(child: TChild): Promise<void> {
  const { proc } = child;
  if (proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => proc.kill("SIGKILL"), 10_000);
    proc.once("exit", () => {
      clearTimeout(kill);
      resolve();
    });
    proc.kill("SIGTERM");
  });
}

async function doCleanup(): Promise<void> {
  await Promise.all(children.map((c) => stopChild(c).catch(() => {})));
  await Promise.all(standIns.map((s) => s.close().catch(() => {})));
  await pool?.end().catch(() => {});
  await embedded?.stop().catch((err) => console.error("could not stop PostgreSQL:", err));
  if (tmpDir) fs.rmSync(tmpDir, { recursive: true, force: true });
  for (const f of logFiles) fs.rmSync(f, { force: true });
}

function cleanup(): Promise<void> {
  cleaning ??= doCleanup();
  return cleaning;
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping`);
    void cleanup().finally(() => process.exit(130));
  });
}

/**
 * Spawns `node <script>` (through tsx for TypeScript) listening on a free port; resolves once
 * `readyPath` answers.
 */
async function startChild(
  name: string,
  script: string,
  env: Record<string, string>,
  readyPath: string,
  nodeArgs: string[] = [],
) {
  const port = await freePort();
  // Its log goes to a file, as it would to a log file or the journal in production.
  const logFile = path.join(os.tmpdir(), `fellowship-bench-${name}-${process.pid}.log`);
  const logFd = fs.openSync(logFile, "w");
  const loader = script.endsWith(".ts") ? ["--import", "tsx"] : [];
  const proc = spawn(process.execPath, [...nodeArgs, ...loader, script], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST },
    stdio: ["ignore", logFd, "pipe"],
  });
  fs.closeSync(logFd);
  logFiles.push(logFile);
  const url = `http://${HOST}:${port}`;
  const child: TChild = { name, proc, url };
  children.push(child);
  const forward = (chunk: Buffer) => {
    for (const line of chunk.toString().split("\n")) if (line.trim()) process.stderr.write(`[${name}] ${line}\n`);
  };
  proc.stderr?.on("data", forward);

  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error(`${name} exited with code ${proc.exitCode} before it was ready`);
    try {
      const res = await fetch(url + readyPath);
      await res.arrayBuffer();
      return child;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`${name} did not answer on ${url} within 60 s`);
}

// ---------------------------------------------------------------------------------------------
// Seeding through the API

async function api(appUrl: string, method: string, urlPath: string, body: unknown, cookie?: string) {
  const res = await fetch(appUrl + urlPath, {
    method,
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${urlPath}: ${res.status} ${text}`);
  return { res, json: JSON.parse(text) as Record<string, unknown> };
}

async function signUpAdmin(
  appUrl: string,
  name = "bench",
): Promise<{ cookie: string; adminId: string; churchId: string }> {
  const { res, json: user } = await api(appUrl, "POST", "/api/auth/register", {
    email: `admin@${name}.example`,
    password: PASSWORD,
    firstName: "Bench",
    lastName: "Admin",
  });
  const session = res.headers.getSetCookie().find((c) => c.startsWith("fellowship_session="));
  if (!session) throw new Error("register did not set the session cookie");
  const cookie = session.split(";")[0];
  const { json: church } = await api(appUrl, "POST", "/api/churches", { name: `${name} church` }, cookie);
  return { cookie, adminId: String(user.id), churchId: String(church.id) };
}

// ---------------------------------------------------------------------------------------------
// Measuring

/** What the bare server replays for a path and Accept-Encoding (bench/bare-server.ts reads it). */
export type TCapturedRoute = {
  path: string;
  acceptEncoding: string;
  contentType: string;
  contentEncoding: string;
  bodyBase64: string;
};

/** A GET whose body stays as sent (fetch would decompress it). */
function getRaw(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; contentType: string; contentEncoding: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            contentType: String(res.headers["content-type"] ?? "application/json"),
            contentEncoding: String(res.headers["content-encoding"] ?? ""),
            body: Buffer.concat(chunks),
          }),
        );
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

function decode(body: Buffer, encoding: string): Buffer {
  if (encoding === "br") return zlib.brotliDecompressSync(body);
  if (encoding === "gzip") return zlib.gunzipSync(body);
  return body;
}

type TMeasure = {
  reqPerSec: number;
  reqPerSecStddev: number;
  latencyMean: number;
  p99: number;
  total: number;
  failures: string[];
};

function failuresOf(r: TAutocannonResult): string[] {
  const out: string[] = [];
  if (r.errors) out.push(`${r.errors} errors`);
  if (r.timeouts) out.push(`${r.timeouts} timeouts`);
  if (r.non2xx) {
    const codes = Object.entries(r.statusCodeStats)
      .filter(([code]) => !code.startsWith("2"))
      .map(([code, s]) => `${code}×${s.count}`);
    out.push(`${r.non2xx} non-2xx (${codes.join(", ")})`);
  }
  return out;
}

async function measure(url: string, headers: Record<string, string>, connections = CONNECTIONS): Promise<TMeasure> {
  const warm = await autocannon({ url, connections, duration: WARMUP, headers });
  const r = await autocannon({ url, connections, duration: DURATION, headers });
  return {
    reqPerSec: r.requests.mean,
    reqPerSecStddev: r.requests.stddev,
    latencyMean: r.latency.mean,
    p99: r.latency.p99,
    total: r.requests.total,
    failures: [...failuresOf(warm).map((f) => `warm-up: ${f}`), ...failuresOf(r)],
  };
}

const fmt = (n: number, digits = 0) =>
  n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });

function printTable(rows: { c: TBenchCase; bytes: number; app: TMeasure; bare: TMeasure }[]) {
  const lines = [
    "| Endpoint | Body | Target | req/s (mean ± sd) | latency mean (ms) | p99 (ms) | app/bare req/s |",
    "|---|---:|---|---:|---:|---:|---:|",
  ];
  for (const { c, bytes, app, bare } of rows) {
    const ratio = bare.reqPerSec > 0 ? app.reqPerSec / bare.reqPerSec : 0;
    for (const [target, m] of [
      ["app", app],
      ["bare node:http", bare],
    ] as const) {
      lines.push(
        `| ${c.name} | ${fmt(bytes / 1024, 1)} KiB | ${target} | ${fmt(m.reqPerSec)} ± ${fmt(m.reqPerSecStddev)} | ${fmt(m.latencyMean, 2)} | ${fmt(m.p99)} | ${target === "app" ? fmt(ratio, 2) : ""} |`,
      );
    }
  }
  console.log(`\n${lines.join("\n")}\n`);
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<number> {
  const cases = CASES.filter((c) => ONLY.some((part) => c.name.includes(part)));
  const isLive = !SKIP.has("live") && ONLY.some((part) => LIVE_PART.includes(part));
  const isIntegrations = !SKIP.has("integrations") && ONLY.some((part) => INTEGRATIONS_PART.includes(part));
  const isBackup = !SKIP.has("backup") && ONLY.some((part) => BACKUP_PART.includes(part));
  const isMemberData = !SKIP.has("member-data") && ONLY.some((part) => MEMBER_DATA_PART.includes(part));
  const isAnnouncement = !SKIP.has("announcement") && ONLY.some((part) => ANNOUNCEMENT_PART.includes(part));
  const isSoak = isSoakOn();
  const isHotReads = !SKIP.has("hot-reads") && ONLY.some((part) => HOT_READS_PART.includes(part));
  const isThousand = !SKIP.has("thousand") && ONLY.some((part) => THOUSAND_PART.includes(part));
  const isChatBus = !SKIP.has("chat-bus") && ONLY.some((part) => CHAT_BUS_PART.includes(part));
  const isListPaging = !SKIP.has("list-paging") && ONLY.some((part) => LIST_PAGING_PART.includes(part));
  if (
    cases.length === 0 &&
    !isLive &&
    !isIntegrations &&
    !isBackup &&
    !isMemberData &&
    !isAnnouncement &&
    !isSoak &&
    !isHotReads &&
    !isThousand &&
    !isChatBus &&
    !isListPaging
  )
    throw new Error(`no case matches BENCH_ONLY="${ONLY.join("|")}"`);
  const budgetMs =
    1_500_000 +
    (isBackup ? 900_000 : 0) +
    (isMemberData ? 600_000 : 0) +
    (isAnnouncement ? 600_000 : 0) +
    (isHotReads ? 900_000 : 0) +
    (isThousand ? 1_200_000 : 0) +
    (isChatBus ? 900_000 : 0) +
    (isListPaging ? 900_000 : 0) +
    cases.length * 2 * (WARMUP + DURATION + 5) * 1000 +
    (isLive ? liveBudgetMs() : 0) +
    soakBudgetMs();
  setTimeout(() => {
    console.error(`bench: still running after ${budgetMs / 1000} s, giving up`);
    void cleanup().finally(() => process.exit(1));
  }, budgetMs).unref();

  console.log(
    `bench: node ${process.version}, ${os.cpus().length} CPUs, ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${DURATION} s per target`,
  );
  const t0 = Date.now();
  tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), "fellowship-bench-"));
  embedded = await startEmbeddedPostgres(path.join(tmpDir, "data"), { database: "fellowship_bench" });
  const dbUrl = embedded.url;
  const migrator = createDb(dbUrl, { max: 1 });
  try {
    await migrateDb(migrator);
  } finally {
    await migrator.$client.end();
  }
  pool = new pg.Pool({ connectionString: dbUrl, max: 2 });

  // The Planning Center stand-in the integrations part syncs from (the app's env names it).
  const pcStandIn = isIntegrations ? await startSyncStandIn() : undefined;
  if (pcStandIn) standIns.push(pcStandIn);
  // As users run it: `npm start`'s script, which builds what is stale and runs the compiled server.
  const startApp = (name: string) =>
    startChild(
      name,
      path.join(ROOT, "scripts/start.mjs"),
      {
        DATABASE_URL: dbUrl,
        DATA_DIR: path.join(tmpDir as string, `${name}-data`),
        // LOG_LEVEL is left at its default (info), as users run the app.
        // The general limit stays on, as users run it (it counts every request), above what this
        // run sends from its one address: at the default 10,000 an hour the rest would answer 429.
        RATE_LIMIT_PER_HOUR: "1000000000",
        // The live part's thousands of viewers come from one loopback address over a few member
        // sessions; in a church they are many members on many addresses, each far below the caps.
        WS_SOCKETS_PER_MEMBER: "1000000",
        WS_SOCKETS_PER_ADDRESS: "1000000",
        WS_UPGRADES_PER_MINUTE: "1000000",
        NODE_ENV: "production",
        // As the README's production steps set it (integration keys are sealed under it).
        APP_SECRET: BENCH_APP_SECRET,
        ...(pcStandIn ? { PLANNING_CENTER_API_URL: pcStandIn.url } : {}),
      },
      "/api/auth/providers",
      APP_NODE_ARGS,
    );
  const app = await startApp("app");
  const admin = await signUpAdmin(app.url);
  const ctx: TBenchContext = { appUrl: app.url, db: pool, ...admin };
  const cookieOf = new Map<TBenchCase, string>();
  for (const c of cases) {
    const made = await c.setup?.(ctx);
    cookieOf.set(c, made?.cookie ?? admin.cookie);
    // A path known only once seeded (a row's id) replaces the case's.
    if (made?.path) c.path = made.path;
  }

  // The exact bytes the app answers (compressed when the case asks), for the bare server to replay.
  const captured: TCapturedRoute[] = [];
  const bytesByCase = new Map<TBenchCase, number>();
  for (const c of cases) {
    const res = await getRaw(app.url + c.path, { cookie: cookieOf.get(c) ?? admin.cookie, ...c.headers });
    if (res.status !== 200) throw new Error(`${c.name}: ${res.status} ${res.body.toString()}`);
    const problem = c.check?.(JSON.parse(decode(res.body, res.contentEncoding).toString()));
    if (problem) throw new Error(`${c.name}: ${problem}`);
    if (c.headers?.["accept-encoding"] && !res.contentEncoding)
      throw new Error(`${c.name}: the answer is not compressed`);
    captured.push({
      path: c.path,
      acceptEncoding: c.headers?.["accept-encoding"] ?? "",
      contentType: res.contentType,
      contentEncoding: res.contentEncoding,
      bodyBase64: res.body.toString("base64"),
    });
    bytesByCase.set(c, res.body.length);
  }
  const routesFile = path.join(tmpDir, "routes.json");
  fs.writeFileSync(routesFile, JSON.stringify(captured));
  console.log(`bench: set up in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  const rows: { c: TBenchCase; bytes: number; app: TMeasure; bare: TMeasure }[] = [];
  if (cases.length > 0) {
    const bare = await startChild(
      "bare",
      path.join(ROOT, "bench/bare-server.ts"),
      { BENCH_ROUTES_FILE: routesFile },
      captured[0].path,
    );
    for (const c of cases) {
      console.log(`bench: ${c.name} …`);
      const headers = { cookie: cookieOf.get(c) ?? admin.cookie, ...c.headers };
      const appM = await measure(app.url + c.path, headers, c.connections);
      const bareM = await measure(bare.url + c.path, headers, c.connections);
      rows.push({ c, bytes: bytesByCase.get(c) ?? 0, app: appM, bare: bareM });
    }
    printTable(rows);
  }
  const appLog = logFiles[0] ? fs.statSync(logFiles[0]).size : 0;
  console.log(`bench: the app wrote ${(appLog / 1024 / 1024).toFixed(1)} MB of log at its default level`);

  let failed = false;
  for (const { c, app: a, bare: b } of rows) {
    for (const [target, m] of [
      ["app", a],
      ["bare", b],
    ] as const) {
      if (m.failures.length) {
        failed = true;
        console.error(`bench: ${c.name} (${target}): ${m.failures.join("; ")}`);
      }
    }
  }
  if (isLive) {
    console.log(`bench: ${LIVE_PART} …`);
    const asLive = (c: TChild) => ({ name: c.name, url: c.url, pid: c.proc.pid as number, stop: () => stopChild(c) });
    const live = await measureLiveFanout({
      ...ctx,
      password: PASSWORD,
      startApp: async (name) => asLive(await startApp(name)),
      startBare: async () =>
        asLive(await startChild("live-bare", path.join(ROOT, "bench/live-bare-server.ts"), {}, "/health")),
    });
    console.log(`\n${formatLiveFanout(live.rows)}\n`);
    for (const f of live.failures) {
      failed = true;
      console.error(`bench: live: ${f}`);
    }
  }
  if (isSoak) {
    console.log("bench: soak (bench/soak.ts) …");
    const asLive = (c: TChild) => ({ name: c.name, url: c.url, pid: c.proc.pid as number, stop: () => stopChild(c) });
    const soak = await runSoak({
      ...ctx,
      password: PASSWORD,
      startApp: async (name) => asLive(await startApp(name)),
      startBare: () => Promise.reject(new Error("the soak has no bare server")),
    });
    console.log(`\n${formatSoak(soak)}\n`);
    for (const f of soak.failures) {
      failed = true;
      console.error(`bench: soak: ${f}`);
    }
  }
  if (isIntegrations) {
    console.log(`bench: ${INTEGRATIONS_PART} …`);
    const bulk = { appUrl: app.url, appPid: app.proc.pid as number, cookie: admin.cookie };
    const bulkRows = await measureCsvImport(bulk);
    if (pcStandIn) bulkRows.push(...(await measurePlanningCenterSync(bulk, pcStandIn)));
    console.log(`\n${formatBulkRows(bulkRows)}\n`);
  }
  if (isBackup) {
    // Its own embedded PostgreSQL servers and data (bench/backup.ts), as operators run the commands.
    console.log(`bench: ${BACKUP_PART} (bench/backup.ts) …`);
    const backup = spawnSync(process.execPath, ["--import", "tsx", path.join(ROOT, "bench/backup.ts")], {
      cwd: ROOT,
      encoding: "utf8",
      timeout: 900_000,
    });
    console.log(backup.stdout);
    if (backup.status !== 0) {
      failed = true;
      console.error(`bench: the backup bench failed: ${backup.stderr}`);
    }
  }
  if (isMemberData) {
    // Its own embedded PostgreSQL and app (bench/member-data.ts): 2,000 members, one heavy.
    console.log(`bench: ${MEMBER_DATA_PART} (bench/member-data.ts) …`);
    const memberData = spawnSync(process.execPath, ["--import", "tsx", path.join(ROOT, "bench/member-data.ts")], {
      cwd: ROOT,
      encoding: "utf8",
      timeout: 600_000,
    });
    console.log(memberData.stdout);
    if (memberData.status !== 0) {
      failed = true;
      console.error(`bench: the member-data bench failed: ${memberData.stderr}`);
    }
  }
  if (isAnnouncement) {
    // Its own embedded PostgreSQL, app and SMTP server (bench/announcement-send.ts): 5,000 members.
    console.log(`bench: ${ANNOUNCEMENT_PART} (bench/announcement-send.ts) …`);
    const announcement = spawnSync(
      process.execPath,
      ["--import", "tsx", path.join(ROOT, "bench/announcement-send.ts")],
      { cwd: ROOT, encoding: "utf8", timeout: 600_000 },
    );
    console.log(announcement.stdout);
    if (announcement.status !== 0) {
      failed = true;
      console.error(`bench: the announcement bench failed: ${announcement.stderr}`);
    }
  }
  if (isHotReads) {
    // Its own app as `npm start` runs it, with its embedded PostgreSQL (bench/hot-reads.ts).
    console.log(`bench: ${HOT_READS_PART} (bench/hot-reads.ts) …`);
    const hot = spawnSync(process.execPath, ["--import", "tsx", path.join(ROOT, "bench/hot-reads.ts")], {
      cwd: ROOT,
      encoding: "utf8",
      timeout: 900_000,
    });
    console.log(hot.stdout);
    if (hot.status !== 0) {
      failed = true;
      console.error(`bench: the hot-reads bench failed: ${hot.stderr}`);
    }
  }
  for (const [isOn, part, script, timeout] of [
    [isThousand, THOUSAND_PART, "bench/thousand-churches.ts", 1_200_000],
    [isChatBus, CHAT_BUS_PART, "bench/chat-bus.ts", 900_000],
    [isListPaging, LIST_PAGING_PART, "bench/list-paging.ts", 900_000],
  ] as const) {
    if (!isOn) continue;
    // Its own embedded PostgreSQL and apps as `npm start` runs them.
    console.log(`bench: ${part} (${script}) …`);
    const r = spawnSync(process.execPath, ["--import", "tsx", path.join(ROOT, script)], {
      cwd: ROOT,
      encoding: "utf8",
      timeout,
    });
    console.log(r.stdout);
    if (r.status !== 0) {
      failed = true;
      console.error(`bench: ${script} failed: ${r.stderr}`);
    }
  }
  if (!SKIP.has("bundle")) {
    console.log("bench: what a phone downloads (scripts/check-bundle-budget.mjs) …");
    const budget = spawnSync(process.execPath, [path.join(ROOT, "scripts/check-bundle-budget.mjs")], {
      cwd: ROOT,
      encoding: "utf8",
    });
    console.log(budget.stdout);
    if (budget.status !== 0) {
      failed = true;
      console.error(`bench: the bundle budget check failed: ${budget.stderr}`);
    }
  }
  if (!SKIP.has("start")) {
    console.log("bench: npm start's second start and idle memory …");
    console.log(`\n${formatStartMemory(await measureStartAndMemory())}\n`);
  }
  if (!SKIP.has("lighthouse")) {
    console.log(
      "bench: Lighthouse (mobile, simulated throttling) over the pages of bench/lighthouse.ts (LIGHTHOUSE_PAGES) …",
    );
    console.log(`\n${formatLighthouseMarkdown(await runLighthouse({ build: "never" }))}\n`);
  }
  console.log(`bench: done in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  if (failed) console.error("bench: FAILED — some requests errored or were not 2xx; the figures above are meaningless");
  return failed ? 1 : 0;
}

let code = 1;
try {
  code = await main();
} catch (err) {
  console.error("bench:", err);
  code = 1;
} finally {
  await cleanup();
}
process.exit(code);
