import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import pg from "pg";
import type { TRootDb } from "../db/client";

const CHANNEL = "fellowship_cache";

/**
 * What a process may hold in memory, by what its key is: a user, a church, a session, a church's
 * sermons, events, growth step or prayer wall.
 */
export type TTopic = "user" | "church" | "session" | "sermons" | "events" | "growth" | "prayer";
type TMessage = { t: TTopic; id: string };

/**
 * Tells every app process (this one included) that something cached changed, through PostgreSQL
 * LISTEN/NOTIFY, so several processes behind a load balancer never serve each other's stale copies.
 * While the listening connection is down, caches are told to forget everything.
 */
export class CacheBus {
  private readonly handlers = new Map<TTopic, ((id: string) => void)[]>();
  private readonly resetHandlers: (() => void)[] = [];
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

  /** Drops the local copy now, and every other process's copy as soon as the NOTIFY arrives. */
  async publish(topic: TTopic, id: string): Promise<void> {
    this.dispatch({ t: topic, id });
    await this.db.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify({ t: topic, id })})`);
  }

  async start(): Promise<void> {
    const client = new pg.Client({ ...this.db.$client.options });
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
    for (const fn of this.handlers.get(msg.t) ?? []) fn(msg.id);
  }

  private reset(): void {
    for (const fn of this.resetHandlers) fn();
  }
}
