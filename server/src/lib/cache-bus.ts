import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import pg from "pg";
import type { TRootDb } from "../db/client";

const CHANNEL = "fellowship_cache";
/** PostgreSQL's limit on a NOTIFY payload is 8,000 bytes. */
const NOTIFY_MAX_BYTES = 7999;

/**
 * What a process may hold in memory, by what its key is: a user, a church, a session, a church's
 * sermons, events, growth step, prayer wall, kudos, live stream, or who its members are (`members`:
 * somebody joined or left; a member's own change is `user`).
 */
export type TTopic =
  | "user"
  | "church"
  | "session"
  | "sermons"
  | "events"
  | "growth"
  | "prayer"
  | "kudos"
  | "live"
  | "members";
/** A cache change (`t`), or a frame (`f`, already serialised) for the sockets of a live event (`id`), sent by process `o`. */
type TMessage = { t: TTopic; id: string } | { t: "frame"; id: string; f: string; o: string };

/**
 * Tells every app process (this one included) that something cached changed, through PostgreSQL
 * LISTEN/NOTIFY, so several processes behind a load balancer never serve each other's stale copies.
 * While the listening connection is down, caches are told to forget everything.
 */
export class CacheBus {
  private readonly handlers = new Map<TTopic, ((id: string) => void)[]>();
  private readonly resetHandlers: (() => void)[] = [];
  private readonly frameHandlers: ((eventId: string, frame: string) => void)[] = [];
  /** This process, so that it skips the frames it sent (it delivered them to its own sockets at once). */
  readonly instanceId = randomUUID();
  private listener: pg.Client | undefined;
  private closed = false;

  constructor(
    private readonly db: TRootDb,
    private readonly log: FastifyBaseLogger,
  ) {}

  on(topic: TTopic, fn: (id: string) => void): void {
    this.handlers.set(topic, [...(this.handlers.get(topic) ?? []), fn]);
  }

  onReset(fn: () => void): void {
    this.resetHandlers.push(fn);
  }

  /** Frames for a live event's sockets sent by another process (sendFrame). */
  onFrame(fn: (eventId: string, frame: string) => void): void {
    this.frameHandlers.push(fn);
  }

  /**
   * Sends a serialised socket frame to the other processes (at most 8,000 bytes: PostgreSQL's NOTIFY
   * limit, which a chat message's frame stays well under). The caller delivers it to its own sockets.
   */
  async sendFrame(eventId: string, frame: string): Promise<void> {
    const payload = JSON.stringify({ t: "frame", id: eventId, f: frame, o: this.instanceId } satisfies TMessage);
    if (Buffer.byteLength(payload) > NOTIFY_MAX_BYTES)
      throw new Error(`a frame of ${payload.length} characters is too large to send`);
    await this.db.execute(sql`select pg_notify(${CHANNEL}, ${payload})`);
  }

  /** Drops the local copy now, and every other process's copy as soon as the NOTIFY arrives. */
  async publish(topic: TTopic, id: string): Promise<void> {
    this.dispatch({ t: topic, id });
    await this.db.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify({ t: topic, id })})`);
  }

  async start(): Promise<void> {
    // LISTEN holds a session: straight to PostgreSQL, never through a transaction pooler (where the
    // NOTIFYs of publish() and sendFrame() are fine: they are sent at their transaction's commit).
    const client = new pg.Client({ ...this.db.$direct });
    client.on("notification", (n) => {
      try {
        this.dispatch(JSON.parse(n.payload ?? "{}") as TMessage);
      } catch {
        this.reset();
      }
    });
    client.on("error", () => {});
    client.on("end", () => {
      if (this.closed) return;
      // While we are not listening we could miss a change: forget everything and listen again.
      this.reset();
      setTimeout(
        () => this.start().catch((err) => this.log.warn({ err }, "cache listener reconnect failed")),
        1000,
      ).unref();
    });
    await client.connect();
    await client.query(`listen ${CHANNEL}`);
    this.listener = client;
    // Changes made while the connection was down were never heard: forget what was loaded then.
    this.reset();
  }

  async stop(): Promise<void> {
    this.closed = true;
    await this.listener?.end().catch(() => {});
  }

  private dispatch(msg: TMessage): void {
    if (msg.t === "frame") {
      if (msg.o !== this.instanceId) for (const fn of this.frameHandlers) fn(msg.id, msg.f);
      return;
    }
    for (const fn of this.handlers.get(msg.t) ?? []) fn(msg.id);
  }

  private reset(): void {
    for (const fn of this.resetHandlers) fn();
  }
}
