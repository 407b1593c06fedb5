/**
 * `node --import tsx bench/member-data.ts`: what a member's own data costs (issue 28): the download
 * `GET /api/user/export.zip` ("streamed, within a minute for a member with a year of activity") and
 * the erasure `POST /api/user/delete` of that member.
 *
 * 1. an embedded PostgreSQL in a fresh temp dir, one migrated database;
 * 2. the app as users run it (bench/run.ts's way): `node scripts/start.mjs` (what `npm start` runs),
 *    NODE_ENV=production, the default log level, its log to a file;
 * 3. an admin registered through the API; with SQL `generate_series`, BENCH_MEMBERS members (2,000)
 *    with some background (points, notifications, chat, activity lines, a prayer-partner chain every
 *    week) and ONE member with a year of heavy activity (see `seedHeavyMember`);
 * 4. that member signs in through the API (`POST /api/auth/login`); the download is timed to its
 *    last byte, BENCH_RUNS times (3): the once-a-day limit is the audit trail's `export.downloaded`
 *    entries, deleted with SQL between runs (the delete lent inside a transaction, as the audit
 *    retention job does); ZIP bytes, files (the ZIP's end record), the app's resident memory before
 *    and its peak (VmHWM in /proc, and VmRSS sampled every 20 ms);
 * 5. the member deletes their account (`{password, confirm: "DELETE"}`), timed; then signing in
 *    again must answer 401.
 *
 * Prints a markdown table; figures in bench/RESULTS.md. Loopback only, a few minutes on 2 cores.
 */

import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";
import { startEmbeddedPostgres, type TEmbeddedPg } from "../server/src/db/embedded";
import { unzip } from "../server/test/zip";
import { migrate, PASSWORD, registerAdmin, request, sessionOf, startApp, stopAll } from "./bench-apps";

/** bench/run.ts's name for this part (BENCH_ONLY / BENCH_SKIP "member-data"). */
export const MEMBER_DATA_PART = "member-data: a member's download and erasure";

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 2000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/**
 * Multiplies the heavy member's most numerous rows (chat messages, notifications, group posts,
 * highlights, activity lines): 10 is ten such years kept (retention off), to see how the time grows.
 */
const SCALE = Math.max(1, Math.round(Number(process.env.BENCH_SCALE ?? 1)));
const HEAVY_EMAIL = "heavy@bench.example";

let embedded: TEmbeddedPg | undefined;
let pool: pg.Pool | undefined;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "fellowship-bench-member-data-"));

/** The church (an admin registered through the API), its members and the background of their year. */
async function seedChurch(db: pg.Pool, appUrl: string): Promise<{ churchId: string; adminId: string }> {
  const { churchId, adminId } = await registerAdmin(appUrl, "bench");
  await db.query(
    `insert into users (email, first_name, last_name, role, church_id, created_at, church_joined_at, last_active_at)
     select 'member' || g || '@bench.example', 'First' || g, 'Last' || g, 'CONGREGANT', $1,
            now() - interval '400 days', now() - interval '400 days', now() - make_interval(days => g % 40)
       from generate_series(1, $2::int - 2) as g`,
    [churchId, MEMBERS],
  );
  // The heavy member: a congregant for 400 days, the admin's password (hashed as the app hashes).
  await db.query(
    `insert into users (email, password_hash, first_name, last_name, role, church_id, created_at, church_joined_at, last_active_at,
                        bio, phone, address)
     select $2, password_hash, 'Heavy', 'Member', 'CONGREGANT', $1, now() - interval '400 days', now() - interval '400 days', now(),
            'A member who does everything the app offers, every day.', '+1 555 0100', '1 Church Street'
       from users where email = 'admin@bench.example'`,
    [churchId, HEAVY_EMAIL],
  );
  // The church's year: a sermon a day, 52 action steps, 52 services streamed live, 50 events, 3 groups.
  await db.query(
    `insert into sermons (church_id, title, speaker, date, duration, description, created_at)
     select $1, 'Sermon ' || g, 'Pastor ' || (g % 5), (now() - make_interval(days => g))::date, 2400,
            'What the sermon asks of us this week, number ' || g, now() - make_interval(days => g)
       from generate_series(0, 364) as g`,
    [churchId],
  );
  await db.query(
    `insert into weekly_action_steps (church_id, week_of, title, description)
     select $1, (date_trunc('week', now() + interval '1 day') - interval '1 day')::date - 7 * w, 'Step ' || w, 'Practise something good, week ' || w
       from generate_series(0, 51) as w`,
    [churchId],
  );
  await db.query(
    `insert into events (church_id, title, description, location, start_time, end_time, is_service)
     select $1, case when g <= 52 then 'Sunday service ' || g else 'Gathering ' || g end, 'Come as you are', 'Main hall',
            now() - make_interval(days => g * 7 % 365), now() - make_interval(days => g * 7 % 365) + interval '90 minutes', g <= 52
       from generate_series(1, 102) as g`,
    [churchId],
  );
  await db.query(
    `insert into live_streams (church_id, event_id, title, started_at, ended_at)
     select $1, e.id, e.title, e.start_time, e.end_time from events e where e.church_id = $1 and e.is_service`,
    [churchId],
  );
  await db.query(
    `insert into groups (church_id, name, description, kind)
     select $1, 'Group ' || g, 'A small group, number ' || g, 'bible_study' from generate_series(1, 3) as g`,
    [churchId],
  );
  // Others' year, so that the member's rows are a slice of full tables: ledger rows, notifications,
  // chat, activity lines, group posts and requests, and a prayer-partner chain every week.
  await db.query(
    `with m as (select id, row_number() over (order by id) as n from users where church_id = $1)
     insert into points_ledger (church_id, user_id, kind, key, points, created_at)
     select $1, m.id, 'bible_reading', (now() - make_interval(days => g * 3 + (m.n % 3)::int))::date || ':Genesis 1', 10,
            now() - make_interval(days => g * 3 + (m.n % 3)::int)
       from m cross join generate_series(0, 99) as g
     on conflict do nothing`,
    [churchId],
  );
  await db.query(
    `insert into notifications (church_id, user_id, type, kind, title, message, link, related_id, is_read, created_at)
     select $1, u.id, 'event', 'event_published', 'New event', 'Gathering number ' || g, '/events', gen_random_uuid(), g > 5,
            now() - make_interval(days => g * 18)
       from users u cross join generate_series(1, 20) as g where u.church_id = $1`,
    [churchId],
  );
  await db.query(
    `with m as (select id, row_number() over (order by id) as n from users where church_id = $1),
          s as (select id, event_id, started_at, row_number() over (order by started_at) as n from live_streams where church_id = $1)
     insert into live_chat_messages (church_id, stream_id, event_id, user_id, message, message_type, created_at)
     select $1, s.id, s.event_id, m.id, 'Amen, thank you for the message ' || g, 'chat', s.started_at + make_interval(secs => g)
       from generate_series(1, 20000) as g join s on s.n = 1 + g % 52 join m on m.n = 1 + (g * 7) % $2::int`,
    [churchId, MEMBERS],
  );
  await db.query(
    `with m as (select id, row_number() over (order by id) as n from users where church_id = $1)
     insert into activities (church_id, user_id, kind, description, created_at)
     select $1, m.id, 'sermon_watched', 'First' || m.n || ' watched a sermon', now() - make_interval(hours => g * 7)
       from generate_series(1, 20000) as g join m on m.n = 1 + (g * 13) % $2::int`,
    [churchId, MEMBERS],
  );
  await db.query(
    `with m as (select id, row_number() over (order by id) as n from users where church_id = $1)
     insert into prayer_requests (church_id, author_id, title, description, is_anonymous, created_at)
     select $1, m.id, 'Prayer request ' || g, 'Please pray for my family, request number ' || g, g % 5 = 0,
            now() - make_interval(hours => g * 20)
       from generate_series(1, 400) as g join m on m.n = 1 + (g * 37) % $2::int`,
    [churchId, MEMBERS],
  );
  await db.query(
    `with m as (select id, row_number() over (order by id) as n from users where church_id = $1),
          gr as (select id, row_number() over (order by name) as n from groups where church_id = $1)
     insert into group_members (group_id, church_id, user_id, role)
     select gr.id, $1, m.id, case when m.n % 15 = 1 then 'leader' else 'member' end
       from gr join m on m.n between (gr.n - 1) * 15 + 1 and gr.n * 15`,
    [churchId],
  );
  await db.query(
    `with gm as (select group_id, user_id, row_number() over (order by group_id, user_id) as n from group_members where church_id = $1),
          c as (select count(*)::int as k from gm)
     insert into group_posts (group_id, church_id, author_id, message, created_at)
     select gm.group_id, $1, gm.user_id, 'Post ' || g || ': see you on Thursday.', now() - make_interval(hours => g * 8)
       from generate_series(1, 1000) as g cross join c join gm on gm.n = 1 + g % c.k`,
    [churchId],
  );
  await db.query(
    `insert into prayer_chains (church_id, week_start, created_at)
     select $1, (date_trunc('week', now() + interval '1 day') - interval '1 day')::date - 7 * w, now() - make_interval(days => 7 * w)
       from generate_series(0, 51) as w`,
    [churchId],
  );
  await db.query(
    `with m as (select id, row_number() over (order by id) as n from users where church_id = $1),
          c as (select count(*)::int as k from m)
     insert into prayer_chain_links (chain_id, church_id, user_id, partner_id, position)
     select ch.id, $1, m.id, p.id, m.n::int
       from prayer_chains ch cross join m cross join c join m p on p.n = 1 + m.n % c.k
      where ch.church_id = $1`,
    [churchId],
  );
  return { churchId, adminId };
}

/** The heavy member's year (their id is `memberId`). */
async function seedHeavyMember(db: pg.Pool, churchId: string, memberId: string): Promise<Record<string, number>> {
  // Every parameter is an id: typed, so that a `select $2` in a union is a uuid.
  const q = (text: string) =>
    db.query(
      text.replace(/\$([12])(?!\d|::)/g, (_, n) => `$${n}::uuid`),
      text.includes("$2") ? [churchId, memberId] : [churchId],
    );
  // A sermon watched every day (sermon_views and its ledger row).
  await q(
    `insert into sermon_views (sermon_id, user_id, day)
     select s.id, $2, s.date from sermons s where s.church_id = $1`,
  );
  await q(
    `insert into points_ledger (church_id, user_id, kind, key, points, created_at)
     select $1, $2, 'sermon_watch', s.id::text, 10, s.date + interval '12 hours' from sermons s where s.church_id = $1
     union all
     select $1, $2, 'bible_reading', (now() - make_interval(days => g))::date || ':Genesis 1', 10, now() - make_interval(days => g)
       from generate_series(0, 364) as g
     union all
     select $1, $2, 'bible_reading', (now() - make_interval(days => g))::date || ':Psalm 1', 10, now() - make_interval(days => g, hours => 1)
       from generate_series(0, 364) as g
     union all
     select $1, $2, 'action_step', s.id::text, 25, s.week_of + interval '2 days' from weekly_action_steps s where s.church_id = $1
     union all
     select $1, $2, 'partner_prayer', (now() - make_interval(days => g))::date::text, 15, now() - make_interval(days => g)
       from generate_series(0, 364) as g where g % 6 <> 5
     on conflict do nothing`,
  );
  await q(
    `insert into user_badges (church_id, user_id, badge, earned_at)
     select $1, $2, b, now() - make_interval(days => 300 - i::int * 20)
       from unnest(array['welcome','profile_complete','first_sermon','growth_seeker','first_kudos','consistent_reader',
                         'first_reading','sermon_regular','first_action_step','faithful_steps','faithful_intercessor']) with ordinality as t(b, i)`,
  );
  // 60 prayer requests (20 anonymous), 1,000 "I prayed" on others' requests (200 requests × 5 days).
  await q(
    `insert into prayer_requests (church_id, author_id, title, description, is_anonymous, answered_at, answer_note, created_at)
     select $1, $2, 'My request ' || g, 'Please pray for my mother''s health, request ' || g, g % 3 = 0,
            case when g % 4 = 0 then now() - make_interval(days => g * 6 - 3) end, case when g % 8 = 0 then 'Answered, thank you.' end,
            now() - make_interval(days => g * 6)
       from generate_series(1, 60) as g`,
  );
  await q(
    `with r as (select id, created_at, row_number() over (order by created_at desc) as n from prayer_requests where church_id = $1 and author_id <> $2)
     insert into prayer_request_prayers (request_id, church_id, user_id, day, created_at)
     select r.id, $1, $2, (r.created_at + make_interval(days => d))::date, r.created_at + make_interval(days => d)
       from r cross join generate_series(0, 4) as d where r.n <= 200`,
  );
  // 2,000 live chat messages over the 52 services.
  await q(
    `with s as (select id, event_id, started_at, row_number() over (order by started_at) as n from live_streams where church_id = $1)
     insert into live_chat_messages (church_id, stream_id, event_id, user_id, message, message_type, created_at)
     select $1, s.id, s.event_id, $2, 'Praying with you all this morning, message ' || g, 'chat', s.started_at + make_interval(secs => g)
       from generate_series(1, 2000 * ${SCALE}) as g join s on s.n = 1 + g % 52`,
  );
  // 1,000 notifications over the year (the retention job is not running here).
  await q(
    `insert into notifications (church_id, user_id, type, kind, title, message, link, related_id, is_read, created_at)
     select $1, $2, 'sermon', 'sermon_published', 'New sermon', 'Sermon number ' || g || ' is ready to watch.', '/sermons',
            gen_random_uuid(), g > 30, now() - make_interval(hours => g * 8)
       from generate_series(1, 1000 * ${SCALE}) as g`,
  );
  // 150 kudos given and 150 received, approved.
  await q(
    `with m as (select id, row_number() over (order by id) as n from users where church_id = $1 and id <> $2),
          c as (select count(*)::int as k from m)
     insert into kudos (church_id, from_user_id, to_user_id, type, category, title, message, status, created_at)
     select $1, case when g % 2 = 0 then $2 else m.id end, case when g % 2 = 0 then m.id else $2 end,
            'encourager', 'encouragement', 'Thank you ' || g, 'Thank you for everything you did this week, kudos ' || g, 'approved',
            now() - make_interval(hours => g * 29)
       from generate_series(1, 300) as g cross join c join m on m.n = 1 + (g * 37) % c.k`,
  );
  // In the 3 groups: 300 posts, 50 meetings with the member present.
  await q(
    `insert into group_members (group_id, church_id, user_id, role) select id, $1, $2, 'member' from groups where church_id = $1`,
  );
  await q(
    `with gr as (select id, row_number() over (order by name) as n from groups where church_id = $1)
     insert into group_posts (group_id, church_id, author_id, message, created_at)
     select gr.id, $1, $2, 'My post ' || g || ': what a good evening, thank you all.', now() - make_interval(hours => g * 29)
       from generate_series(1, 300 * ${SCALE}) as g join gr on gr.n = 1 + g % 3`,
  );
  await q(
    `with gr as (select id, row_number() over (order by name) as n from groups where church_id = $1)
     insert into group_meetings (group_id, church_id, starts_at, created_at)
     select gr.id, $1, now() - make_interval(days => g * 7), now() - make_interval(days => g * 7 + 6)
       from generate_series(1, 50) as g join gr on gr.n = 1 + g % 3`,
  );
  await q(
    `insert into group_attendance (meeting_id, church_id, user_id, present, marked_at)
     select id, $1, $2, true, starts_at + interval '2 hours' from group_meetings where church_id = $1`,
  );
  // 50 RSVPs (the events that are not services), checked in at the ones past.
  await q(
    `insert into event_attendance (event_id, user_id, is_going, checked_in_at, updated_at)
     select id, $2, true, start_time, start_time - interval '2 days' from events where church_id = $1 and not is_service`,
  );
  // 200 highlights with notes (a quarter shared).
  await q(
    `with s as (select id, created_at, row_number() over (order by created_at) as n from sermons where church_id = $1)
     insert into sermon_highlights (church_id, sermon_id, user_id, timestamp, text, note, is_shared, created_at)
     select $1, s.id, $2, g * 11 % 2400, 'What the preacher said at this moment, highlight ' || g,
            'My note: remember this on Monday, number ' || g, g % 4 = 0, s.created_at + interval '3 hours'
       from generate_series(1, 200 * ${SCALE}) as g join s on s.n = 1 + g % 365`,
  );
  // Partner weeks: the member is in every weekly chain (52), made with the church's in seedChurch.
  // The feed's activity lines the member caused.
  await q(
    `insert into activities (church_id, user_id, kind, description, created_at)
     select $1, $2, 'sermon_watched', 'Heavy Member watched a sermon', now() - make_interval(hours => g * 17)
       from generate_series(1, 500 * ${SCALE}) as g`,
  );
  await db.query(
    "update users u set points = coalesce((select sum(points) from points_ledger l where l.user_id = u.id), 0) where church_id = $1",
    [churchId],
  );
  await db.query("vacuum analyze");
  const { rows } = await db.query(
    `select (select count(*) from users where church_id = $1)::int as members,
            (select count(*) from sermon_views where user_id = $2)::int as sermon_views,
            (select count(*) from points_ledger where user_id = $2)::int as points,
            (select count(*) from points_ledger where user_id = $2 and kind = 'bible_reading')::int as readings,
            (select count(*) from points_ledger where user_id = $2 and kind = 'action_step')::int as action_steps,
            (select count(*) from user_badges where user_id = $2)::int as badges,
            (select count(*) from prayer_requests where author_id = $2)::int as prayer_requests,
            (select count(*) from prayer_requests where author_id = $2 and is_anonymous)::int as anonymous,
            (select count(*) from prayer_request_prayers where user_id = $2)::int as prayed,
            (select count(*) from live_chat_messages where user_id = $2)::int as chat,
            (select count(*) from notifications where user_id = $2)::int as notifications,
            (select count(*) from kudos where from_user_id = $2)::int as kudos_given,
            (select count(*) from kudos where to_user_id = $2)::int as kudos_received,
            (select count(*) from group_posts where author_id = $2)::int as group_posts,
            (select count(*) from event_attendance where user_id = $2)::int as rsvps,
            (select count(*) from group_attendance where user_id = $2)::int as attendance,
            (select count(*) from sermon_highlights where user_id = $2)::int as highlights,
            (select count(*) from prayer_chain_links where user_id = $2)::int as partner_weeks,
            (select count(*) from activities where user_id = $2)::int as activity,
            pg_database_size(current_database())::bigint as db_bytes`,
    [churchId, memberId],
  );
  return rows[0];
}

const kib = (status: string, key: string) => Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
const procStatus = (pid: number) => fs.readFileSync(`/proc/${pid}/status`, "utf8");

type TDownload = {
  seconds: number;
  firstByteSeconds: number;
  bytes: number;
  files: number;
  rssBefore: number;
  rssPeak: number;
  body: Buffer;
};

/** The ZIP's entries, from its end-of-central-directory record. */
function zipEntries(zip: Buffer): number {
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 65_557); i--)
    if (zip.readUInt32LE(i) === 0x06054b50) return zip.readUInt16LE(i + 10);
  throw new Error("no ZIP end record");
}

/** `GET /api/user/export.zip` timed to its last byte, the app's memory sampled meanwhile. */
function download(appUrl: string, cookie: string, pid: number): Promise<TDownload> {
  const rssBefore = kib(procStatus(pid), "VmRSS") / 1024;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, kib(procStatus(pid), "VmRSS") / 1024);
  }, 20);
  const t0 = performance.now();
  return new Promise<TDownload>((resolve, reject) => {
    http
      .get(`${appUrl}/api/user/export.zip`, { headers: { cookie } }, (res) => {
        const firstByteSeconds = (performance.now() - t0) / 1000;
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const seconds = (performance.now() - t0) / 1000;
          clearInterval(sampler);
          const body = Buffer.concat(chunks);
          if (res.statusCode !== 200) return reject(new Error(`export: ${res.statusCode} ${body.toString()}`));
          rssPeak = Math.max(rssPeak, kib(procStatus(pid), "VmRSS") / 1024);
          resolve({ seconds, firstByteSeconds, bytes: body.length, files: zipEntries(body), rssBefore, rssPeak, body });
        });
        res.on("error", reject);
      })
      .on("error", (err) => {
        clearInterval(sampler);
        reject(err);
      });
  });
}

/** The once-a-day record: the audit trail's downloads, removed as the audit retention job removes entries. */
async function forgetDownloads(db: pg.Pool): Promise<number> {
  const c = await db.connect();
  try {
    await c.query("begin");
    await c.query("grant delete on audit_entries to current_user");
    const res = await c.query(
      "delete from audit_entries where action = 'export.downloaded' and target_type = 'member'",
    );
    await c.query("revoke delete on audit_entries from current_user");
    await c.query("commit");
    return res.rowCount ?? 0;
  } catch (err) {
    await c.query("rollback");
    throw err;
  } finally {
    c.release();
  }
}

export type TMemberDataResult = {
  rows: Record<string, number>;
  downloads: TDownload[];
  secondSameDay: number;
  /** Rows per JSON file of the first download, against what was seeded. */
  inZip: { file: string; rows: number; seeded: number }[];
  erasure: { seconds: number; status: number; loginAfter: number; rssBefore: number; rssPeak: number } | null;
  appHwmMiB: number;
};

async function measure(): Promise<TMemberDataResult> {
  embedded = await startEmbeddedPostgres(path.join(tmp, "data"), { database: "fellowship_bench" });
  await migrate(embedded.url);
  pool = new pg.Pool({ connectionString: embedded.url, max: 2 });
  console.log("bench: starting the app (npm start's script: it builds what is stale first) …");
  const { url, pid } = await startApp("app", embedded.url, tmp);
  const t0 = performance.now();
  const { churchId } = await seedChurch(pool, url);
  const member = await pool.query<{ id: string }>("select id from users where email = $1", [HEAVY_EMAIL]);
  const memberId = member.rows[0].id;
  const rows = await seedHeavyMember(pool, churchId, memberId);
  console.log(`bench: seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${JSON.stringify(rows)}`);

  const login = await request(url, "POST", "/api/auth/login", { email: HEAVY_EMAIL, password: PASSWORD });
  if (!login.res.ok) throw new Error(`login: ${login.status} ${JSON.stringify(login.json)}`);
  const cookie = sessionOf(login.res);

  const downloads: TDownload[] = [];
  let secondSameDay = 0;
  for (let i = 0; i < RUNS; i++) {
    if (i > 0) {
      if (i === 1) {
        const again = await fetch(`${url}/api/user/export.zip`, { headers: { cookie } });
        await again.arrayBuffer();
        secondSameDay = again.status;
      }
      await forgetDownloads(pool);
    }
    const d = await download(url, cookie, pid);
    console.log(
      `bench: download ${i + 1}: ${d.seconds.toFixed(2)} s (first byte ${d.firstByteSeconds.toFixed(2)} s), ${d.bytes} bytes, ${d.files} files`,
    );
    downloads.push(d);
  }

  // The archive holds what was seeded: rows per JSON file of the first download.
  const files = await unzip(downloads[0].body);
  const rowsOf = (file: string) => (JSON.parse(String(files.get(file) ?? "[]")) as unknown[]).length;
  const inZip: TMemberDataResult["inZip"] = (
    [
      ["sermon-views.json", rows.sermon_views],
      ["points.json", rows.points],
      ["badges.json", rows.badges],
      ["prayer-requests.json", rows.prayer_requests],
      ["prayers.json", rows.prayed],
      ["live-chat.json", rows.chat],
      ["notifications.json", rows.notifications],
      ["kudos.json", rows.kudos_given + rows.kudos_received],
      ["group-posts.json", rows.group_posts],
      ["event-attendance.json", rows.rsvps],
      ["group-attendance.json", rows.attendance],
      ["highlights.json", rows.highlights],
      ["prayer-partners.json", rows.partner_weeks],
      ["activity.json", rows.activity],
    ] as const
  ).map(([file, seeded]) => ({ file, rows: rowsOf(file), seeded }));
  const anonymous = (JSON.parse(String(files.get("prayer-requests.json"))) as { isAnonymous?: boolean }[]).filter(
    (r) => r.isAnonymous,
  ).length;
  inZip.push({ file: "prayer-requests.json (isAnonymous)", rows: anonymous, seeded: rows.anonymous });
  for (const f of inZip) if (f.rows !== f.seeded) console.error(`bench: ${f.file}: ${f.rows} rows, ${f.seeded} seeded`);

  let erasure: TMemberDataResult["erasure"] = null;
  const rssBefore = kib(procStatus(pid), "VmRSS") / 1024;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, kib(procStatus(pid), "VmRSS") / 1024);
  }, 20);
  const e0 = performance.now();
  const del = await request(url, "POST", "/api/user/delete", { password: PASSWORD, confirm: "DELETE" }, cookie);
  const seconds = (performance.now() - e0) / 1000;
  clearInterval(sampler);
  if (del.status === 404) console.log("bench: POST /api/user/delete is not there: the erasure is unmeasured");
  else {
    const after = await request(url, "POST", "/api/auth/login", { email: HEAVY_EMAIL, password: PASSWORD });
    erasure = { seconds, status: del.status, loginAfter: after.status, rssBefore, rssPeak };
    console.log(`bench: erasure: ${del.status} in ${seconds.toFixed(2)} s; sign-in afterwards: ${after.status}`);
    if (del.status !== 200) throw new Error(`erasure: ${del.status} ${JSON.stringify(del.json)}`);
  }
  return { rows, downloads, secondSameDay, inZip, erasure, appHwmMiB: kib(procStatus(pid), "VmHWM") / 1024 };
}

export function formatMemberData(r: TMemberDataResult): string {
  const mib = (n: number) => `${n.toFixed(0)} MiB`;
  const lines = [
    "| Work | Time | First byte | ZIP | Files | App memory before → peak |",
    "| --- | ---: | ---: | ---: | ---: | ---: |",
    ...r.downloads.map(
      (d, i) =>
        `| GET /api/user/export.zip, run ${i + 1} | ${d.seconds.toFixed(2)} s | ${d.firstByteSeconds.toFixed(2)} s | ${(d.bytes / 1024).toFixed(0)} KiB | ${d.files} | ${mib(d.rssBefore)} → ${mib(d.rssPeak)} |`,
    ),
    r.erasure
      ? `| POST /api/user/delete (${r.erasure.status}; sign-in afterwards ${r.erasure.loginAfter}) | ${r.erasure.seconds.toFixed(2)} s | | | | ${mib(r.erasure.rssBefore)} → ${mib(r.erasure.rssPeak)} |`
      : "| POST /api/user/delete | unmeasured | | | | |",
  ];
  const rows = Object.entries(r.rows)
    .map(([k, v]) => `${k} ${Number(v).toLocaleString("en-US")}`)
    .join(", ");
  const zipRows = r.inZip
    .map((f) => `${f.file} ${f.rows}${f.rows === f.seeded ? "" : ` (seeded ${f.seeded})`}`)
    .join(", ");
  return `${lines.join("\n")}\n\nRows in the first archive: ${zipRows}.\n\nSeeded: ${rows}. A second download the same day answered ${r.secondSameDay}. The app's peak resident memory over the whole run (VmHWM): ${mib(r.appHwmMiB)}.`;
}

async function cleanup() {
  await stopAll();
  await pool?.end().catch(() => {});
  await embedded?.stop().catch((err) => console.error("could not stop PostgreSQL:", err));
  fs.rmSync(tmp, { recursive: true, force: true });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  let code = 1;
  try {
    console.log(
      `bench: BENCH_MEMBERS=${MEMBERS}, BENCH_SCALE=${SCALE}; ${os.cpus().length} CPUs, Node ${process.version}, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")}`,
    );
    const r = await measure();
    console.log(`\n${formatMemberData(r)}\n`);
    console.log(
      `bench: load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")}`,
    );
    code = 0;
  } catch (err) {
    console.error("bench:", err);
  } finally {
    await cleanup();
  }
  process.exit(code);
}
