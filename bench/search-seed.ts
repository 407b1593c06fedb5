import type pg from "pg";

/** The search case's church size (issue 24: "within 100 ms for a church with 20,000 sermons"). */
export const SEARCH_SERMONS = 20_000;

/**
 * Sermons for the search benchmarks (bench/run.ts and bench/search-explain.ts): titles from 40 x 37
 * topic pairs (one topic in 40 of the titles), 12 speakers, 60 series, a scripture each, and a
 * description and a paragraph of notes (about 600 characters) that all say "faith".
 */
export async function insertSearchSermons(db: Pick<pg.Pool, "query">, churchId: string, count: number): Promise<void> {
  await db.query(
    `with t as (select array['Grace','Hope','Love','Mercy','Peace','Joy','Patience','Kindness','Courage','Wisdom',
                 'Forgiveness','Prayer','Worship','Service','Humility','Truth','Light','Rest','Trust','Generosity',
                 'Healing','Freedom','Justice','Promise','Covenant','Kingdom','Spirit','Shepherd','Vine','Bread',
                 'Water','Harvest','Exile','Return','Wilderness','Mountain','River','Garden','City','Table'] as w,
                array['Genesis','Exodus','Psalms','Isaiah','Matthew','Mark','Luke','John','Acts','Romans','Hebrews','James'] as b)
     insert into sermons (church_id, title, speaker, date, duration, series, scripture, description, notes, tags)
     select $1, t.w[1 + g % 40] || ' and ' || t.w[1 + (g / 40) % 37] || ', part ' || g,
            'Speaker ' || (g % 12), date '1990-01-07' + (g % 12000), 30 + g % 40, 'Series ' || (g % 60),
            t.b[1 + g % 12] || ' ' || (1 + g % 28) || ':' || (1 + g % 30),
            'A message on ' || lower(t.w[1 + (g / 7) % 40]) || ' and faith, number ' || g || '.',
            repeat('We read the passage together and asked what it means to live by faith this week. ', 7),
            array['faith']
     from t, generate_series(1, $2::int) as g`,
    [churchId, count],
  );
}
