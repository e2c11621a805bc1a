// The production server: Next's request handler behind a plain node:http server, so that two
// things happen before Next sees a request. `next start` cannot do either: methods the Fetch API
// refuses (TRACE, CONNECT, TRACK) throw in Next's request adapter and become a text 500, and Next
// only fills X-Forwarded-For when the client sent none, so a route cannot tell a forged header
// from the socket. Usage: node server.mjs [-p PORT] [-H HOST] (PORT from the environment, 3000;
// every interface unless -H, like `next start`). Build first with `next build`.
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import v8 from "node:v8";
import pino from "pino";
import { compressJsonAnswers } from "./compression.mjs";

process.env.NODE_ENV = "production";
process.env.NEXT_TELEMETRY_DISABLED ??= "1";
// instrumentation.ts warns when a production process was not started here: its client
// addresses would come from headers nobody checked.
process.env.CARDMAIL_SERVER = "1";

// V8 lets the old generation grow to up to four times what its last full collection kept before
// it collects again. Streaming answers (an export, a calendar feed) promote most of what they
// read from the database and drop it soon after: a 100,000-contact feed took the server from
// 230 to 350 MB of garbage that way. Collecting at half again as much as was kept bounds the
// server's memory by its live data; the full collections this costs take 5 to 10 ms each.
v8.setFlagsFromString(`--heap-growing-percent=${Number(process.env.HEAP_GROWING_PERCENT || 50)}`);

// The same JSON lines as lib/logger.ts, which this plain script cannot import.
const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];
const log = pino({
  level: LOG_LEVELS.includes(process.env.LOG_LEVEL) ? process.env.LOG_LEVEL : "info",
  base: { pid: process.pid },
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label) => ({ level: label }) },
}).child({ component: "server" });
// In-flight requests get this long after SIGTERM or SIGINT; then their connections are cut.
const SHUTDOWN_GRACE_MS = 10_000;
// A connection without a request in progress when the server stops (kept alive by a load
// balancer, or just accepted, its request still on the way) is closed after this long idle: a
// request that comes meanwhile is answered, on a connection that ends.
const IDLE_LINGER_MS = 1_000;

const { values } = parseArgs({
  options: { port: { type: "string", short: "p" }, hostname: { type: "string", short: "H" } },
});
const port = Number(values.port ?? process.env.PORT ?? 3000);
const hostname = values.hostname;
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  log.fatal({ port: values.port ?? process.env.PORT }, "invalid port");
  process.exit(1);
}
// Without APP_URL, absolute URLs default to http://localhost:$PORT (lib/config.ts): the port
// given with -p is the one they must name.
process.env.PORT = String(port);

// The most any route serves (lib/api/handler.ts answers a route's own subset with 405 and its
// Allow): anything else is refused here, before Next's Fetch adapter throws on it.
const METHODS = ["GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE"];
const ALLOW = METHODS.join(", ");
const METHOD_NOT_ALLOWED = JSON.stringify({ message: "The method is not supported for this route." });

const { default: next } = await import("next");
const dir = path.dirname(fileURLToPath(import.meta.url));
const app = next({ dev: false, dir, hostname: hostname ?? "localhost", port });
await app.prepare();
const handle = app.getRequestHandler();

let stopping = false;
/** The requests in progress on each open connection (0: idle). */
const connections = new Map();
/** The answers whose headers may not be sent yet: on SIGTERM they learn that their connection ends. */
const unanswered = new Set();
/** Connections taken so far. */
let accepted = 0;

/** The answer tells the client the connection ends with it, and Node closes it once sent. */
function endsConnection(res) {
  if (res.headersSent) return;
  res.shouldKeepAlive = false;
  res.setHeader("Connection", "close");
}

/**
 * Closes the listening socket; `done` once every connection has closed. Not http.Server#close: it
 * also destroys at once every kept-alive connection between requests, which resets a request
 * already on its way on one of them. A connection still in the kernel's queue when the listening
 * socket closes is reset by the kernel, so it closes right after a turn of the event loop that
 * found none there (ten turns on at most).
 */
function stopListening(done) {
  let seen = -1;
  let turns = 0;
  const attempt = () => {
    if (accepted === seen || turns++ >= 10) return void net.Server.prototype.close.call(server, done);
    seen = accepted;
    setImmediate(attempt);
  };
  attempt();
}

/** Closes `socket` if it still has no request in progress IDLE_LINGER_MS from now. */
function closeWhenIdle(socket) {
  setTimeout(() => {
    if (connections.get(socket) === 0) socket.destroy();
  }, IDLE_LINGER_MS);
}

const server = http.createServer((req, res) => {
  const socket = req.socket;
  connections.set(socket, (connections.get(socket) ?? 0) + 1);
  unanswered.add(res);
  res.once("close", () => {
    unanswered.delete(res);
    if (!connections.has(socket)) return;
    connections.set(socket, connections.get(socket) - 1);
    // An answer begun before SIGTERM may have kept its connection alive.
    if (stopping) closeWhenIdle(socket);
  });
  // A request after SIGTERM (on a kept-alive connection, or one accepted just before) is
  // answered, on a connection that ends.
  if (stopping) endsConnection(res);
  if (!METHODS.includes(req.method ?? "")) {
    res.writeHead(405, {
      "Content-Type": "application/json",
      "Content-Length": Buffer.byteLength(METHOD_NOT_ALLOWED),
      "Cache-Control": "no-store",
      Allow: ALLOW,
    });
    res.end(METHOD_NOT_ALLOWED);
    return;
  }
  // As a proxy would: the last entry is always the socket, so lib/api/http.ts's clientIp can
  // count TRUSTED_PROXIES hops from the right and never trust what the client wrote.
  const remote = req.socket.remoteAddress ?? "unknown";
  const forwarded = req.headers["x-forwarded-for"];
  const existing = Array.isArray(forwarded) ? forwarded.join(", ") : forwarded;
  req.headers["x-forwarded-for"] = existing ? `${existing}, ${remote}` : remote;
  if (req.url?.startsWith("/api/")) compressJsonAnswers(req, res);
  handle(req, res).catch((error) => {
    log.error({ err: { type: error?.name, message: String(error?.message ?? error).split("\nparams:")[0], code: error?.code } }, "unhandled error in the request handler");
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res.writeHead(500, { "Content-Type": "application/json" });
    res.end(JSON.stringify({ message: "Server Error" }));
  });
});

server.on("connection", (socket) => {
  accepted += 1;
  connections.set(socket, 0);
  socket.once("close", () => connections.delete(socket));
  // Taken from the kernel's queue after SIGTERM, before the listening socket closed.
  if (stopping) closeWhenIdle(socket);
});

const RAW_METHOD_NOT_ALLOWED = [
  "HTTP/1.1 405 Method Not Allowed",
  "Content-Type: application/json",
  `Content-Length: ${Buffer.byteLength(METHOD_NOT_ALLOWED)}`,
  "Cache-Control: no-store",
  `Allow: ${ALLOW}`,
  "Connection: close",
  "",
  METHOD_NOT_ALLOWED,
].join("\r\n");

// CONNECT never reaches the request listener: Node hands it to "connect" and, with nobody
// listening there, drops the connection without an answer.
server.on("connect", (_req, socket) => socket.end(RAW_METHOD_NOT_ALLOWED));

// A method Node's parser does not know (TRACK) fails before any listener. A "clientError"
// listener replaces Node's own answers, so the other parse errors get the same ones it sends.
server.on("clientError", (error, socket) => {
  const answered = socket._httpMessage?.headersSent;
  if (socket.writable && !answered) {
    if (error.code === "HPE_INVALID_METHOD") socket.write(RAW_METHOD_NOT_ALLOWED);
    else if (error.code === "HPE_HEADER_OVERFLOW") socket.write("HTTP/1.1 431 Request Header Fields Too Large\r\nConnection: close\r\n\r\n");
    else if (error.code === "HPE_CHUNK_EXTENSIONS_OVERFLOW") socket.write("HTTP/1.1 413 Payload Too Large\r\nConnection: close\r\n\r\n");
    else if (error.code === "ERR_HTTP_REQUEST_TIMEOUT") socket.write("HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n");
    else socket.write("HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n");
  }
  socket.destroy(error);
});

server.on("error", (error) => {
  log.fatal({ host: hostname ?? "*", port, err: { message: error.message, code: error.code } }, "cannot listen");
  process.exit(1);
});
server.listen(port, hostname, () => {
  log.info({ url: `http://${hostname ?? "localhost"}:${port}` }, "listening");
});

/**
 * Stops in order: no new connections (the listening socket closes at once, so a load balancer
 * gets a refused connection it can retry elsewhere), the requests in flight answered and the idle
 * connections closed (for at most SHUTDOWN_GRACE_MS, then every connection is cut), then what
 * instrumentation.ts started (the background jobs, then the database: PGlite flushes and unlocks
 * its folder), then exit 0.
 */
async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  const started = Date.now();
  log.info({ signal }, "stopping: no new connections; finishing the requests in flight");
  for (const res of unanswered) endsConnection(res);
  const cut = setTimeout(() => {
    log.warn({ grace_ms: SHUTDOWN_GRACE_MS }, "requests still in flight after the grace period: closing their connections");
    server.closeAllConnections();
    for (const socket of connections.keys()) socket.destroy();
  }, SHUTDOWN_GRACE_MS);
  await new Promise((resolve) => {
    stopListening(resolve);
    for (const [socket, requests] of connections) if (requests === 0) closeWhenIdle(socket);
  });
  clearTimeout(cut);
  // Whatever happens below, the process ends: a database that never answers must not keep it.
  setTimeout(() => {
    log.error("shutdown did not finish in time: exiting");
    process.exit(1);
  }, 10_000).unref();
  let code = 0;
  try {
    await globalThis[Symbol.for("cardmail.shutdown")]?.();
  } catch (error) {
    log.error({ err: { type: error?.name, message: String(error?.message ?? error) } }, "stopping the jobs or the database failed");
    code = 1;
  }
  log.info({ duration_ms: Date.now() - started }, "stopped");
  process.exit(code);
}

for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => void shutdown(signal));
