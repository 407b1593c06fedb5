import http from "node:http";
import { type WebSocket, WebSocketServer } from "ws";

/**
 * The baseline of the live chat fan-out (bench/live-fanout.ts): a bare `ws` server on node:http.
 * Clients open `/ws` and send `join_live_stream`; it answers `joined` and adds them to its one room.
 * `POST /broadcast` writes the request body, as it is, to every joined socket (the way the app's hub
 * writes a frame: once serialised, `send` per socket, skipping sockets that are not open), then
 * answers 204. No sign-in, no database: the ceiling for the same frames on this machine.
 */
const room = new Set<WebSocket>();

const server = http.createServer((req, res) => {
  if (req.method === "POST" && req.url === "/broadcast") {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const frame = Buffer.concat(chunks);
      for (const socket of room) if (socket.readyState === socket.OPEN) socket.send(frame, { binary: false });
      res.writeHead(204).end();
    });
    return;
  }
  if (req.method === "GET" && req.url === "/health") {
    res.writeHead(200, { "content-type": "text/plain" }).end("ok");
    return;
  }
  res.writeHead(404).end();
});

// As the app's socket plugin: no compression, small client frames.
const wss = new WebSocketServer({ server, path: "/ws", perMessageDeflate: false, maxPayload: 4096 });
wss.on("connection", (socket) => {
  socket.on("message", (data, isBinary) => {
    if (isBinary) return;
    let frame: { type?: unknown; eventId?: unknown };
    try {
      frame = JSON.parse(data.toString());
    } catch {
      return;
    }
    if (frame.type !== "join_live_stream" || typeof frame.eventId !== "string") return;
    room.add(socket);
    socket.send(JSON.stringify({ type: "joined", eventId: frame.eventId, count: room.size }));
  });
  socket.on("close", () => room.delete(socket));
});

server.listen(Number(process.env.PORT), process.env.HOST ?? "127.0.0.1");
const stop = () => {
  for (const socket of wss.clients) socket.terminate();
  server.close(() => process.exit(0));
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
