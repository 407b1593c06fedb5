/**
 * The app's one WebSocket (spec 1 §7): `/ws` on this host (wss when the page is https), signed in
 * by the session cookie. It reconnects after any close with a growing, jittered delay, so that
 * thousands of viewers dropped by a server restart do not all come back in the same instant.
 */

import { announceSocketFrame } from "./socket-frames";

export type TSocketStatus = "connecting" | "connected";

/** The first retry waits about this long; each failed attempt doubles it. */
export const RECONNECT_MIN_MS = 1000;
/** The longest wait between attempts. */
export const RECONNECT_MAX_MS = 30_000;

/**
 * The wait before reconnect attempt `attempt` (0 for the first): 1 s doubling to 30 s, of which a
 * random half ("equal jitter") spreads the viewers out.
 */
export function getReconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** Math.min(attempt, 10));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** `ws://host/ws`, or `wss://` when the page itself came over https. */
export function getSocketUrl(path = "/ws", location: Pick<Location, "protocol" | "host"> = window.location): string {
  return `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}${path}`;
}

export type TSocketOptions<TFrame> = {
  path?: string;
  /** Called on every (re)connect: the place to send what joins the socket to its rooms. */
  onOpen: (send: (frame: unknown) => boolean) => void;
  /** Each JSON text frame the server sends (frames that are not JSON objects are dropped). */
  onFrame: (frame: TFrame) => void;
  onStatus: (status: TSocketStatus) => void;
};

export type TSocket = {
  /** Sends a frame as JSON; false when the socket is not open. */
  send: (frame: unknown) => boolean;
  /** Closes the socket for good: no more reconnects. */
  close: () => void;
};

/** Opens the socket and keeps it open until `close()`. */
export function openSocket<TFrame extends { type: string }>({
  path = "/ws",
  onOpen,
  onFrame,
  onStatus,
}: TSocketOptions<TFrame>): TSocket {
  let socket: WebSocket | null = null;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let isClosed = false;

  const send = (frame: unknown) => {
    if (socket?.readyState !== WebSocket.OPEN) return false;
    socket.send(JSON.stringify(frame));
    return true;
  };

  const scheduleReconnect = () => {
    clearTimeout(timer);
    timer = setTimeout(connect, getReconnectDelay(attempt++));
  };

  function connect() {
    if (isClosed) return;
    onStatus("connecting");
    let ws: WebSocket;
    try {
      ws = new WebSocket(getSocketUrl(path));
    } catch {
      scheduleReconnect();
      return;
    }
    socket = ws;
    ws.onopen = () => {
      onStatus("connected");
      onOpen(send);
    };
    ws.onmessage = (event) => {
      if (typeof event.data !== "string") return;
      let frame: unknown;
      try {
        frame = JSON.parse(event.data);
      } catch {
        return;
      }
      if (!frame || typeof frame !== "object" || typeof (frame as { type?: unknown }).type !== "string") return;
      // The server answered: the connection works, so a later drop starts again from the shortest wait.
      attempt = 0;
      onFrame(frame as TFrame);
      announceSocketFrame(frame as TFrame);
    };
    ws.onclose = () => {
      if (socket !== ws) return;
      socket = null;
      if (isClosed) return;
      onStatus("connecting");
      scheduleReconnect();
    };
  }

  // Back online: try at once rather than at the end of a long wait.
  const onOnline = () => {
    if (isClosed || socket) return;
    attempt = 0;
    clearTimeout(timer);
    connect();
  };
  window.addEventListener("online", onOnline);
  connect();

  return {
    send,
    close: () => {
      isClosed = true;
      clearTimeout(timer);
      window.removeEventListener("online", onOnline);
      const ws = socket;
      socket = null;
      if (ws) {
        ws.onopen = null;
        ws.onmessage = null;
        ws.onclose = null;
        ws.close(1000);
      }
    },
  };
}
