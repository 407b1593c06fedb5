import type { TServerFrame } from "@common/live";
import { act } from "@testing-library/react";
import { vi } from "vitest";

/**
 * For tests only: a WebSocket stand-in that records what the page sends and lets a test open,
 * answer and drop the connection. `FakeWebSocket.install()` puts it in place of the browser's.
 */
export class FakeWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static instances: FakeWebSocket[] = [];

  readonly url: string;
  readyState = FakeWebSocket.CONNECTING;
  /** Frames the page sent, parsed. */
  sent: unknown[] = [];
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(url: string) {
    this.url = url;
    FakeWebSocket.instances.push(this);
  }

  static install(): void {
    FakeWebSocket.instances = [];
    vi.stubGlobal("WebSocket", FakeWebSocket);
  }

  /** The newest socket the page opened. */
  static latest(): FakeWebSocket {
    const ws = FakeWebSocket.instances.at(-1);
    if (!ws) throw new Error("no WebSocket was opened");
    return ws;
  }

  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }

  close(code = 1000): void {
    if (this.readyState === FakeWebSocket.CLOSED) return;
    this.readyState = FakeWebSocket.CLOSED;
    this.onclose?.({ code } as CloseEvent);
  }

  /** The server accepts the connection. */
  open(): void {
    act(() => {
      this.readyState = FakeWebSocket.OPEN;
      this.onopen?.(new Event("open"));
    });
  }

  /** The server sends `frame` (or raw text). */
  receive(frame: TServerFrame | string): void {
    act(() => {
      this.onmessage?.({ data: typeof frame === "string" ? frame : JSON.stringify(frame) } as MessageEvent);
    });
  }

  /** The connection breaks. */
  drop(): void {
    act(() => {
      this.readyState = FakeWebSocket.CLOSED;
      this.onclose?.({ code: 1006 } as CloseEvent);
    });
  }
}
