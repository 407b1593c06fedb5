import type { TAuthUser } from "@common/auth";
import { isLanguage } from "@common/i18n/locales";
import { and, eq, gt, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { TDb, TRootDb } from "../db/client";
import { sessions } from "../db/schema/auth";
import { churches } from "../db/schema/churches";
import { users } from "../db/schema/users";
import type { CacheBus } from "./cache-bus";

// A safety net only: changes are pushed to every process through the cache bus at once.
const TTL_MS = 60_000;
const ACTIVE_WRITE_MS = 5 * 60_000;

type TSessionEntry = { userId: string; expiresAt: number; loadedAt: number };
type TUserEntry = { user: TAuthUser; loadedAt: number; activeWrittenAt: number };
type TMessage = { t: "user" | "church" | "session"; id: string };

/**
 * Every request checks its session, so sessions and users are cached in memory. Any process that
 * changes a user, a church or a session publishes it on the cache bus and every process drops its copy.
 */
export class UserCache {
  private readonly sessionsById = new Map<string, TSessionEntry>();
  private readonly usersById = new Map<string, TUserEntry>();
  /** Bumped by every drop: a load that started before a change must not store what it read. */
  private generation = 0;

  constructor(
    private readonly db: TRootDb,
    private readonly log: FastifyBaseLogger,
    private readonly bus: CacheBus,
  ) {
    bus.on("session", (id) => this.drop({ t: "session", id }));
    bus.on("user", (id) => this.drop({ t: "user", id }));
    bus.on("church", (id) => this.drop({ t: "church", id }));
    bus.onReset(() => this.clear());
  }

  private clear(): void {
    this.generation++;
    this.sessionsById.clear();
    this.usersById.clear();
  }

  private drop(msg: TMessage): void {
    this.generation++;
    if (msg.t === "session") this.sessionsById.delete(msg.id);
    else if (msg.t === "user") this.usersById.delete(msg.id);
    else if (msg.t === "church") {
      for (const [id, entry] of this.usersById) if (entry.user.churchId === msg.id) this.usersById.delete(id);
    }
  }

  /** Publishes a change to every process (this one included) after the writing transaction commits. */
  invalidate(t: TMessage["t"], id: string): Promise<void> {
    return this.bus.publish(t, id);
  }

  /**
   * The session's user when the session and the user are both in memory and fresh, without a promise
   * or a query (every request asks: the access check and `GET /api/auth/user` answer from it);
   * null for a session known to have expired; undefined when `getUserForSession` must load.
   */
  peekUserForSession(sessionId: string): TAuthUser | null | undefined {
    const now = Date.now();
    const s = this.sessionsById.get(sessionId);
    if (!s || now - s.loadedAt > TTL_MS) return undefined;
    if (s.expiresAt <= now) return null;
    const entry = this.usersById.get(s.userId);
    if (!entry || now - entry.loadedAt > TTL_MS) return undefined;
    this.noteActive(s.userId, entry, now);
    return entry.user;
  }

  async getUserForSession(sessionId: string): Promise<TAuthUser | null> {
    const now = Date.now();
    let s = this.sessionsById.get(sessionId);
    if (!s || now - s.loadedAt > TTL_MS) {
      const generation = this.generation;
      const [row] = await this.db
        .select({ userId: sessions.userId, expiresAt: sessions.expiresAt })
        .from(sessions)
        .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, new Date())));
      if (!row) {
        this.sessionsById.delete(sessionId);
        return null;
      }
      s = { userId: row.userId, expiresAt: row.expiresAt.getTime(), loadedAt: now };
      if (generation === this.generation) this.sessionsById.set(sessionId, s);
    }
    if (s.expiresAt <= now) return null;
    return this.getUser(s.userId);
  }

  async getUser(userId: string): Promise<TAuthUser | null> {
    const now = Date.now();
    let entry = this.usersById.get(userId);
    if (!entry || now - entry.loadedAt > TTL_MS) {
      const generation = this.generation;
      const user = await loadAuthUser(this.db, userId);
      if (!user) return null;
      entry = { user, loadedAt: now, activeWrittenAt: entry?.activeWrittenAt ?? 0 };
      if (generation === this.generation) this.usersById.set(userId, entry);
    }
    this.noteActive(userId, entry, now);
    return entry.user;
  }

  /** Records the user's activity at most every few minutes (in the background). */
  private noteActive(userId: string, entry: TUserEntry, now: number): void {
    if (now - entry.activeWrittenAt <= ACTIVE_WRITE_MS) return;
    entry.activeWrittenAt = now;
    this.recordActivity(userId, entry.user.churchId).catch((err) =>
      this.log.warn({ err }, "could not record activity"),
    );
  }

  /**
   * Admins see when a member was last active as a day (the kept first page of members): the first
   * activity of a new UTC day changes it, so that one write, not every write, tells the church's
   * member list (`members`).
   */
  private async recordActivity(userId: string, churchId: string | null): Promise<void> {
    const at = new Date().toISOString();
    const { rows } = await this.db.execute<{ dayTurned: boolean }>(sql`
      update ${users} set last_active_at = ${at}::timestamptz
      from (select last_active_at as before from ${users} where id = ${userId}::uuid) old
      where ${users.id} = ${userId}::uuid
      returning old.before is null
        or (old.before at time zone 'UTC')::date <> (${at}::timestamptz at time zone 'UTC')::date as "dayTurned"`);
    if (churchId && rows[0]?.dayTurned) await this.bus.publish("members", churchId);
  }
}

export async function loadAuthUser(db: TDb, userId: string): Promise<TAuthUser | null> {
  const [row] = await db
    .select({
      user: users,
      church: {
        name: churches.name,
        logoUrl: churches.logoUrl,
        brandColor: churches.brandColor,
        timeZone: churches.timeZone,
        defaultLanguage: churches.defaultLanguage,
      },
    })
    .from(users)
    .leftJoin(churches, eq(churches.id, users.churchId))
    .where(eq(users.id, userId));
  if (!row) return null;
  const u = row.user;
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    bio: u.bio,
    role: u.role as TAuthUser["role"],
    churchId: u.churchId,
    points: u.points,
    profileImageUrl: u.profileImageUrl,
    lastLogin: u.lastLogin?.toISOString() ?? null,
    createdAt: u.createdAt.toISOString(),
    emailVerified: u.emailVerifiedAt !== null,
    toursDone: u.toursDone,
    language: isLanguage(u.language) ? u.language : null,
    phone: u.phone,
    birthday: u.birthday,
    address: u.address,
    church:
      u.churchId && row.church?.name
        ? { ...row.church, defaultLanguage: isLanguage(row.church.defaultLanguage) ? row.church.defaultLanguage : null }
        : null,
  } as TAuthUser;
}
