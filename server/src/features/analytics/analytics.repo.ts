import { eq, gte, lt, type SQL, sql } from "drizzle-orm";
import { weeklyActionSteps } from "../../db/schema/growth";
import { pointsLedger } from "../../db/schema/points";
import { users } from "../../db/schema/users";
import { inChurch } from "../../lib/church-scope";
import type { TChurchCtx } from "../../lib/context";

/**
 * The growth analytics' queries (definitions in analytics.service.ts). Each reads the points ledger
 * through an index that starts with the church, so a church's analytics cost what its own rows cost
 * and another church's rows are never read. Three read what has happened before today (the weeks
 * before this one, reading runs up to yesterday, this week before today), which the service keeps
 * for a while; one reads today's rows and the church's members.
 */

export type TWeekRow = { weekOf: string; participants: number; readings: number; actionSteps: number; points: number };
export type TMemberCounts = {
  totalMembers: number;
  activeMembers: number;
  recentlyActive: number;
  activeParticipants: number;
  actionStepCompletions: number;
  hasActionStep: boolean;
};

/**
 * Weeks of the series, from the ledger rows earned between the first week's start and the last
 * week's end: distinct members paid, readings, action steps and points; weeks without a row are
 * zeros. `weeks` are the Sundays (`YYYY-MM-DD`) and `starts` the instants they begin in the
 * church's time zone, with the instant the last one ends: a row's week is found by comparing
 * instants (width_bucket), not by converting each row's time to the church's calendar.
 */
export async function findWeeks(ctx: TChurchCtx, weeks: string[], starts: Date[]): Promise<TWeekRow[]> {
  const bounds = `{${starts.map((d) => d.toISOString()).join(",")}}`;
  const result = await ctx.db.execute<TWeekRow>(sql`
    with per_week as (
      select width_bucket(${pointsLedger.createdAt}, ${bounds}::timestamptz[]) as n,
             count(distinct ${pointsLedger.userId})::int as participants,
             count(*) filter (where ${pointsLedger.kind} = 'bible_reading')::int as readings,
             count(*) filter (where ${pointsLedger.kind} = 'action_step')::int as action_steps,
             sum(${pointsLedger.points})::int as points
      from ${pointsLedger}
      where ${inChurch(
        pointsLedger,
        ctx,
        gte(pointsLedger.createdAt, starts[0]),
        lt(pointsLedger.createdAt, starts[starts.length - 1]),
      )}
      group by 1
    )
    select weeks."weekOf", coalesce(per_week.participants, 0) as participants,
           coalesce(per_week.readings, 0) as readings, coalesce(per_week.action_steps, 0) as "actionSteps",
           coalesce(per_week.points, 0) as points
    from unnest(${`{${weeks.join(",")}}`}::text[]) with ordinality as weeks("weekOf", n)
    left join per_week on per_week.n = weeks.n
    order by weeks.n`);
  return result.rows;
}

/** Bible readings by plan day (`YYYY-MM-DD:passage` keys) from `from` up to, not including, `until`. */
function readingsBetween(ctx: TChurchCtx, from: string, until: string | SQL, ...more: SQL[]): SQL {
  return inChurch(
    pointsLedger,
    ctx,
    eq(pointsLedger.kind, "bible_reading"),
    gte(pointsLedger.key, from),
    // "YYYY-MM-DD:..." keys sort by day: every key of a day sorts below the next day.
    lt(pointsLedger.key, until),
    ...more,
  ) as SQL;
}

const planDay = sql`left(${pointsLedger.key}, 10)::date`;
/** A reading day more than one after the member's previous one (or their first) begins a run. */
const RUN_START = sql`max(day) filter (where gap is distinct from 0 and gap is distinct from 1)`;

/**
 * Reading runs up to yesterday: for each member whose last reading day before `today` is
 * `yesterday`, the length of that run. A reading counts for the plan day in its key, as the member's
 * own streak does (reading.service.ts).
 *
 * Keys are compared as text, so the rows come from the ledger's unique index (church, member, kind,
 * key) alone, in (member, key) order: one pass gives each member's last day and the start of their
 * last run. Most runs are short, so the pass covers the days from `recent` first; only members
 * whose run reaches back to `recent` are followed further, up to `since`.
 */
export async function findReadingRuns(
  ctx: TChurchCtx,
  days: { today: string; yesterday: string; recent: string; since: string },
): Promise<{ userId: string; length: number }[]> {
  const result = await ctx.db.execute<{ userId: string; length: number }>(sql`
    with recent as (
      select user_id, max(day) as last_day, ${RUN_START} as run_start
      from (
        select ${pointsLedger.userId} as user_id, ${planDay} as day,
               ${planDay} - lag(${planDay}) over (partition by ${pointsLedger.userId} order by ${pointsLedger.key}) as gap
        from ${pointsLedger} where ${readingsBetween(ctx, days.recent, days.today)}
      ) r
      group by user_id
      having max(day) = ${days.yesterday}::date
    ),
    longer as (
      select recent.user_id, older.run_start
      from recent cross join lateral (
        select ${RUN_START} as run_start
        from (
          select ${planDay} as day, ${planDay} - lag(${planDay}) over (order by ${pointsLedger.key}) as gap
          from ${pointsLedger}
          where ${readingsBetween(ctx, days.since, days.today, sql`${pointsLedger.userId} = recent.user_id`)}
        ) o
      ) older
      where recent.run_start = ${days.recent}::date
    )
    select recent.user_id as "userId", (recent.last_day - coalesce(longer.run_start, recent.run_start) + 1)::int as length
    from recent left join longer on longer.user_id = recent.user_id`);
  return result.rows;
}

/**
 * A reading for a day is paid no earlier than that day begins in the church's time zone (future days
 * are refused), so today's readings are among the rows earned since today began. The slack covers a
 * church that has moved its time zone: a date begins at most 26 hours apart across time zones
 * (UTC-12 to UTC+14).
 */
const TODAY_SLACK_MS = 26 * 3_600_000;

/**
 * One member's part before today: this week's rows earned before today, their reading run up to
 * yesterday, and whether a reading for today was paid before today began (a time zone moved).
 */
export type TMemberBefore = {
  userId: string;
  /** Whether they earned any points this week before today. */
  paid: boolean;
  readings: number;
  actionSteps: number;
  points: number;
  /** Keys of the action steps they completed this week before today, comma-separated, or null. */
  stepKeys: string | null;
  readToday: boolean;
  /** Their reading run up to yesterday (filled in by the service from `findReadingRuns`). */
  run: number;
};

/** Each member's part of this week before today (rows earned from `weekStart` to `todayStart`). */
export async function findWeekBeforeToday(
  ctx: TChurchCtx,
  w: { today: string; weekStart: Date; todayStart: Date },
): Promise<TMemberBefore[]> {
  const from = new Date(Math.min(w.weekStart.getTime(), w.todayStart.getTime() - TODAY_SLACK_MS));
  const inWeek = sql`${pointsLedger.createdAt} >= ${w.weekStart}`;
  const result = await ctx.db.execute<TMemberBefore>(sql`
    select ${pointsLedger.userId} as "userId",
           bool_or(${inWeek}) as paid,
           count(*) filter (where ${inWeek} and ${pointsLedger.kind} = 'bible_reading')::int as readings,
           count(*) filter (where ${inWeek} and ${pointsLedger.kind} = 'action_step')::int as "actionSteps",
           coalesce(sum(${pointsLedger.points}) filter (where ${inWeek}), 0)::int as points,
           string_agg(${pointsLedger.key}, ',') filter (where ${inWeek} and ${pointsLedger.kind} = 'action_step') as "stepKeys",
           bool_or(${pointsLedger.kind} = 'bible_reading' and left(${pointsLedger.key}, 10) = ${w.today}) as "readToday",
           0 as run
    from ${pointsLedger}
    where ${inChurch(pointsLedger, ctx, gte(pointsLedger.createdAt, from), lt(pointsLedger.createdAt, w.todayStart))}
    group by 1`);
  return result.rows;
}

/**
 * What `findThisWeek` needs of the time before today, encoded once for every request that day:
 * this week's totals before today and, per member with any part, PostgreSQL array literals (passed
 * as parameters and read with unnest: far cheaper than JSON for a few thousand members).
 */
export type TBeforeParams = {
  readings: number;
  actionSteps: number;
  points: number;
  userIds: string;
  paid: string;
  stepKeys: string;
  runs: string;
  readToday: string;
};

/** A PostgreSQL array literal; every element quoted (null as NULL). */
function pgArray(values: (string | number | boolean | null)[]): string {
  const quote = (v: string | number | boolean | null) =>
    v === null ? "NULL" : `"${String(v).replace(/[\\"]/g, (c) => `\\${c}`)}"`;
  return `{${values.map(quote).join(",")}}`;
}

export function encodeBefore(members: TMemberBefore[]): TBeforeParams {
  let readings = 0;
  let actionSteps = 0;
  let points = 0;
  for (const m of members) {
    readings += m.readings;
    actionSteps += m.actionSteps;
    points += m.points;
  }
  return {
    readings,
    actionSteps,
    points,
    userIds: pgArray(members.map((m) => m.userId)),
    paid: pgArray(members.map((m) => m.paid)),
    stepKeys: pgArray(members.map((m) => m.stepKeys)),
    runs: pgArray(members.map((m) => m.run)),
    readToday: pgArray(members.map((m) => m.readToday)),
  };
}

/**
 * This week so far and the member counts: today's rows (earned from `todayStart` to `now`) grouped
 * per member, added to `before` (this week before today, from `encodeBefore`), joined to the
 * church's current members. One pass over a day's rows and the members.
 * `streakDays` sums the members' reading streaks today: the run up to yesterday, plus one for a
 * member who has read today (a reading for today counts whenever it was paid).
 */
export async function findThisWeek(
  ctx: TChurchCtx,
  w: {
    weekOf: string;
    today: string;
    todayStart: Date;
    now: Date;
    activeSince: Date;
    recentSince: Date;
    before: TBeforeParams;
  },
): Promise<{ week: TWeekRow; counts: TMemberCounts & { streakDays: number } }> {
  const stepId = ctx.db
    .select({ id: sql`${weeklyActionSteps.id}::text` })
    .from(weeklyActionSteps)
    .where(inChurch(weeklyActionSteps, ctx, eq(weeklyActionSteps.weekOf, w.weekOf)));
  const b = w.before;
  const upToNow = sql`${pointsLedger.createdAt} <= ${w.now}`;
  const seen = (since: Date) => sql`(${users.lastActiveAt} >= ${since} or p.paid)`;
  const result = await ctx.db.execute<{ week: TWeekRow; counts: TMemberCounts & { streakDays: number } }>(sql`
    with step as (${stepId}),
    before as (
      select * from unnest(${b.userIds}::uuid[], ${b.paid}::boolean[], ${b.stepKeys}::text[], ${b.runs}::int[],
                           ${b.readToday}::boolean[]) as b(user_id, paid, step_keys, run, read_today)
    ),
    today as (
      select ${pointsLedger.userId} as user_id,
             bool_or(${upToNow}) as paid,
             count(*) filter (where ${upToNow} and ${pointsLedger.kind} = 'bible_reading')::int as readings,
             count(*) filter (where ${upToNow} and ${pointsLedger.kind} = 'action_step')::int as action_steps,
             coalesce(sum(${pointsLedger.points}) filter (where ${upToNow}), 0)::int as points,
             bool_or(${upToNow} and ${pointsLedger.kind} = 'action_step' and ${pointsLedger.key} = (select id from step)) as did_step,
             bool_or(${pointsLedger.kind} = 'bible_reading' and left(${pointsLedger.key}, 10) = ${w.today}) as read_today
      from ${pointsLedger}
      where ${inChurch(pointsLedger, ctx, gte(pointsLedger.createdAt, w.todayStart))}
      group by 1
    ),
    per_member as (
      select coalesce(b.user_id, t.user_id) as user_id,
             coalesce(b.paid, false) or coalesce(t.paid, false) as paid,
             coalesce((select id from step) = any(string_to_array(b.step_keys, ',')), false)
               or coalesce(t.did_step, false) as did_step,
             coalesce(b.run, 0)
               + case when coalesce(b.read_today, false) or coalesce(t.read_today, false) then 1 else 0 end as streak
      from before b full join today t on t.user_id = b.user_id
    ),
    week as (
      select ${w.weekOf}::text as "weekOf",
             (select count(*) from per_member where paid)::int as participants,
             (${b.readings}::int + coalesce(sum(readings), 0))::int as readings,
             (${b.actionSteps}::int + coalesce(sum(action_steps), 0))::int as "actionSteps",
             (${b.points}::int + coalesce(sum(points), 0))::int as points
      from today
    ),
    members as (
      select count(*)::int as "totalMembers",
             count(*) filter (where ${seen(w.activeSince)})::int as "activeMembers",
             count(*) filter (where ${seen(w.recentSince)})::int as "recentlyActive",
             count(*) filter (where p.paid)::int as "activeParticipants",
             count(*) filter (where p.did_step)::int as "actionStepCompletions",
             exists (select 1 from step) as "hasActionStep",
             coalesce(sum(p.streak), 0)::int as "streakDays"
      from ${users} left join per_member p on p.user_id = ${users.id}
      where ${inChurch(users, ctx)}
    )
    select (select row_to_json(week) from week) as week, (select row_to_json(members) from members) as counts`);
  return result.rows[0];
}
