import type { TLiveMessage, TServerFrame } from "@common/live";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { WebSocket } from "ws";
import type { TRootDb } from "../../db/client";
import type { CacheBus } from "../../lib/cache-bus";
import type { LiveStateCache } from "./live-state";

export type THubOptions = {
  /** How often each process writes its viewer counts and reads the totals. */
  heartbeatMs?: number;
  /** A process's rows older than this are not counted (default: three heartbeats). */
  staleMs?: number;
  /** How often sockets are pinged; one that has not answered the last ping is closed. */
  pingMs?: number;
  /** A socket whose unsent frames pass this many bytes is dropped rather than let memory grow. */
  maxBufferedBytes?: number;
};

/**
 * `total`: the church-wide count as last read; `told`: the count the room was last sent, at `sentAt`
 * (at most once a heartbeat, however many join); `pending`: the one timer that sends the latest total
 * once the heartbeat's gap has passed, so a held-back change always reaches every socket.
 */
type TRoom = {
  churchId: string;
  sockets: Set<WebSocket>;
  total: number;
  told: number;
  peak: number;
  sentAt: number;
  pending: NodeJS.Timeout | undefined;
};
type TSocketState = { eventId: string | null; isAlive: boolean; member: TSocketMember | null };
/** Whose socket it is: a member's notifications reach their open sockets (issue 11). */
export type TSocketMember = { userId: string; churchId: string };

/** A bus frame for members' sockets rather than a live event's room: `to:<church>:<user ids, or *>`. */
const MEMBERS_PREFIX = "to:";
/** More members than this are told with one frame to the whole church (a NOTIFY holds at most 7,999 bytes). */
export const MEMBER_FRAME_MAX_IDS = 100;
const NOTIFICATION_FRAME = JSON.stringify({ type: "notification" } satisfies TServerFrame);

/** By default, rows not written for this many heartbeats belong to a process that is gone. */
const STALE_HEARTBEATS = 3;

/**
 * The live events' sockets in this process (STYLE.md habit 11: realtime has one home). A frame is
 * serialised once and written to every socket of the event's room, here and, through the cache bus,
 * in every other app process. Viewer counts are per process rows with heartbeats in PostgreSQL: a
 * church's count is the sum of the fresh rows, so a process that dies leaves it within a few
 * heartbeats, with no other server.
 */
export class LiveHub {
  private readonly rooms = new Map<string, TRoom>();
  private readonly sockets = new Map<WebSocket, TSocketState>();
  /** Open sockets by member and by church, for notifications. */
  private readonly byUser = new Map<string, Set<WebSocket>>();
  private readonly byChurch = new Map<string, Set<WebSocket>>();
  private readonly heartbeatMs: number;
  private readonly pingMs: number;
  private readonly staleSeconds: number;
  private readonly maxBufferedBytes: number;
  /** One listener each for every socket (`this` is the socket), rather than closures per socket. */
  private readonly onPong: (this: WebSocket) => void;
  private readonly onClose: (this: WebSocket) => void;
  private timers: NodeJS.Timeout[] = [];
  private soon: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly db: TRootDb,
    private readonly bus: CacheBus,
    private readonly state: LiveStateCache,
    private readonly log: FastifyBaseLogger,
    opts: THubOptions = {},
  ) {
    this.heartbeatMs = opts.heartbeatMs ?? 2000;
    this.pingMs = opts.pingMs ?? 30_000;
    this.staleSeconds = (opts.staleMs ?? STALE_HEARTBEATS * this.heartbeatMs) / 1000;
    this.maxBufferedBytes = opts.maxBufferedBytes ?? 1024 * 1024;
    const sockets = this.sockets;
    this.onPong = function (this: WebSocket) {
      const s = sockets.get(this);
      if (s) s.isAlive = true;
    };
    const remove = (socket: WebSocket) => this.remove(socket);
    this.onClose = function (this: WebSocket) {
      remove(this);
    };
    bus.onFrame((id, frame) =>
      id.startsWith(MEMBERS_PREFIX) ? this.deliverToMembers(id, frame) : this.deliver(id, frame),
    );
    bus.onReset(() => {
      // Frames sent while the bus was down never arrived: every open page fetches the history again.
      for (const eventId of this.rooms.keys()) this.deliverLocal(eventId, { type: "resync", eventId });
    });
  }

  start(): void {
    this.timers.push(setInterval(() => this.tick(), this.heartbeatMs).unref());
    this.timers.push(setInterval(() => this.ping(), this.pingMs).unref());
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers) clearInterval(t);
    clearTimeout(this.soon);
    for (const room of this.rooms.values()) clearTimeout(room.pending);
    await this.ticking;
    for (const socket of this.sockets.keys()) socket.close(1001, "Server shutting down");
    await this.db
      .execute(sql`delete from live_viewer_counts where instance_id = ${this.bus.instanceId}`)
      .catch(() => {});
  }

  /** A signed-in socket: it joins a room only through `join`, after the caller's checks. */
  add(socket: WebSocket, member: TSocketMember | null = null): void {
    this.sockets.set(socket, { eventId: null, isAlive: true, member });
    if (member) {
      addTo(this.byUser, member.userId, socket);
      addTo(this.byChurch, member.churchId, socket);
    }
    socket.on("pong", this.onPong);
    socket.on("close", this.onClose);
  }

  private remove(socket: WebSocket): void {
    const member = this.sockets.get(socket)?.member;
    this.leave(socket);
    this.sockets.delete(socket);
    if (member) {
      removeFrom(this.byUser, member.userId, socket);
      removeFrom(this.byChurch, member.churchId, socket);
    }
  }

  join(socket: WebSocket, churchId: string, eventId: string): void {
    const s = this.sockets.get(socket);
    if (!s) return;
    if (s.eventId !== eventId) this.leave(socket);
    let room = this.rooms.get(eventId);
    if (!room) {
      room = { churchId, sockets: new Set(), total: 0, told: 0, peak: 0, sentAt: 0, pending: undefined };
      this.rooms.set(eventId, room);
    }
    room.sockets.add(socket);
    s.eventId = eventId;
    const count = Math.max(room.total, room.sockets.size);
    // The joiner now knows a count the others may not: whatever the next heartbeat reads goes to all.
    if (count !== room.told) room.told = -1;
    this.send(socket, JSON.stringify({ type: "joined", eventId, count }));
    // The joiner's page shows a count only from a viewer_count frame (spec 1 §7): a lone viewer would
    // otherwise wait for a change that never comes. The room learns the new total from the heartbeat
    // this join brings forward (at most once a heartbeat, so a service starting is not a burst of frames).
    this.send(socket, JSON.stringify({ type: "viewer_count", eventId, count } satisfies TServerFrame));
    this.tickSoon();
  }

  leave(socket: WebSocket): void {
    const s = this.sockets.get(socket);
    if (!s?.eventId) return;
    const room = this.rooms.get(s.eventId);
    room?.sockets.delete(socket);
    s.eventId = null;
    this.tickSoon();
  }

  /** The church-wide viewer count of an event as this process last read it (0 if it has no viewers here). */
  viewerCount(eventId: string): number {
    return this.rooms.get(eventId)?.total ?? 0;
  }

  /** Sends a frame to the event's sockets in every process. */
  async broadcast(eventId: string, frame: TServerFrame): Promise<void> {
    const json = JSON.stringify(frame);
    this.deliver(eventId, json);
    await this.bus.sendFrame(eventId, json);
  }

  /**
   * Tells these members of a church, on every open socket of theirs in every process, that a
   * notification arrived (`{type: "notification"}`: each page fetches its list). Past
   * MEMBER_FRAME_MAX_IDS members, every socket of the church is told instead: the frame says nothing
   * but "look again", and one bus message must stay under PostgreSQL's NOTIFY limit.
   */
  async notifyMembers(churchId: string, userIds: string[]): Promise<void> {
    if (userIds.length === 0) return;
    const target = `${MEMBERS_PREFIX}${churchId}:${userIds.length > MEMBER_FRAME_MAX_IDS ? "*" : userIds.join(",")}`;
    this.deliverToMembers(target, NOTIFICATION_FRAME);
    await this.bus.sendFrame(target, NOTIFICATION_FRAME);
  }

  /** Writes a frame to this process's sockets of the members (or the whole church) a `to:` target names. */
  private deliverToMembers(target: string, json: string): void {
    const [churchId, who] = target.slice(MEMBERS_PREFIX.length).split(":");
    const data = Buffer.from(json);
    if (who === "*") {
      for (const socket of this.byChurch.get(churchId) ?? []) this.send(socket, data);
      return;
    }
    for (const userId of who.split(",")) {
      for (const socket of this.byUser.get(userId) ?? []) {
        if (this.sockets.get(socket)?.member?.churchId === churchId) this.send(socket, data);
      }
    }
  }

  /** The church-wide viewer count of an event, read now (the admin's page). */
  async readViewerCount(eventId: string): Promise<number> {
    const { rows } = await this.db.$client.query<{ n: number }>(
      `select coalesce(sum(viewers), 0)::int as n from live_viewer_counts
        where event_id = $1 and seen_at > now() - make_interval(secs => $2)`,
      [eventId, this.staleSeconds],
    );
    return rows[0]?.n ?? 0;
  }

  private deliverLocal(eventId: string, frame: TServerFrame): void {
    this.deliver(eventId, JSON.stringify(frame));
  }

  /** Writes one serialised frame to every socket of the event here, and keeps the caches in step. */
  private deliver(eventId: string, json: string): void {
    this.follow(eventId, json);
    const room = this.rooms.get(eventId);
    if (!room) return;
    const data = Buffer.from(json);
    for (const socket of room.sockets) this.send(socket, data);
    if (json.startsWith('{"type":"stream_ended"')) {
      for (const socket of room.sockets) {
        const s = this.sockets.get(socket);
        if (s) s.eventId = null;
      }
      clearTimeout(room.pending);
      this.rooms.delete(eventId);
      this.tickSoon();
    }
  }

  /** The message caches follow the frames, whichever process sent them. */
  private follow(eventId: string, json: string): void {
    if (json.startsWith('{"type":"new_message"')) {
      this.state.addMessage((JSON.parse(json) as { message: TLiveMessage }).message);
    } else if (json.startsWith('{"type":"message_deleted"')) {
      this.state.removeMessage(eventId, (JSON.parse(json) as { messageId: string }).messageId);
    } else if (json.startsWith('{"type":"stream_ended"')) {
      this.state.forgetEvent(eventId);
    }
  }

  private send(socket: WebSocket, data: Buffer | string): void {
    if (socket.readyState !== socket.OPEN) return;
    // A client that does not read: drop it rather than buffer without end.
    if (socket.bufferedAmount > this.maxBufferedBytes) {
      socket.terminate();
      return;
    }
    socket.send(data, { binary: false });
  }

  private ping(): void {
    for (const [socket, s] of this.sockets) {
      if (!s.isAlive) {
        socket.terminate();
        continue;
      }
      s.isAlive = false;
      socket.ping();
    }
  }

  /**
   * Sends the room its latest total when it differs from what it was last told. A burst of joins
   * changes the total every few hundred ms: the room is told at most once a heartbeat, and a change
   * held back is sent by one timer when the gap has passed (the total as it is then), so every
   * socket ends with the latest count, however the joins and heartbeats fall.
   */
  private tellCount(eventId: string, room: TRoom): void {
    if (room.total === room.told || room.pending || this.stopped) return;
    const wait = room.sentAt + this.heartbeatMs - Date.now();
    if (wait > 0) {
      room.pending = setTimeout(() => {
        room.pending = undefined;
        if (this.rooms.get(eventId) === room) this.tellCount(eventId, room);
      }, wait);
      room.pending.unref();
      return;
    }
    room.told = room.total;
    room.sentAt = Date.now();
    this.deliverLocal(eventId, { type: "viewer_count", eventId, count: room.total });
  }

  /** Joins and leaves come in bursts (a service starting): one heartbeat shortly after, not one each. */
  private tickSoon(): void {
    if (this.soon || this.stopped) return;
    this.soon = setTimeout(() => {
      this.soon = undefined;
      this.tick();
    }, 200);
    this.soon.unref();
  }

  private tick(): void {
    if (this.ticking || this.stopped) {
      if (!this.stopped) this.tickSoon();
      return;
    }
    this.ticking = this.heartbeat()
      .catch((err) => this.log.warn({ err }, "live viewer heartbeat failed"))
      .finally(() => {
        this.ticking = undefined;
      });
  }

  /**
   * Writes this process's viewers per event, reads the other processes' fresh rows, and tells each
   * room its new total when it changed. Empty rooms write 0 once and are forgotten.
   */
  private async heartbeat(): Promise<void> {
    // The counts as written: a socket that joins while the query runs is counted by the next heartbeat,
    // so no process announces a total the database does not hold yet.
    const rooms = [...this.rooms.entries()].map(([id, room]) => [id, room, room.sockets.size] as const);
    const eventIds = rooms.map(([id]) => id);
    const { rows } = await this.db.$client.query<{ event_id: string; n: number }>(
      `with up as (
         insert into live_viewer_counts (instance_id, event_id, church_id, viewers, seen_at)
         select $1, e, c, v, now() from unnest($2::uuid[], $3::uuid[], $4::int[]) as t(e, c, v)
         on conflict (instance_id, event_id) do update set viewers = excluded.viewers, seen_at = excluded.seen_at
       ), gone as (
         delete from live_viewer_counts
          where (instance_id = $1 and event_id <> all($2::uuid[])) or seen_at < now() - interval '1 hour'
       )
       select event_id, sum(viewers)::int as n from live_viewer_counts
        where event_id = any($2::uuid[]) and instance_id <> $1 and seen_at > now() - make_interval(secs => $5)
        group by event_id`,
      [
        this.bus.instanceId,
        eventIds,
        rooms.map(([, r]) => r.churchId),
        rooms.map(([, , size]) => size),
        this.staleSeconds,
      ],
    );
    const others = new Map(rows.map((r) => [r.event_id, r.n]));
    for (const [eventId, room, size] of rooms) {
      if (this.rooms.get(eventId) !== room) continue;
      const total = size + (others.get(eventId) ?? 0);
      if (room.sockets.size === 0) {
        clearTimeout(room.pending);
        this.rooms.delete(eventId);
        continue;
      }
      room.total = total;
      this.tellCount(eventId, room);
      if (total > room.peak) {
        room.peak = total;
        await this.db.$client.query(
          "update live_streams set peak_viewers = $2 where event_id = $1 and ended_at is null and peak_viewers < $2",
          [eventId, total],
        );
      }
    }
  }
}

function addTo(index: Map<string, Set<WebSocket>>, key: string, socket: WebSocket): void {
  let set = index.get(key);
  if (!set) {
    set = new Set();
    index.set(key, set);
  }
  set.add(socket);
}

function removeFrom(index: Map<string, Set<WebSocket>>, key: string, socket: WebSocket): void {
  const set = index.get(key);
  if (!set) return;
  set.delete(socket);
  if (set.size === 0) index.delete(key);
}
