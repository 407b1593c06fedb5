import { type TServerFrame, ZClientFrame } from "@common/live";
import { LIVE_FRAME_MAX_BYTES } from "@common/live-helpers";
import websocket from "@fastify/websocket";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { WebSocket } from "ws";
import { canJoin } from "../features/live/live.service";
import { forbidden } from "../lib/errors";
import { isSameSiteOrigin } from "./origin";

const errorFrame = (message: string) => JSON.stringify({ type: "error", message } satisfies TServerFrame);

/**
 * The one socket (STYLE.md habit 11): `/ws`, signed in by the session cookie, from this site only.
 * The origin hook skips GET, and an upgrade is a GET, so this route checks Origin itself: a page of
 * another site could otherwise open it with the member's cookie. A socket joins a live event's room
 * only after the same check the chat's HTTP routes make (the live event of the member's own church).
 */
export const websocketPlugin = fp(async (app: FastifyInstance) => {
  await app.register(websocket, {
    options: { maxPayload: LIVE_FRAME_MAX_BYTES, perMessageDeflate: false },
    // A socket that failed (an oversized frame, a broken connection) is closed; the app goes on.
    errorHandler: (_err, socket) => socket.terminate(),
  });

  app.get(
    "/ws",
    {
      websocket: true,
      config: { access: "member" },
      onRequest: async (req) => {
        if (!isSameSiteOrigin(app, req, req.headers.origin)) throw forbidden("Cross-site socket refused.");
      },
    },
    async (socket: WebSocket, req) => {
      // Only what the socket needs: holding `req` would keep each upgrade's request alive as long as the socket.
      const ctx = { userId: req.churchCtx.userId, churchId: req.churchCtx.churchId };
      const log = req.log;
      app.live.hub.add(socket, ctx);
      socket.on("message", (data, isBinary) => {
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
        const eventId = frame.data.eventId;
        void (async () => {
          // The member may have left the church since the socket opened.
          const user = await app.userCache.getUser(ctx.userId);
          if (user?.churchId !== ctx.churchId) {
            socket.send(errorFrame("Unauthorized"));
            return socket.close(4401, "Unauthorized");
          }
          if (!(await canJoin(ctx, app.live, eventId))) {
            return socket.send(errorFrame("That live stream is not available."));
          }
          app.live.hub.join(socket, ctx.churchId, eventId);
        })().catch((err) => {
          log.warn({ err }, "socket join failed");
          socket.send(errorFrame("Could not join the live stream. Please try again."));
        });
      });
    },
  );
});
