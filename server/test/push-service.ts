import { createECDH, createPublicKey, type ECDH, randomBytes, randomUUID, verify } from "node:crypto";
import http, { type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import type { TPushSubscription } from "@common/notifications";
import { decrypt } from "http_ece";
import { afterFile } from "./after-file";

export type TPushRequest = { path: string; headers: IncomingHttpHeaders; body: Buffer };

/**
 * A local push service (like FCM's or Mozilla's) on 127.0.0.1 for tests: it records every request
 * and every connection, and answers 201, or the statuses queued for a path with `answer`. The app
 * reaches it through the test-only `push.testEndpointOrigin`. Closed after the file's tests.
 */
export class PushServiceStandIn {
  readonly requests: TPushRequest[] = [];
  /** Connections made to it, by anyone (a refused send makes none). */
  connections = 0;
  private readonly answers = new Map<string, number[]>();
  private readonly waiters: (() => void)[] = [];

  private constructor(
    private readonly server: http.Server,
    readonly origin: string,
  ) {}

  static async start(): Promise<PushServiceStandIn> {
    let standIn: PushServiceStandIn | undefined;
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const path = req.url ?? "/";
        standIn?.requests.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
        const status = standIn?.answers.get(path)?.shift() ?? 201;
        res.writeHead(status).end();
        for (const wake of standIn?.waiters.splice(0) ?? []) wake();
      });
    });
    server.on("connection", () => {
      if (standIn) standIn.connections++;
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    standIn = new PushServiceStandIn(server, `http://127.0.0.1:${port}`);
    afterFile(() => standIn?.close());
    return standIn;
  }

  /** The port it listens on. */
  get port(): number {
    return Number(new URL(this.origin).port);
  }

  /** Its next answers to requests for `path`, in order (then 201 again). */
  answer(path: string, ...statuses: number[]): void {
    this.answers.set(path, [...(this.answers.get(path) ?? []), ...statuses]);
  }

  /** The requests received for `path`. */
  to(path: string): TPushRequest[] {
    return this.requests.filter((r) => r.path === path);
  }

  /** Resolves once `path` has received `n` requests (the test's own timeout bounds the wait). */
  async waitFor(path: string, n: number): Promise<TPushRequest[]> {
    while (this.to(path).length < n) await new Promise<void>((resolve) => this.waiters.push(resolve));
    return this.to(path);
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/**
 * A browser's push subscription, as the browser makes it: an endpoint at the push service, a P-256
 * key pair and a 16-byte auth secret. It decrypts what the push service was sent, as the browser
 * would (RFC 8291, aes128gcm).
 */
export class FakeBrowser {
  readonly path = `/push/${randomUUID()}`;
  private readonly ecdh: ECDH = createECDH("prime256v1");
  private readonly authSecret = randomBytes(16);

  constructor(readonly standIn: { origin: string }) {
    this.ecdh.generateKeys();
  }

  get endpoint(): string {
    return `${this.standIn.origin}${this.path}`;
  }

  subscription(): TPushSubscription {
    return {
      endpoint: this.endpoint,
      expirationTime: null,
      keys: {
        p256dh: this.ecdh.getPublicKey().toString("base64url"),
        auth: this.authSecret.toString("base64url"),
      },
    };
  }

  /** The JSON the server encrypted for this browser. */
  decrypt(body: Buffer): unknown {
    const plain = decrypt(body, { version: "aes128gcm", privateKey: this.ecdh, authSecret: this.authSecret });
    return JSON.parse(plain.toString("utf8"));
  }
}

/**
 * Checks a VAPID `Authorization: vapid t=<JWT>, k=<public key>` header as a push service does: the
 * JWT's ES256 signature verifies with `k`. Returns `k` and the JWT's claims.
 */
export function readVapid(authorization: string | undefined): { publicKey: string; claims: Record<string, unknown> } {
  const m = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? "");
  if (!m) throw new Error(`not a VAPID Authorization header: ${authorization}`);
  const [, jwt, publicKey] = m;
  const point = Buffer.from(publicKey, "base64url");
  const key = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33, 65).toString("base64url"),
    },
    format: "jwk",
  });
  const [header, claims, signature] = jwt.split(".");
  const ok = verify(
    "sha256",
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!ok) throw new Error("the VAPID JWT's signature does not verify with its key");
  return { publicKey, claims: JSON.parse(Buffer.from(claims, "base64url").toString("utf8")) };
}
