import type { TServerFrame } from "@common/live";
import type { TRole } from "@common/roles";
import type { FastifyBaseLogger } from "fastify";
import type { WebSocket } from "ws";
import type { CacheBus } from "../../lib/cache-bus";
import type { UserCache } from "../../lib/user-cache";

/** What a socket was opened with: it stays open only while its session still stands for the same. */
export type TSocketOwner = { sessionId: string; userId: string; churchId: string; role: TRole };

const UNAUTHORIZED_FRAME = JSON.stringify({ type: "error", message: "Unauthorized" } satisfies TServerFrame);

/**
 * A socket must not outlive its session (issue 23). Every process hears, through the cache bus, that
 * a session ended (sign-out, sign out everywhere, a password reset or change, an address confirmed)
 * or that a user changed (removed from the church, a new role, a new name): it checks the session of
 * each socket concerned again and closes those whose session ended or no longer stands for the user,
 * church and role the socket opened with (4401, after an error frame). A new name or points close
 * nothing. While the bus was down a change could have been missed: every socket is checked again.
 */
export class SocketSessions {
  private readonly owners = new Map<WebSocket, TSocketOwner>();
  private readonly bySession = new Map<string, Set<WebSocket>>();
  private readonly byUser = new Map<string, Set<WebSocket>>();
  /** One close listener for every socket (`this` is the socket), rather than a closure per socket. */
  private readonly onClose: (this: WebSocket) => void;

  constructor(
    bus: CacheBus,
    private readonly users: UserCache,
    private readonly log: FastifyBaseLogger,
  ) {
    bus.on("session", (id) => this.recheckSoon(this.bySession.get(id)));
    bus.on("user", (id) => this.recheckSoon(this.byUser.get(id)));
    bus.onReset(() => this.recheckSoon(this.owners.keys()));
    const forget = (socket: WebSocket) => this.forget(socket);
    this.onClose = function (this: WebSocket) {
      forget(this);
    };
  }

  add(socket: WebSocket, owner: TSocketOwner): void {
    this.owners.set(socket, owner);
    addTo(this.bySession, owner.sessionId, socket);
    addTo(this.byUser, owner.userId, socket);
    socket.on("close", this.onClose);
  }

  private forget(socket: WebSocket): void {
    const owner = this.owners.get(socket);
    if (!owner) return;
    this.owners.delete(socket);
    removeFrom(this.bySession, owner.sessionId, socket);
    removeFrom(this.byUser, owner.userId, socket);
  }

  /** Whether the socket's session is still valid and still the same user, in the same church and role. */
  async isCurrent(socket: WebSocket): Promise<boolean> {
    const owner = this.owners.get(socket);
    if (!owner) return false;
    const user = await this.users.getUserForSession(owner.sessionId);
    return user?.id === owner.userId && user.churchId === owner.churchId && user.role === owner.role;
  }

  /** Closes the socket as unauthorized: the page signs in again or shows it is signed out. */
  close(socket: WebSocket): void {
    if (socket.readyState !== socket.OPEN) return;
    socket.send(UNAUTHORIZED_FRAME);
    socket.close(4401, "Unauthorized");
  }

  /**
   * After the bus's other handlers (the user cache drops its copies in the same dispatch), so the
   * check reads the session and the user afresh.
   */
  private recheckSoon(sockets: Iterable<WebSocket> | undefined): void {
    if (!sockets) return;
    const list = [...sockets];
    if (list.length === 0) return;
    queueMicrotask(() => {
      for (const socket of list) {
        this.isCurrent(socket)
          .then((ok) => {
            if (!ok) this.close(socket);
          })
          .catch((err) => this.log.warn({ err }, "socket session check failed"));
      }
    });
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
