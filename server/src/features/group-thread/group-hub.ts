import type { TServerFrame } from "@common/live";
import type { FastifyBaseLogger } from "fastify";
import type { WebSocket } from "ws";
import type { CacheBus } from "../../lib/cache-bus";

/** Whose socket it is, as the socket plugin signed it in. */
export type TGroupSocketMember = { userId: string; churchId: string };

/** Bus ids of this hub: a frame for a group's room, and "drop this member from a group (or all: `*`)". */
const ROOM_PREFIX = "group:";
const DROP_PREFIX = "group-drop:";

type TSocketState = { member: TGroupSocketMember; groups: Set<string> };

/**
 * The group threads' rooms in this process (issue 27; STYLE.md habit 11: realtime has one home, the
 * `/ws` socket). A socket enters a group's room only through `join`, which the socket plugin calls
 * after the same policy as the HTTP routes (lib/group-access.ts `canRead`). A frame is serialised
 * once and written to the room's sockets here and, through the cache bus, in every other process.
 * A member who leaves a group (or the church) is dropped from its room in every process at once.
 */
export class GroupHub {
  private readonly rooms = new Map<string, Set<WebSocket>>();
  private readonly sockets = new Map<WebSocket, TSocketState>();

  constructor(
    private readonly bus: CacheBus,
    private readonly log: FastifyBaseLogger,
  ) {
    bus.onFrame((id, frame) => {
      if (id.startsWith(ROOM_PREFIX)) this.deliver(id.slice(ROOM_PREFIX.length), frame);
      else if (id.startsWith(DROP_PREFIX)) {
        const [groupId, userId] = id.slice(DROP_PREFIX.length).split(":");
        this.dropLocal(groupId, userId);
      }
    });
    bus.onReset(() => {
      // Frames sent while the bus was down never arrived: every open thread fetches its posts again.
      for (const groupId of this.rooms.keys()) this.deliver(groupId, resyncFrame(groupId));
    });
  }

  /** Puts the socket in the group's room (the caller has checked the policy) and tells it so. */
  join(socket: WebSocket, member: TGroupSocketMember, groupId: string): void {
    let state = this.sockets.get(socket);
    if (!state) {
      state = { member, groups: new Set() };
      this.sockets.set(socket, state);
      socket.once("close", () => this.forget(socket));
    }
    state.groups.add(groupId);
    let room = this.rooms.get(groupId);
    if (!room) {
      room = new Set();
      this.rooms.set(groupId, room);
    }
    room.add(socket);
    send(socket, JSON.stringify({ type: "group_joined", groupId } satisfies TServerFrame));
  }

  leave(socket: WebSocket, groupId: string): void {
    this.sockets.get(socket)?.groups.delete(groupId);
    const room = this.rooms.get(groupId);
    if (!room) return;
    room.delete(socket);
    if (room.size === 0) this.rooms.delete(groupId);
  }

  /** Whether any socket of this process is in the group's room (tests, metrics). */
  roomSize(groupId: string): number {
    return this.rooms.get(groupId)?.size ?? 0;
  }

  /** Sends a frame to the group's room in every process. */
  async broadcast(groupId: string, frame: TServerFrame): Promise<void> {
    const json = JSON.stringify(frame);
    this.deliver(groupId, json);
    try {
      await this.bus.sendFrame(`${ROOM_PREFIX}${groupId}`, json);
    } catch (err) {
      // A post too large for one NOTIFY: the other processes' pages fetch the thread again instead.
      this.log.warn({ err }, "group frame not sent to other processes");
      await this.bus.sendFrame(`${ROOM_PREFIX}${groupId}`, resyncFrame(groupId)).catch(() => {});
    }
  }

  /**
   * Takes a member's sockets out of a group's room (`groupId` "*": out of every group) in every
   * process; each is told with a `group_left` frame.
   */
  async dropMember(groupId: string | "*", userId: string): Promise<void> {
    this.dropLocal(groupId, userId);
    await this.bus.sendFrame(`${DROP_PREFIX}${groupId}:${userId}`, "");
  }

  private dropLocal(groupId: string, userId: string): void {
    for (const [socket, state] of this.sockets) {
      if (state.member.userId !== userId) continue;
      const left = groupId === "*" ? [...state.groups] : state.groups.has(groupId) ? [groupId] : [];
      for (const g of left) {
        this.leave(socket, g);
        send(socket, JSON.stringify({ type: "group_left", groupId: g } satisfies TServerFrame));
      }
    }
  }

  private deliver(groupId: string, json: string): void {
    const room = this.rooms.get(groupId);
    if (!room) return;
    const data = Buffer.from(json);
    for (const socket of room) send(socket, data);
  }

  private forget(socket: WebSocket): void {
    const state = this.sockets.get(socket);
    if (!state) return;
    for (const g of state.groups) this.leave(socket, g);
    this.sockets.delete(socket);
  }
}

const resyncFrame = (groupId: string) => JSON.stringify({ type: "group_resync", groupId } satisfies TServerFrame);

/** A socket that does not read (more than 1 MB waiting) is dropped rather than let memory grow, as live chat does. */
function send(socket: WebSocket, data: Buffer | string): void {
  if (socket.readyState !== socket.OPEN) return;
  if (socket.bufferedAmount > 1024 * 1024) {
    socket.terminate();
    return;
  }
  socket.send(data, { binary: false });
}
