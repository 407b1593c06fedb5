import http from "node:http";
import type { Socket } from "node:net";
import { resolveLanguage } from "@common/i18n/locales";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { translateText } from "../lib/i18n";
import { redactUrl } from "../lib/secrets";

/**
 * What Fastify and Node answer before a route is found (an over-long address, headers too large, a
 * request that never arrived whole) in the project's error shape, `{ message }`, like every other
 * answer; Fastify's own would echo the address back.
 */
export function answerFrameworkError(error: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  // No route (and so no session) yet: the browser's language says which words to answer with.
  const language = resolveLanguage(null, null, req.headers["accept-language"]);
  const say = (text: string) => translateText(language, text);
  if (error.code === "FST_ERR_MAX_PARAM_LENGTH")
    return reply.code(414).send({ message: say("The address is too long.") });
  if (error.code === "FST_ERR_BAD_URL") return reply.code(400).send({ message: say("The address is not valid.") });
  return reply.code(400).send({ message: say("The request could not be read.") });
}

const CLIENT_ERRORS: Record<string, [number, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, "The request took too long to arrive."],
  HPE_HEADER_OVERFLOW: [431, "The request's headers (or its address) are too large."],
};

/** Node's parser refused the request (it never reached Fastify): answer in our shape and close. */
export function answerClientError(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === "ECONNRESET" || socket.destroyed) return;
  const [status, message] = CLIENT_ERRORS[err.code ?? ""] ?? [400, "The request could not be read."];
  const body = JSON.stringify({ message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

/**
 * The built client's files (@fastify/static's routes carry the file in their config) and the app's
 * shell sent for a client-side route (the not-found handler's index.html): cheap, cached, and as
 * many as a page has assets, so they are logged only at `debug`.
 */
function isClientFile(req: FastifyRequest, reply: FastifyReply): boolean {
  const config = req.routeOptions.config as { file?: string } | undefined;
  return config?.file !== undefined || (req.is404 && reply.statusCode === 200);
}

/** A read slower than this is logged at `info` even when it succeeded. */
const SLOW_READ_MS = 1000;

/**
 * One log line per request at most (Fastify's own two lines are off): method, address with its
 * tokens redacted, status and time in milliseconds. At the default level `info`: every write, every
 * answer of 400 or more, and reads slower than a second; reads that succeeded quickly (most of the
 * traffic: each page's session and data) and the client's files at `debug`, as their line cost about
 * a fifth of such a request's time (bench/RESULTS.md, issue 30); `warn` keeps only problems.
 */
export const requestLogPlugin = fp(async (app: FastifyInstance) => {
  // Not async: a promise per request for a line that is mostly not written (issue 30, hot reads).
  app.addHook("onResponse", (req: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const isQuietRead =
      (req.method === "GET" || req.method === "HEAD") && reply.statusCode < 400 && reply.elapsedTime < SLOW_READ_MS;
    const level = isQuietRead || isClientFile(req, reply) ? "debug" : "info";
    // At the default level most lines are not written: skip building them (pino's own check).
    if ((req.log as { isLevelEnabled?: (l: string) => boolean }).isLevelEnabled?.(level) === false) return done();
    req.log[level](
      {
        method: req.method,
        url: redactUrl(req.url),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      "request",
    );
    done();
  });
});
