import type { ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { type TServerFrame, ZClientFrame } from "@common/live";
import { LIVE_FRAME_MAX_BYTES } from "@common/live-helpers";
import websocket from "@fastify/websocket";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { WebSocket } from "ws";
import { canJoin } from "../features/live/live.service";
import { SocketSessions } from "../features/live/socket-sessions";
import type { TChurchCtx } from "../lib/context";
import { forbidden, unauthorized } from "../lib/errors";
import { findGroupAccess } from "../lib/group-access";
import { isSameSiteOrigin } from "./origin";
import { SocketLimits } from "./websocket-limits";

const errorFrame = (message: string) => JSON.stringify({ type: "error", message } satisfies TServerFrame);

/** A socket that failed (an oversized frame, a broken connection) is closed; the app goes on. */
function terminateOnError(this: WebSocket): void {
  this.terminate();
}

/**
 * What an open socket would otherwise keep for its whole life, about 4 KB each (issue 30, measured
 * with heap snapshots at 2,000 sockets): @fastify/websocket's error listener closes over the
 * upgrade's Fastify request and reply, and the TCP socket still points at the upgrade's
 * ServerResponse (which holds the IncomingMessage, its headers and cookie). The socket gets one
 * shared error listener instead (terminate, as the configured errorHandler does), and the hijacked
 * response, never written, lets go of the TCP socket (it emits no 'close' of its own then: nothing
 * listens for one on a hijacked upgrade, and Fastify's onResponse hooks never run for it anyway).
 * The request stays readable while the handler runs; what lives as long as the socket (its
 * listeners, the hub's entries) must hold only copies of what it needs, never `req`. Listeners on
 * the TCP socket itself (the socket limits' release on close) stay.
 */
function dropUpgradeRequest(socket: WebSocket, tcp: Socket | undefined): void {
  socket.removeAllListeners("error");
  socket.on("error", terminateOnError);
  // (`app.injectWS`'s request has no TCP socket.)
  const res = (tcp as (Socket & { _httpMessage?: ServerResponse | null }) | undefined)?._httpMessage;
  if (tcp && res) res.detachSocket(tcp);
}

/**
 * The one socket (STYLE.md habit 11): `/ws`, signed in by the session cookie, from this site only.
 * The origin hook skips GET, and an upgrade is a GET, so this route checks Origin itself: a page of
 * another site could otherwise open it with the member's cookie. A socket joins a live event's room
 * only after the same check the chat's HTTP routes make (the live event of the member's own church),
 * and only while the session it opened with still stands (SocketSessions closes it when it ends).
 * Limits (issue 23, `app.config.sockets`): upgrades per address per minute, open sockets per member
 * and per address, each refused with 429 before upgrading; frames per socket in 10 s, past which
 * the socket gets an error frame and is closed with 1008.
 */
export const websocketPlugin = fp(async (app: FastifyInstance) => {
  await app.register(websocket, {
    // No compression (a per-socket zlib context costs far more than the few bytes it saves on chat
    // frames), frames no bigger than a client frame needs.
    options: { maxPayload: LIVE_FRAME_MAX_BYTES, perMessageDeflate: false },
    // A socket that failed (an oversized frame, a broken connection) is closed; the app goes on.
    errorHandler: (_err, socket) => socket.terminate(),
  });
  const limits = new SocketLimits(app.config.sockets);
  const sessions = new SocketSessions(app.cacheBus, app.userCache, app.log);

  /**
   * A group thread's room (issue 27): only after the policy of its HTTP routes (lib/group-access.ts).
   * One function for every socket; the access check's context is made per join, not kept per socket.
   */
  const joinGroup = (
    socket: WebSocket,
    who: Pick<TChurchCtx, "userId" | "churchId" | "role" | "timeZone">,
    groupId: string,
  ) =>
    void (async () => {
      if (!(await sessions.isCurrent(socket))) return sessions.close(socket);
      const groupCtx = { ...who, db: app.db, changed: async () => {} };
      if (!(await findGroupAccess(groupCtx, groupId))?.canRead) {
        return socket.send(errorFrame("That group is not available."));
      }
      if (socket.readyState === socket.OPEN)
        app.groupHub.join(socket, { userId: who.userId, churchId: who.churchId }, groupId);
    })().catch((err) => {
      app.log.warn({ err }, "socket group join failed");
      socket.send(errorFrame("Could not join the group. Please try again."));
    });

  app.get(
    "/ws",
    {
      websocket: true,
      config: { access: "member" },
      onRequest: async (req) => {
        // Before the session is looked up: an address that hammers /ws costs no more than a counter.
        limits.countUpgrade(req.ip);
        if (!isSameSiteOrigin(app, req, req.headers.origin)) throw forbidden("Cross-site socket refused.");
      },
      // After the access check (preValidation) has put the member on the request.
      preHandler: async (req) => {
        if (!req.ws) return;
        // The connection's end gives the place back, whether the upgrade completed or not.
        req.raw.socket.once("close", limits.reserve(req.churchCtx.userId, req.ip));
      },
    },
    async (socket: WebSocket, req) => {
      const sessionId = req.sessionId();
      if (!sessionId) throw unauthorized();
      dropUpgradeRequest(socket, req.raw.socket);
      // Only what the socket needs: holding `req` would keep each upgrade's request alive as long as the socket.
      const ctx = { userId: req.churchCtx.userId, churchId: req.churchCtx.churchId };
      const { role, timeZone } = req.churchCtx;
      sessions.add(socket, { ...ctx, sessionId, role });
      const countFrame = limits.frameCounter();
      app.live.hub.add(socket, ctx);
      socket.on("message", (data, isBinary) => {
        if (socket.readyState !== socket.OPEN) return;
        if (!countFrame()) {
          socket.send(errorFrame("Too many messages on this connection. Reload the page to connect again."));
          return socket.close(1008, "Too many messages");
        }
        if (isBinary) return socket.send(errorFrame("Frames must be JSON text."));
        let parsed: unknown;
        try {
          parsed = JSON.parse(data.toString());
        } catch {
          return socket.send(errorFrame("Frames must be JSON text."));
        }
        const frame = ZClientFrame.safeParse(parsed);
        if (!frame.success) return socket.send(errorFrame("Unknown frame."));
        if (frame.data.type === "leave_live_stream") return app.live.hub.leave(socket);
        if (frame.data.type === "leave_group") return app.groupHub.leave(socket, frame.data.groupId);
        if (frame.data.type === "join_group") return joinGroup(socket, { ...ctx, role, timeZone }, frame.data.groupId);
        const eventId = frame.data.eventId;
        void (async () => {
          // The session may have ended, or the member left the church or changed role, since the socket opened.
          if (!(await sessions.isCurrent(socket))) return sessions.close(socket);
          if (!(await canJoin(ctx, app.live, eventId))) {
            return socket.send(errorFrame("That live stream is not available."));
          }
          if (socket.readyState === socket.OPEN) app.live.hub.join(socket, ctx.churchId, eventId);
        })().catch((err) => {
          // The app's logger, not the request's child: nothing of the upgrade request stays with the socket.
          app.log.warn({ err }, "socket join failed");
          socket.send(errorFrame("Could not join the live stream. Please try again."));
        });
      });
    },
  );
});
