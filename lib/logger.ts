import pino, { type DestinationStream, type Logger } from "pino";

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Where the lines go: stdout, or what a test put there. */
type Sink = { write(line: string): void };
type Holder = { logger?: Logger; sink: Sink; children: Map<string, Logger> };
const holder: Holder = ((globalThis as Record<symbol, Holder>)[Symbol.for("cardmail.logger")] ??= {
  sink: stdoutSink(),
  children: new Map(),
});

/**
 * stdout through sonic-boom without blocking: process.stdout to a file or a pipe writes each
 * line synchronously, one system call per API request on the hot path. Lines still leave at
 * once (no minimum length), and whatever is pending is flushed when the process exits, so a
 * fatal line written just before process.exit() is never lost.
 */
function stdoutSink(): Sink {
  // A reader that stops reading (a stalled pipe) costs at most 16 MiB of lines, then drops them.
  const stream = pino.destination({ dest: 1, sync: false, maxLength: 16 * 1024 * 1024 });
  // EPIPE once the reader is gone: the server goes on without its log rather than crashing.
  stream.on("error", () => {});
  process.on("exit", () => {
    try {
      stream.flushSync();
    } catch {
      // stdout is gone (a closed pipe): nothing left to write to.
    }
  });
  return stream;
}

// Not lib/config.ts: config() itself logs, and a bad LOG_LEVEL must still let the process
// say what is wrong (config's schema rejects it at start-up).
function levelFromEnv(): LogLevel {
  const level = process.env.LOG_LEVEL as LogLevel | undefined;
  return level && LOG_LEVELS.includes(level) ? level : "info";
}

// PostgreSQL's own fields that say what went wrong without saying with which values.
const DATABASE_FIELDS = ["code", "constraint", "constraint_name", "table", "table_name", "column", "column_name", "routine", "severity"] as const;

function clip(text: string, max = 500): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/**
 * An error as a log field, by allow-list. Drizzle's query errors carry the statement's
 * parameters (a contact's name, address and email) in `params` and in their message, and the
 * drivers keep them on `parameters`/`params` and in `detail` ("Key (...)=(...) already
 * exists"): none of those ever reach a log line, only the type, a message cut before
 * "params:", PostgreSQL's code, constraint and routine, the stack, and the cause alike.
 */
export function serializeError(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error, message: clip(String(error), 200) };
  const fields: Record<string, unknown> = { type: error.name || error.constructor?.name };
  const query = (error as { query?: unknown }).query;
  const isQueryError = typeof query === "string" && "params" in error;
  // The statement text has placeholders, never values; the message would add them.
  fields.message = isQueryError ? `Failed query: ${clip(query, 300)}` : clip(error.message.split(/\nparams:/)[0]!);
  for (const name of DATABASE_FIELDS) {
    const value = (error as unknown as Record<string, unknown>)[name];
    if (typeof value === "string" && value !== "") fields[name] = value;
  }
  if (error.stack && !isQueryError) fields.stack = clip(error.stack.split("\n").slice(1, 8).join("\n"), 1500);
  if (error.cause !== undefined && depth < 3) fields.cause = serializeError(error.cause, depth + 1);
  return fields;
}

function createLogger(): Logger {
  const destination: DestinationStream = { write: (line: string) => holder.sink.write(line) };
  return pino(
    {
      level: levelFromEnv(),
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      serializers: { err: serializeError, error: serializeError },
      // A belt to the braces: fields that must never be written, should a caller pass them.
      redact: {
        paths: ["password", "token", "authorization", "email", "*.password", "*.token", "*.authorization", "*.email", "req.headers.authorization", "req.headers.cookie"],
        censor: "[redacted]",
      },
    },
    destination,
  );
}

/**
 * The process's logger: one JSON line per event on stdout, at LOG_LEVEL (default info). One per
 * process on globalThis, since Next.js may load this module in more than one bundle.
 */
export function logger(): Logger {
  return (holder.logger ??= createLogger());
}

/** A component's logger: every line names it (`db`, `jobs`, `http`, ...). */
export function log(component: string): Logger {
  // Kept per component: the http component's logger is asked for on every API request.
  let child = holder.children.get(component);
  if (!child || child.level !== logger().level) {
    child = logger().child({ component });
    holder.children.set(component, child);
  }
  return child;
}

/**
 * For tests: sends the lines to `sink` at `level` until the returned function is called. The
 * lines are parsed JSON objects.
 */
export function captureLogs(level: LogLevel = "info"): { lines: Record<string, unknown>[]; restore(): void } {
  const lines: Record<string, unknown>[] = [];
  const previousSink = holder.sink;
  const previousLevel = logger().level;
  holder.sink = { write: (line) => void lines.push(JSON.parse(line) as Record<string, unknown>) };
  logger().level = level;
  return {
    lines,
    restore() {
      holder.sink = previousSink;
      logger().level = previousLevel;
    },
  };
}
