import type { FastifyReply } from "fastify";
import type { CacheBus, TTopic } from "./cache-bus";
import type { TChurchCtx } from "./context";
import { dayKey } from "./points";

type TEntry<T> = { day: string; timeZone: string; value: T; expiresAt: number };

/**
 * Something computed for one member in their church that members read on every visit (their
 * statistics, this week's step with their mark), kept in memory until it can have changed:
 * - the member's own change (an award, a badge, a check-in: the "user" topic, from every process);
 * - the church's change on `churchTopics` (an admin's new step, say);
 * - the church's day turning (streaks and weekly figures follow its calendar), or its time zone.
 * - `ttlMs` after it was read, for figures no write announces (a view count), and the moment the value
 *   itself says it stops being true (`expiresAt` of `get`: the next event ending, say).
 * A load that started before a change never serves after it. At most `maxEntries` members are kept.
 */
export class MemberCache<T> {
  private readonly byChurch = new Map<string, Map<string, TEntry<T>>>();
  private size = 0;
  private generation = 0;

  constructor(bus: CacheBus, opts: { churchTopics?: TTopic[]; maxEntries?: number; ttlMs?: number } = {}) {
    this.maxEntries = opts.maxEntries ?? 20_000;
    this.ttlMs = opts.ttlMs ?? Number.POSITIVE_INFINITY;
    bus.on("user", (userId) => {
      this.generation++;
      for (const members of this.byChurch.values()) if (members.delete(userId)) this.size--;
    });
    for (const topic of opts.churchTopics ?? []) {
      bus.on(topic, (churchId) => {
        this.generation++;
        this.size -= this.byChurch.get(churchId)?.size ?? 0;
        this.byChurch.delete(churchId);
      });
    }
    bus.onReset(() => this.clear());
  }

  private readonly maxEntries: number;
  private readonly ttlMs: number;

  /** The member's value if it still holds, at once; undefined when `get` must load it. */
  peek(ctx: TChurchCtx): T | undefined {
    const hit = this.byChurch.get(ctx.churchId)?.get(ctx.userId);
    if (hit && hit.timeZone === ctx.timeZone && Date.now() < hit.expiresAt && hit.day === dayKey(ctx)) return hit.value;
    return undefined;
  }

  async get(ctx: TChurchCtx, load: () => Promise<T>, expiresAt?: (value: T) => number): Promise<T> {
    const hit = this.peek(ctx);
    if (hit !== undefined) return hit;
    const day = dayKey(ctx);
    const generation = this.generation;
    const loadedAt = Date.now();
    const value = await load();
    const until = Math.min(loadedAt + this.ttlMs, expiresAt?.(value) ?? Number.POSITIVE_INFINITY);
    if (generation === this.generation) this.set(ctx, { day, timeZone: ctx.timeZone, value, expiresAt: until });
    return value;
  }

  private set(ctx: TChurchCtx, entry: TEntry<T>): void {
    if (this.size >= this.maxEntries) this.clear();
    let members = this.byChurch.get(ctx.churchId);
    if (!members) {
      members = new Map();
      this.byChurch.set(ctx.churchId, members);
    }
    if (!members.has(ctx.userId)) this.size++;
    members.set(ctx.userId, entry);
  }

  private clear(): void {
    this.generation++;
    this.byChurch.clear();
    this.size = 0;
  }
}

/**
 * Answers a member's read from a MemberCache of its JSON text: serialised once per load, not per
 * request (issue 30, hot reads), and sent as is. Under test the answer is still checked against the
 * route's documented shape (plugins/openapi.ts reads the text sent).
 */
export async function sendMemberJson(
  reply: FastifyReply,
  cache: MemberCache<string>,
  ctx: TChurchCtx,
  load: () => Promise<unknown>,
): Promise<void> {
  const body = cache.peek(ctx) ?? (await cache.get(ctx, async () => JSON.stringify(await load())));
  reply.type("application/json; charset=utf-8").send(body);
}
