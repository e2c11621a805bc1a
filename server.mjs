// The production server: Next's request handler behind a plain node:http server, so that two
// things happen before Next sees a request. `next start` cannot do either: methods the Fetch API
// refuses (TRACE, CONNECT, TRACK) throw in Next's request adapter and become a text 500, and Next
// only fills X-Forwarded-For when the client sent none, so a route cannot tell a forged header
// from the socket. Usage: node server.mjs [-p PORT] [-H HOST] (PORT from the environment, 3000;
// every interface unless -H, like `next start`). Build first with `next build`.
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

process.env.NODE_ENV = "production";
process.env.NEXT_TELEMETRY_DISABLED ??= "1";
// instrumentation.ts warns when a production process was not started here: its client
// addresses would come from headers nobody checked.
process.env.CARDMAIL_SERVER = "1";

const { values } = parseArgs({
  options: { port: { type: "string", short: "p" }, hostname: { type: "string", short: "H" } },
});
const port = Number(values.port ?? process.env.PORT ?? 3000);
const hostname = values.hostname;
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`Invalid port: ${values.port ?? process.env.PORT}`);
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

const server = http.createServer((req, res) => {
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
  handle(req, res).catch((error) => {
    console.error("Unhandled error in the request handler:", error);
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res.writeHead(500, { "Content-Type": "application/json" });
    res.end(JSON.stringify({ message: "Server Error" }));
  });
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
  console.error(`Cannot listen on ${hostname ?? "*"}:${port}: ${error.message}`);
  process.exit(1);
});
server.listen(port, hostname, () => {
  console.log(`Cardmail listening on http://${hostname ?? "localhost"}:${port}`);
});

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    // Open keep-alive sockets would hold close() for ever; a request in flight gets a few
    // seconds, then the process exits anyway (launchers send SIGKILL later still).
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 5_000).unref();
  });
}
