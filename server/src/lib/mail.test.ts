import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import pino from "pino";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb } from "../../test/db";
import type { TRootDb } from "../db/client";
import { mailOutbox } from "../db/schema";
import { Mailer } from "./mail";

let db: TRootDb;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await createTestDb());
});
afterAll(() => drop());

describe("mail outbox", () => {
  it("keeps a message the SMTP server refuses and delivers it on a later try", async () => {
    let refuse = true;
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onData(stream, session, callback) {
        stream.resume();
        stream.on("end", () => {
          if (refuse) return callback(Object.assign(new Error("Mailbox busy"), { responseCode: 451 }));
          received.push(session.envelope.rcptTo[0].address);
          callback();
        });
      },
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const { port } = server.server.address() as AddressInfo;
    const mailer = new Mailer(db, {
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: "test@fellowship.test",
      log: pino({ level: "silent" }),
    });
    try {
      await mailer.enqueue({ to: "ruth@example.org", subject: "Hello", text: "Body" });
      await mailer.flush();
      const [failed] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, "ruth@example.org"));
      expect(failed).toMatchObject({ attempts: 1, sentAt: null });
      expect(failed.lastError).toMatch(/Mailbox busy/);
      expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
      expect(received).toEqual([]);

      // The retry is due (time passes): this time the server accepts it, once.
      refuse = false;
      await db
        .update(mailOutbox)
        .set({ nextAttemptAt: new Date(Date.now() - 1000) })
        .where(eq(mailOutbox.id, failed.id));
      await mailer.flush();
      await mailer.flush();
      const [sent] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, failed.id));
      expect(sent.sentAt).not.toBeNull();
      expect(sent.attempts).toBe(2);
      expect(received).toEqual(["ruth@example.org"]);
    } finally {
      await mailer.stop();
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});
