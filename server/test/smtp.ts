import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterFile } from "./after-file";

export type TReceivedMail = { from: string; to: string[]; raw: string; subject: string; text: string };

/** A real SMTP server on loopback that keeps what it receives (tests of invitations and resets). */
export async function startSmtpServer(): Promise<{
  url: string;
  messages: TReceivedMail[];
  waitFor: (to: string) => Promise<TReceivedMail>;
}> {
  const messages: TReceivedMail[] = [];
  const waiters: { to: string; resolve: (m: TReceivedMail) => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (d) => (raw += d.toString("utf8")));
      stream.on("end", () => {
        const headerEnd = raw.indexOf("\r\n\r\n");
        const headers = raw.slice(0, headerEnd);
        // A folded header continues on lines that start with white space.
        const subject = decodeEncodedWords(/^Subject: (.*(?:\r\n[ \t].*)*)$/m.exec(headers)?.[1]?.trim() ?? "");
        const mail: TReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          subject,
          text: decodeQuotedPrintable(raw),
        };
        messages.push(mail);
        for (const w of waiters.splice(0)) {
          if (mail.to.includes(w.to)) w.resolve(mail);
          else waiters.push(w);
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  afterFile(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(to: string) {
      const found = messages.find((m) => m.to.includes(to));
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => waiters.push({ to, resolve }));
    },
  };
}

/** A header's RFC 2047 encoded words (`=?UTF-8?Q?Restablece_tu_contrase=C3=B1a?=`, `=?UTF-8?B?…?=`) as text. */
function decodeEncodedWords(header: string): string {
  return header
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : decodeQuotedPrintable(text.replace(/_/g, " ")),
    );
}

/** Soft line breaks joined and `=XX` runs read as the UTF-8 bytes they are ("=C3=9A" is "Ú"). */
function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r\n/g, "").replace(/(?:=[0-9A-F]{2})+/g, (run) =>
    Buffer.from(
      run
        .slice(1)
        .split("=")
        .map((h) => Number.parseInt(h, 16)),
    ).toString("utf8"),
  );
}
