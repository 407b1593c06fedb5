import pino from "pino";

export type TLogFormat = "pretty" | "json";

/** Where the app's log lines go: standard output, as pino writes them or made readable. */
export type TLogOutput = {
  stream: { write: (line: string) => void };
  /** Starts writing the lines gathered so far now (the start-up's last lines). */
  flush: () => void;
  /** Writes what is still buffered before the process exits. */
  flushSync: () => void;
};

const LEVELS: Record<number, string> = { 10: "TRACE", 20: "DEBUG", 30: "INFO", 40: "WARN", 50: "ERROR", 60: "FATAL" };
const COLOURS: Record<number, string> = {
  20: "\x1b[90m",
  30: "\x1b[32m",
  40: "\x1b[33m",
  50: "\x1b[31m",
  60: "\x1b[31m",
};
/** Fields every line has (or that only a machine reads): not repeated on a readable line. */
const SKIPPED = new Set(["level", "time", "pid", "hostname", "msg", "reqId", "err"]);

function formatValue(value: unknown): string {
  if (typeof value === "string") return /[\s"=]/.test(value) || value === "" ? JSON.stringify(value) : value;
  return JSON.stringify(value) ?? String(value);
}

/**
 * One pino JSON line as a person reads it: `14:02:07 INFO  message key=value`; a request as
 * `GET /api/sermons 200 12.3 ms`; an error's stack on the lines below. A line that is not JSON
 * passes through unchanged.
 */
export function formatPrettyLine(line: string, colour = false): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line);
  } catch {
    return line;
  }
  const level = typeof entry.level === "number" ? entry.level : 30;
  const time = new Date(typeof entry.time === "number" ? entry.time : Date.now());
  const clock = [time.getHours(), time.getMinutes(), time.getSeconds()]
    .map((n) => String(n).padStart(2, "0"))
    .join(":");
  const name = (LEVELS[level] ?? String(level)).padEnd(5);
  const label = colour ? `${COLOURS[level] ?? ""}${name}\x1b[0m` : name;
  let message = typeof entry.msg === "string" ? entry.msg : "";
  const rest = Object.keys(entry).filter((k) => !SKIPPED.has(k));
  if (message === "request" && "method" in entry && "url" in entry) {
    message = `${entry.method} ${entry.url} ${entry.status} ${entry.ms} ms`;
    for (const k of ["method", "url", "status", "ms"]) rest.splice(rest.indexOf(k), 1);
  }
  const fields = rest.map((k) => `${k}=${formatValue(entry[k])}`).join(" ");
  let out = `${clock} ${label} ${message}${fields ? ` ${fields}` : ""}`;
  const err = entry.err as { message?: string; stack?: string } | undefined;
  if (err) out += `\n    ${(err.stack ?? err.message ?? JSON.stringify(err)).split("\n").join("\n    ")}`;
  return `${out}\n`;
}

/** Lines gathered before one write: under load, one write carries dozens of requests' lines. */
const BATCH_CHARS = 4096;
/** The longest a line waits for others when the app is quiet. */
const MAX_WAIT_MS = 50;

/**
 * Standard output for the app's log. Lines are gathered and written in the background (a request
 * never waits for its line, and under load one write carries many lines), but never held longer
 * than 50 ms: the address to open at start-up, or the file an e-mail was written to, appears at
 * once, not when a 4 KB buffer happens to fill.
 */
export function createLogOutput(format: TLogFormat, opts: { fd?: number; colour?: boolean } = {}): TLogOutput {
  const dest = pino.destination({ dest: opts.fd ?? 1, sync: false, minLength: 0 });
  let waiting = "";
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (waiting === "") return;
    dest.write(waiting);
    waiting = "";
  };
  const colour = opts.colour ?? false;
  const write = (line: string) => {
    waiting += format === "pretty" ? formatPrettyLine(line, colour) : line;
    if (waiting.length >= BATCH_CHARS) flush();
    else timer ??= setTimeout(flush, MAX_WAIT_MS);
  };
  const flushSync = () => {
    flush();
    try {
      dest.flushSync();
    } catch {
      // Nothing written yet (the descriptor is still opening) or the reader is gone: nothing to keep.
    }
  };
  return { stream: { write }, flush, flushSync };
}

/** A pino logger on that output, for what is said before the web app exists (the database's start). */
export function createStartLogger(output: TLogOutput, level: string) {
  return pino({ level }, output.stream);
}
