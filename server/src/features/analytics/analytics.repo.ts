import { eq, gte, lt, lte, type SQL, sql } from "drizzle-orm";
import { weeklyActionSteps } from "../../db/schema/growth";
import { pointsLedger } from "../../db/schema/points";
import { users } from "../../db/schema/users";
import { inChurch } from "../../lib/church-scope";
import type { TChurchCtx } from "../../lib/context";

/**
 * The growth analytics' queries (definitions in analytics.service.ts). Each reads the points ledger
 * through an index that starts with the church, so a church's analytics cost what its own rows cost
 * and another church's rows are never read. Two read history (the weeks before this one, reading
 * runs up to yesterday), which the service keeps for a while; two read the present.
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

/**
 * This week so far (rows earned from `weekStart` to `now`), grouped per member once: the week's
 * figures and, joined to the church's members, the member counts.
 */
export async function findThisWeek(
  ctx: TChurchCtx,
  w: { weekOf: string; weekStart: Date; now: Date; activeSince: Date; recentSince: Date },
): Promise<{ week: TWeekRow; counts: TMemberCounts }> {
  const stepId = ctx.db
    .select({ id: sql`${weeklyActionSteps.id}::text` })
    .from(weeklyActionSteps)
    .where(inChurch(weeklyActionSteps, ctx, eq(weeklyActionSteps.weekOf, w.weekOf)));
  const seen = (since: Date) => sql`(${users.lastActiveAt} >= ${since} or paid.user_id is not null)`;
  const result = await ctx.db.execute<{ week: TWeekRow; counts: TMemberCounts }>(sql`
    with step as (${stepId}),
    paid as (
      select ${pointsLedger.userId} as user_id,
             count(*) filter (where ${pointsLedger.kind} = 'bible_reading')::int as readings,
             count(*) filter (where ${pointsLedger.kind} = 'action_step')::int as action_steps,
             sum(${pointsLedger.points})::int as points,
             bool_or(${pointsLedger.kind} = 'action_step' and ${pointsLedger.key} = (select id from step)) as did_step
      from ${pointsLedger}
      where ${inChurch(pointsLedger, ctx, gte(pointsLedger.createdAt, w.weekStart), lte(pointsLedger.createdAt, w.now))}
      group by 1
    ),
    week as (
      select ${w.weekOf}::text as "weekOf", count(*)::int as participants,
             coalesce(sum(readings), 0)::int as readings, coalesce(sum(action_steps), 0)::int as "actionSteps",
             coalesce(sum(points), 0)::int as points
      from paid
    ),
    members as (
      select count(*)::int as "totalMembers",
             count(*) filter (where ${seen(w.activeSince)})::int as "activeMembers",
             count(*) filter (where ${seen(w.recentSince)})::int as "recentlyActive",
             count(paid.user_id)::int as "activeParticipants",
             count(*) filter (where paid.did_step)::int as "actionStepCompletions",
             exists (select 1 from step) as "hasActionStep"
      from ${users} left join paid on paid.user_id = ${users.id}
      where ${inChurch(users, ctx)}
    )
    select (select row_to_json(week) from week) as week, (select row_to_json(members) from members) as counts`);
  return result.rows[0];
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
 * The sum over the church's current members of their reading streak today: the run up to
 * yesterday (`runs`, member id → length), plus one for a member who has read today.
 */
export async function sumStreaks(ctx: TChurchCtx, today: string, runs: Record<string, number>): Promise<number> {
  const tomorrow = sql`to_char(${today}::date + 1, 'YYYY-MM-DD')`;
  const mine = sql`${pointsLedger.userId} = ${users.id}`;
  const readToday = sql`exists (select 1 from ${pointsLedger} where ${readingsBetween(ctx, today, tomorrow, mine)})`;
  const result = await ctx.db.execute<{ total: number }>(sql`
    select coalesce(sum(coalesce((${JSON.stringify(runs)}::jsonb ->> ${users.id}::text)::int, 0)
                        + case when ${readToday} then 1 else 0 end), 0)::int as total
    from ${users} where ${inChurch(users, ctx)}`);
  return result.rows[0].total;
}
