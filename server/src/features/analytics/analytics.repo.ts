import { and, eq, gte, lt, lte, type SQL, sql } from "drizzle-orm";
import { weeklyActionSteps } from "../../db/schema/growth";
import { pointsLedger } from "../../db/schema/points";
import { users } from "../../db/schema/users";
import { inChurch } from "../../lib/church-scope";
import type { TChurchCtx } from "../../lib/context";

/**
 * The growth analytics' two queries, each one round trip. Definitions are in analytics.service.ts.
 * Both read the points ledger through an index that starts with the church, so a church's analytics
 * cost what its own rows cost, and another church's rows are never read.
 */

export type TWindow = {
  now: Date;
  /** This week's Sunday (`YYYY-MM-DD`, church time zone). */
  weekOf: string;
  /** The first week of the series: its Sunday and the instant it starts. */
  firstWeekOf: string;
  seriesStart: Date;
  activeSince: Date;
  recentSince: Date;
};

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
 * One scan of the church's ledger rows of the series' weeks (index church_id, created_at), grouped
 * per week and member once; from that, the weekly series and, joined to the church's members, the
 * member counts. Weeks are Sunday-start in the church's time zone: the local date minus its weekday.
 */
export async function findActivity(ctx: TChurchCtx, w: TWindow): Promise<{ weeks: TWeekRow[]; counts: TMemberCounts }> {
  const tz = ctx.timeZone;
  const local = sql`(${pointsLedger.createdAt} at time zone ${tz})::date`;
  const stepId = ctx.db
    .select({ id: sql`${weeklyActionSteps.id}::text` })
    .from(weeklyActionSteps)
    .where(inChurch(weeklyActionSteps, ctx, eq(weeklyActionSteps.weekOf, w.weekOf)));
  const result = await ctx.db.execute<{ series: TWeekRow[]; counts: TMemberCounts }>(sql`
    with step as (${stepId}),
    per_week as (
      select ${local} - extract(dow from ${local})::int as week, ${pointsLedger.userId} as user_id,
             count(*) filter (where ${pointsLedger.kind} = 'bible_reading')::int as readings,
             count(*) filter (where ${pointsLedger.kind} = 'action_step')::int as action_steps,
             sum(${pointsLedger.points})::int as points,
             max(${pointsLedger.createdAt}) as last_at,
             bool_or(${pointsLedger.kind} = 'action_step' and ${pointsLedger.key} = (select id from step)) as did_step
      from ${pointsLedger}
      where ${inChurch(pointsLedger, ctx, gte(pointsLedger.createdAt, w.seriesStart), lte(pointsLedger.createdAt, w.now))}
      group by 1, 2
    ),
    per_member as (
      select user_id, max(last_at) as last_at, bool_or(week = ${w.weekOf}::date) as this_week,
             bool_or(did_step and week = ${w.weekOf}::date) as did_step
      from per_week group by user_id
    ),
    series as (
      select to_char(weeks.week, 'YYYY-MM-DD') as "weekOf",
             count(per_week.user_id)::int as participants,
             coalesce(sum(per_week.readings), 0)::int as readings,
             coalesce(sum(per_week.action_steps), 0)::int as "actionSteps",
             coalesce(sum(per_week.points), 0)::int as points
      from generate_series(${w.firstWeekOf}::date, ${w.weekOf}::date, interval '7 days') as weeks(week)
      left join per_week on per_week.week = weeks.week::date
      group by weeks.week
    ),
    members as (
      select count(*)::int as "totalMembers",
             count(*) filter (where ${users.lastActiveAt} >= ${w.activeSince} or per_member.last_at >= ${w.activeSince})::int as "activeMembers",
             count(*) filter (where ${users.lastActiveAt} >= ${w.recentSince} or per_member.last_at >= ${w.recentSince})::int as "recentlyActive",
             count(*) filter (where per_member.this_week)::int as "activeParticipants",
             count(*) filter (where per_member.did_step
               and (${users.lastActiveAt} >= ${w.activeSince} or per_member.last_at >= ${w.activeSince}))::int as "actionStepCompletions",
             exists (select 1 from step) as "hasActionStep"
      from ${users} left join per_member on per_member.user_id = ${users.id}
      where ${inChurch(users, ctx)}
    )
    select (select json_agg(series order by "weekOf") from series) as series,
           (select row_to_json(members) from members) as counts`);
  const row = result.rows[0];
  return { weeks: row.series, counts: row.counts };
}

/**
 * The sum over the church's members of their current reading streak. A reading counts for the plan
 * day in its key (`YYYY-MM-DD:passage`), as the member's own streak does (reading.service.ts), so the
 * average is the mean of what members see.
 *
 * Keys are compared as text, so the rows come from the ledger's unique index (church, member, kind,
 * key) alone, already in (member, key) order: one pass gives each member's last reading day and the
 * day their last run began (a day more than one after the previous reading day). A member's streak
 * is the run ending today or yesterday. Most runs are short, so the pass covers `recent` days first;
 * only members whose run reaches back to its start are followed further, up to `since`.
 */
export async function sumReadingStreaks(
  ctx: TChurchCtx,
  days: { today: string; recent: string; since: string },
): Promise<number> {
  const tomorrow = sql`to_char(${days.today}::date + 1, 'YYYY-MM-DD')`;
  const readings = (from: string, ...more: SQL[]) =>
    inChurch(
      pointsLedger,
      ctx,
      eq(pointsLedger.kind, "bible_reading"),
      gte(pointsLedger.key, from),
      // Every key of today sorts below the day after: "YYYY-MM-DD:..." < "YYYY-MM-DE".
      lt(pointsLedger.key, tomorrow),
      sql`${pointsLedger.key} ~ '^\\d{4}-\\d{2}-\\d{2}'`,
      ...more,
    );
  const day = sql`left(${pointsLedger.key}, 10)::date`;
  const result = await ctx.db.execute<{ total: number }>(sql`
    with recent as (
      select user_id, max(day) as last_day, max(day) filter (where gap is distinct from 0 and gap is distinct from 1) as run_start
      from (
        select ${pointsLedger.userId} as user_id, ${day} as day,
               ${day} - lag(${day}) over (partition by ${pointsLedger.userId} order by ${pointsLedger.key}) as gap
        from ${pointsLedger} where ${readings(days.recent)}
      ) r
      group by user_id
      having max(day) >= ${days.today}::date - 1
    ),
    longer as (
      select recent.user_id, older.run_start
      from recent cross join lateral (
        select max(day) filter (where gap is distinct from 0 and gap is distinct from 1) as run_start
        from (
          select ${day} as day, ${day} - lag(${day}) over (order by ${pointsLedger.key}) as gap
          from ${pointsLedger} where ${readings(days.since, sql`${pointsLedger.userId} = recent.user_id`)}
        ) o
      ) older
      where recent.run_start = ${days.recent}::date
    )
    select coalesce(sum(recent.last_day - coalesce(longer.run_start, recent.run_start) + 1), 0)::int as total
    from recent left join longer on longer.user_id = recent.user_id
    join ${users} on ${and(eq(users.id, sql`recent.user_id`), inChurch(users, ctx))}`);
  return result.rows[0].total;
}
