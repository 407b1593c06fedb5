import zlib from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { TDb, TRootDb } from "../db/client";
import type { CacheBus, TTopic } from "./cache-bus";
import type { TChurchCtx } from "./context";

/** A member's own marks on one item of a list (RSVP, watched, ...), by the marks' names. */
export type TMarks = Record<string, boolean>;

type TEntry = {
  loadedAt: number;
  /** Each item's JSON without its closing brace; the member's marks complete it. */
  items: { id: string; head: string }[];
  /** Finished bodies by the member's marks: members with the same marks share one. */
  rendered: Map<string, TBody>;
  /** Each member's marks, kept with the list; a member's change ("user" on the bus) drops theirs. */
  marksByUser: Map<string, Map<string, TMarks>>;
};

export type TChurchListOptions<T extends { id: string }> = {
  /** Topics on the cache bus whose message (a church id) drops that church's list. */
  topics: TTopic[];
  /** Bounds how stale a figure the writes do not announce (a view count) may be. */
  ttlMs: number;
  /** The church's whole list, in order, without the member's marks. */
  load: (db: TDb, churchId: string) => Promise<T[]>;
  /** The member's marks, by item id, from one small indexed query. */
  marks: (ctx: TChurchCtx) => Promise<Map<string, TMarks>>;
  /** The marks every item carries, in order; an item without a row in `marks` has them all false. */
  markNames: readonly string[];
};

/** A finished body, and its compressed copies, made the first time a client asks for one. */
type TBody = { json: Buffer; br?: Buffer; gzip?: Buffer };
export type TEncoding = "br" | "gzip";

/** The encoding to send for an Accept-Encoding header: brotli if taken, then gzip, else none. */
export function pickEncoding(acceptEncoding: string | undefined): TEncoding | null {
  const accepted = new Set(
    (acceptEncoding ?? "")
      .split(",")
      .map((part) => part.trim().split(";"))
      .filter(([, q]) => !q || Number(q.trim().replace(/^q=/, "")) > 0)
      .map(([name]) => name.toLowerCase()),
  );
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip")) return "gzip";
  return null;
}

// Compressed once per change of the list. For 1.3 MB of sermon JSON, brotli 5 takes 18 ms for 81 KB
// where 9 takes 69 ms for 79 KB; gzip 6 takes 9 ms for 90 KB (bench/RESULTS.md).
const COMPRESS = {
  br: (b: Buffer) => zlib.brotliCompressSync(b, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }),
  gzip: (b: Buffer) => zlib.gzipSync(b, { level: 6 }),
};

// A few bodies per church: 2,000 sermons are about 850 KB each.
const RENDERED_PER_CHURCH = 8;

/**
 * A list every member of a church loads on each visit (sermons, events), kept as ready JSON per
 * church. Writes announce themselves on the cache bus (LISTEN/NOTIFY), so every process drops its
 * copy at once; each member's own marks are filled per request from one small query, instead of
 * reading and mapping every row each time.
 */
export class ChurchListCache<T extends { id: string }> {
  private readonly byChurch = new Map<string, TEntry>();
  private readonly loading = new Map<string, Promise<TEntry>>();
  private generation = 0;
  /** Bumped by every member's change, for the marks read meanwhile. */
  private marksGeneration = 0;

  constructor(
    private readonly db: TRootDb,
    bus: CacheBus,
    private readonly opts: TChurchListOptions<T>,
  ) {
    for (const topic of opts.topics) bus.on(topic, (churchId) => this.drop(churchId));
    bus.on("user", (userId) => {
      this.marksGeneration++;
      for (const entry of this.byChurch.values()) entry.marksByUser.delete(userId);
    });
    bus.onReset(() => {
      this.generation++;
      this.byChurch.clear();
      this.loading.clear();
    });
  }

  private drop(churchId: string): void {
    this.generation++;
    this.byChurch.delete(churchId);
    // A load that started before the change must not serve the requests that come after it.
    this.loading.delete(churchId);
  }

  /**
   * Sends the list to the caller, compressed as their client accepts; the compressed copy is made
   * once and shared by every member with the same marks until the list changes.
   */
  async send(ctx: TChurchCtx, req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const body = await this.getBody(ctx);
    const encoding = pickEncoding(req.headers["accept-encoding"]);
    reply.header("vary", "accept-encoding").type("application/json; charset=utf-8");
    if (!encoding) return reply.send(body.json);
    body[encoding] ??= COMPRESS[encoding](body.json);
    return reply.header("content-encoding", encoding).send(body[encoding]);
  }

  private async getBody(ctx: TChurchCtx): Promise<TBody> {
    const entry = await this.getEntry(ctx.churchId);
    let marks = entry.marksByUser.get(ctx.userId);
    if (!marks) {
      const generation = this.marksGeneration;
      marks = await this.opts.marks(ctx);
      // A change announced while this read ran must not leave its result behind.
      if (generation === this.marksGeneration) entry.marksByUser.set(ctx.userId, marks);
    }
    const names = this.opts.markNames;
    const bits = (id: string) => names.map((n) => (marks.get(id)?.[n] ? "1" : "0")).join("");
    const key = [...marks.keys()]
      .filter((id) => bits(id).includes("1"))
      .sort()
      .map((id) => `${id}:${bits(id)}`)
      .join(",");
    let body = entry.rendered.get(key);
    if (!body) {
      const parts: string[] = [];
      for (const item of entry.items) {
        const m = marks.get(item.id);
        parts.push(`${item.head}${names.map((n) => `,${JSON.stringify(n)}:${m?.[n] === true}`).join("")}}`);
      }
      body = { json: Buffer.from(`[${parts.join(",")}]`) };
      if (entry.rendered.size >= RENDERED_PER_CHURCH) entry.rendered.clear();
      entry.rendered.set(key, body);
    }
    return body;
  }

  private async getEntry(churchId: string): Promise<TEntry> {
    const cached = this.byChurch.get(churchId);
    if (cached && Date.now() - cached.loadedAt < this.opts.ttlMs) return cached;
    // Many requests arriving together for a cold church share one load.
    let pending = this.loading.get(churchId);
    if (!pending) {
      const generation = this.generation;
      const load = this.load(churchId);
      pending = load;
      load.then(
        (entry) => {
          if (this.loading.get(churchId) === load) this.loading.delete(churchId);
          if (generation === this.generation) this.byChurch.set(churchId, entry);
        },
        // The caller sees the error; here it only must not become an unhandled rejection.
        () => {
          if (this.loading.get(churchId) === load) this.loading.delete(churchId);
        },
      );
      this.loading.set(churchId, load);
      this.evictExpired();
    }
    return pending;
  }

  /** Churches nobody has asked about for a while give their memory back. */
  private evictExpired(): void {
    const now = Date.now();
    for (const [churchId, entry] of this.byChurch) {
      if (now - entry.loadedAt > this.opts.ttlMs) this.byChurch.delete(churchId);
    }
  }

  private async load(churchId: string): Promise<TEntry> {
    const loadedAt = Date.now();
    const rows = await this.opts.load(this.db, churchId);
    const names = new Set(this.opts.markNames);
    return {
      loadedAt,
      rendered: new Map(),
      marksByUser: new Map(),
      items: rows.map((row) => {
        const shared = Object.fromEntries(Object.entries(row).filter(([k]) => !names.has(k)));
        return { id: row.id, head: JSON.stringify(shared).slice(0, -1) };
      }),
    };
  }
}
