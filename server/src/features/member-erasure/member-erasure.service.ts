import { eq, type SQL, sql } from "drizzle-orm";
import type { TDb } from "../../db/client";
import { memberErasures } from "../../db/schema/churches";
import { users } from "../../db/schema/users";
import { recordAudit, type TAuditBy } from "../../lib/audit";
import type { TChanged } from "../../lib/context";
import { publish } from "../../lib/domain-events";
import { memberPseudonym } from "../../lib/pseudonym";

export type TErasureSource = "member" | "admin" | "retention" | "restore";

/** The e-mail domain of a tombstone: `.invalid` is reserved (RFC 2606), so no mail is ever sent there. */
export const ERASED_EMAIL_DOMAIN = "erased.invalid";

/**
 * The member's own rows that leave with them (issue 28): what identifies them (sessions, tokens,
 * devices, preferences, picture), what is private to them (notifications, notes and highlights) and
 * what they wrote for others (prayer requests, named or anonymous, group prayers and posts, chat).
 * Rows that point at these go with them (their foreign keys cascade). Every other row that points
 * at the member is re-keyed to the tombstone instead (`rekeyReferences`), so a count stays true.
 */
const DELETED_WITH_MEMBER: [table: string, column: string][] = [
  ["sessions", "user_id"],
  ["password_resets", "user_id"],
  ["email_verifications", "user_id"],
  ["push_subscriptions", "user_id"],
  ["notification_channels", "user_id"],
  ["user_preferences", "user_id"],
  ["user_avatars", "user_id"],
  ["notifications", "user_id"],
  ["notifications", "related_id"],
  ["sermon_highlights", "user_id"],
  ["prayer_requests", "author_id"],
  ["group_prayers", "author_id"],
  ["group_posts", "author_id"],
  ["live_moderators", "user_id"],
  ["group_members", "user_id"],
  ["group_join_requests", "user_id"],
  ["integration_people", "user_id"],
  ["activities", "user_id"],
  ["announcement_recipients", "user_id"],
];

type TMember = {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  churchId: string | null;
};

/**
 * The words that name the member inside other rows' text: their e-mail wherever it appears; their
 * full name and each name alone (3+ letters, whole words: "Ann" is not "Annual") within the erasing
 * church, whose members' notifications and activity lines are the only ones that could speak of them.
 */
function namesOf(m: TMember): { everywhere: string[]; inChurch: string[] } {
  const full = [m.firstName, m.lastName].filter(Boolean).join(" ").trim();
  const long = (words: string[]) => [...new Set(words.filter((w) => w.length >= 3))];
  return {
    everywhere: long([m.email]),
    inChurch: long([full, m.firstName?.trim() ?? "", m.lastName?.trim() ?? ""]),
  };
}

/** Each name as a whole word ("Ann" is not "Annual"), case-insensitive: for `~* any(...)`. */
const wordsAny = (names: string[]) =>
  sql`array[${sql.join(
    names.map((n) => sql`${`\\m${n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\M`}`),
    sql`, `,
  )}]::text[]`;

const likeAny = (names: string[]) =>
  sql`array[${sql.join(
    names.map((n) => sql`${`%${n.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`),
    sql`, `,
  )}]::text[]`;

/** A name as it is written inside JSON text, as a case-insensitive regular expression. */
const jsonPattern = (s: string) =>
  JSON.stringify(s)
    .slice(1, -1)
    .replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Every column that references users(id), read from the catalogue so that a table added later is
 * never forgotten, re-keyed from the member to the tombstone.
 */
async function rekeyReferences(tx: TDb, memberId: string, tombstone: string): Promise<void> {
  const res = await tx.execute(sql`
    select cl.relname as tbl, a.attname as col
    from pg_constraint c
    join pg_class cl on cl.oid = c.conrelid
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
    where c.contype = 'f' and c.confrelid = 'users'::regclass`);
  for (const row of res.rows as { tbl: string; col: string }[]) {
    await tx.execute(
      sql`update ${sql.identifier(row.tbl)} set ${sql.identifier(row.col)} = ${tombstone}::uuid where ${sql.identifier(row.col)} = ${memberId}::uuid`,
    );
  }
}

/**
 * Text in other members' rows that names the member: their notifications ("Ruth prayed for you")
 * and the admins' activity lines leave; invitations made for the member keep their row (the
 * dashboard counts invitations ever sent) without the address or names; kudos they received keep
 * their row (counts, the sender's points) without the words, which named them.
 */
async function scrubMentions(tx: TDb, m: TMember, churchId: string, tombstone: string): Promise<void> {
  const { everywhere, inChurch } = namesOf(m);
  const mentions = (cols: SQL[]) => {
    const anyOf = (match: (c: SQL) => SQL) => sql.join(cols.map(match), sql` or `);
    const parts = [
      ...(everywhere.length ? [anyOf((c) => sql`${c} ilike any(${likeAny(everywhere)})`)] : []),
      ...(inChurch.length
        ? [sql`(church_id = ${churchId}::uuid and (${anyOf((c) => sql`${c} ~* any(${wordsAny(inChurch)})`)}))`]
        : []),
    ];
    return parts.length ? sql.join(parts, sql` or `) : sql`false`;
  };
  await tx.execute(
    sql`delete from notifications where ${mentions([sql`title`, sql`message`, sql`coalesce(text_values::text, '')`])}`,
  );
  await tx.execute(sql`delete from activities where ${mentions([sql`description`, sql`coalesce(message::text, '')`])}`);
  const email = m.email.toLowerCase();
  const erasedEmail = `${tombstone}@${ERASED_EMAIL_DOMAIN}`;
  await tx.execute(sql`delete from invitations where lower(email) = ${email} and not is_used`);
  await tx.execute(
    sql`update invitations set email = ${erasedEmail}, first_name = null, last_name = null where lower(email) = ${email}`,
  );
  // Sends stay counted (the daily limits of the church and the install), to the erased address.
  await tx.execute(sql`update invitation_sends set recipient = ${erasedEmail} where lower(recipient) = ${email}`);
  await tx.execute(sql`delete from invitation_requests where lower(email) = ${email}`);
  await tx.execute(sql`delete from integration_people where lower(email) = ${email}`);
  await tx.execute(sql`delete from sign_in_failures where lower(key) = ${`email:${email}`}`);
  await tx.execute(sql`delete from sign_in_locks where lower(key) = ${`email:${email}`}`);
  await tx.execute(
    sql`update kudos set title = '', message = '', rejection_reason = null where to_user_id = ${m.id}::uuid`,
  );
}

/**
 * The audit trail is append-only (migration 0018): the erasure lends itself UPDATE inside its one
 * transaction, as the retention job lends itself DELETE, and gives it back before the commit. Every
 * entry keeps its action; the member becomes the pseudonym (as actor, without names or address,
 * and as target), and their e-mail, names and id inside `changes` read as the pseudonym.
 */
async function pseudonymiseAudit(tx: TDb, m: TMember, churchId: string, pseudonym: string): Promise<void> {
  await tx.execute(sql`grant update on audit_entries to current_user`);
  await tx.execute(sql`update audit_entries set actor_id = ${pseudonym}::uuid, actor_first_name = null,
    actor_last_name = null, ip = null where actor_id = ${m.id}::uuid`);
  await tx.execute(sql`update audit_entries set target_id = ${pseudonym} where target_id = ${m.id}`);
  const full = [m.firstName, m.lastName].filter(Boolean).join(" ").trim();
  // The id and e-mail first (an address may hold a name), then the full name before its parts;
  // names as whole words only.
  const names = [full, m.firstName?.trim() ?? "", m.lastName?.trim() ?? ""]
    .filter((w) => w.length >= 2)
    .sort((a, b) => b.length - a.length);
  const patterns = [m.id, m.email].map(jsonPattern).concat(names.map((w) => `\\m${jsonPattern(w)}\\M`));
  const churchOrTheirs = sql`(church_id = ${churchId}::uuid or actor_id = ${pseudonym}::uuid or target_id = ${pseudonym})`;
  for (const p of new Set(patterns)) {
    await tx.execute(sql`update audit_entries
      set changes = regexp_replace(changes::text, ${p}, ${pseudonym}, 'gi')::jsonb
      where ${churchOrTheirs} and changes::text ~* ${p}`);
  }
  await tx.execute(sql`revoke update on audit_entries from current_user`);
}

/**
 * Erases one member of one church in one transaction; returns nothing. Throws only on a database failure.
 *
 * Personal data leaves every table while the church's figures stay true: a tombstone user (id =
 * `memberPseudonym(memberId)`, no church, no names, no password, an address at `erased.invalid`
 * that no one can sign in with) takes the member's place in every row that feeds a count (sermon
 * views, points, badges, readings, "I prayed", RSVPs, attendance, kudos sent and received, partner
 * weeks); their own and private rows are deleted (DELETED_WITH_MEMBER); other rows' text that names
 * them is removed (scrubMentions); the audit trail names the pseudonym. A member not found, or in
 * another church, is left alone (the routes answer 404 before).
 */
export async function eraseMember(
  db: TDb,
  opts: { churchId: string; memberId: string; source: TErasureSource; by: TAuditBy; reason?: string; now?: Date },
): Promise<void> {
  const now = opts.now ?? new Date();
  const pseudonym = memberPseudonym(opts.memberId);
  await db.transaction(async (tx) => {
    const [m] = await tx
      .select({
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        churchId: users.churchId,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(eq(users.id, opts.memberId))
      .for("update");
    if (!m || (m.churchId !== null && m.churchId !== opts.churchId)) return;
    // Out of every member list, count and directory as a removed member is: no church.
    await tx
      .insert(users)
      .values({
        id: pseudonym,
        email: `${pseudonym}@${ERASED_EMAIL_DOMAIN}`,
        role: "CONGREGANT",
        churchId: null,
        points: 0,
        createdAt: m.createdAt,
      })
      .onConflictDoNothing();
    // Groups they were the last leader of stay, leaderless, and the admins are told (as when a leader leaves).
    const leaderless = await tx.execute<{ groupId: string }>(sql`select gm.group_id as "groupId"
      from group_members gm where gm.user_id = ${m.id}::uuid and gm.role = 'leader'
        and not exists (select 1 from group_members o
          where o.group_id = gm.group_id and o.role = 'leader' and o.user_id <> ${m.id}::uuid)`);
    for (const [table, column] of DELETED_WITH_MEMBER) {
      await tx.execute(
        sql`delete from ${sql.identifier(table)} where ${sql.identifier(column)} = ${opts.memberId}::uuid`,
      );
    }
    // Their chat messages leave; each stream's message count keeps them (as the chat retention does).
    await tx.execute(sql`with gone as (
        delete from live_chat_messages where user_id = ${m.id}::uuid returning stream_id
      ), per_stream as (select stream_id, count(*)::int as n from gone group by stream_id)
      update live_streams s set expired_message_count = s.expired_message_count + p.n
      from per_stream p where s.id = p.stream_id`);
    await scrubMentions(tx, m, opts.churchId, pseudonym);
    await rekeyReferences(tx, m.id, pseudonym);
    await pseudonymiseAudit(tx, m, opts.churchId, pseudonym);
    await tx.delete(users).where(eq(users.id, m.id));
    await tx
      .insert(memberErasures)
      .values({ pseudonym, churchId: opts.churchId, source: opts.source, erasedAt: now })
      .onConflictDoNothing();
    // The member erasing themself is named by the pseudonym, like every entry they made.
    const actor = opts.by.userId === m.id ? pseudonym : opts.by.userId;
    await recordAudit(
      tx,
      { churchId: opts.churchId, userId: actor, ip: actor === pseudonym ? null : opts.by.ip },
      {
        action: "member.erased",
        targetType: "member",
        targetId: pseudonym,
        changes: opts.reason ? { reason: [null, opts.reason] } : {},
        at: now,
      },
    );
    for (const { groupId } of leaderless.rows) {
      await publish(tx, "group.leaderless", {
        churchId: opts.churchId,
        actorId: actor === pseudonym ? null : actor,
        groupId,
      });
    }
    await publish(tx, "member.erased", {
      churchId: opts.churchId,
      actorId: actor === pseudonym ? null : actor,
      userId: m.id,
      pseudonym,
    });
  });
}

/**
 * What every process forgets after an erasure: the member's cached account (a session still cached
 * finds no one: 401), the church's cached members, and the cached lists that held their rows (prayer
 * requests, kudos, live chat, growth). The request that erased calls it at once; the `member.erased`
 * subscriber calls it again for every erasure (the retention job's too).
 */
export async function forgetErasedMember(changed: TChanged, churchId: string, memberId: string): Promise<void> {
  await changed("user", memberId);
  for (const topic of ["church", "prayer", "kudos", "live", "growth"] as const) await changed(topic, churchId);
}
