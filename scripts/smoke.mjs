// Production smoke test: builds the app (unless SMOKE_SKIP_BUILD=1), starts server.mjs on a
// new, empty PGlite folder (so migrations and the demo seed run as on a fresh machine), checks a
// few API behaviours over real HTTP, then stops the server with SIGTERM during a request and
// checks that the request is answered, that requests sent just after the signal are answered or
// refused (never reset), the process exits 0 and the database folder opens again.
// Exits non-zero on any mismatch.
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { buildUnlessSkipped, checker, productionServerEnv, request as requestTo, runScript, scratchFolder, seconds, startServer, stopServer, waitForHealth } from "./server-process.mjs";

const port = Number(process.env.SMOKE_PORT || 3123);
const base = `http://127.0.0.1:${port}`;
const dataDir = scratchFolder("cardmail-smoke");
const logFile = path.join(dataDir, "server.log");
const env = productionServerEnv({ PGLITE_DATA_DIR: path.join(dataDir, "pglite") });
delete env.DATABASE_URL;

let server;
const checks = checker();
const { check } = checks;
const request = (method, pathname, options) => requestTo(base, method, pathname, options);

/** node:http, for the methods fetch() refuses to send (TRACE, CONNECT). */
function rawRequest(method, pathname) {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${pathname}`, { method }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => {
        let json;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode, type: res.headers["content-type"] ?? "", allow: res.headers.allow ?? "", json, text });
      });
    });
    req.on("error", reject);
    req.end();
  });
}

/** node:http, which leaves the body as sent: compressed or not. */
function rawGet(pathname, headers) {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${pathname}`, { headers }, (res) => {
      const chunks = [];
      res.on("data", (chunk) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, bytes: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

async function checkCompression(token) {
  const user = await request("POST", "/api/v1/auth/login", { body: { app_id: "smoke-compression", email: "alex@example.com", password: "demo-password" } });
  const alexToken = user.json?.data?.token ?? token;
  const existing = (await request("GET", "/api/v1/contacts?per_page=100", { token: alexToken })).json?.data?.length ?? 0;
  for (let i = existing; i < 100; i += 10) {
    await Promise.all(
      Array.from({ length: Math.min(10, 100 - i) }, (_, j) =>
        request("POST", "/api/v1/contacts", { token: alexToken, body: { first_name: `Smoke${i + j}`, last_name: "Compression", address: `${i + j} Long Street`, city: "Springfield", state: "IL", zip: "62701" } }),
      ),
    );
  }
  const auth = { authorization: `Bearer ${alexToken}` };
  const plain = await rawGet("/api/v1/contacts?per_page=100", auth);
  const gzipped = await rawGet("/api/v1/contacts?per_page=100", { ...auth, "accept-encoding": "gzip" });
  const same = gzipped.headers["content-encoding"] === "gzip" && gunzipSync(gzipped.bytes).equals(plain.bytes) && Number(gzipped.headers["content-length"]) === gzipped.bytes.length;
  check(
    "a 100-contact page for Accept-Encoding: gzip is gzipped, the same JSON",
    gzipped.status === 200 && same && JSON.parse(plain.bytes.toString("utf8")).data.length === 100 && /accept-encoding/i.test(gzipped.headers.vary ?? ""),
    `${gzipped.status} ${gzipped.headers["content-encoding"]} vary=${gzipped.headers.vary} ${plain.bytes.length} -> ${gzipped.bytes.length} bytes`,
  );
  console.log(`a 100-contact page: ${plain.bytes.length} bytes, gzipped ${gzipped.bytes.length}`);
  const brotli = await rawGet("/api/v1/contacts?per_page=100", { ...auth, "accept-encoding": "gzip, deflate, br" });
  check(
    "brotli is preferred when the client accepts it",
    brotli.headers["content-encoding"] === "br" && brotliDecompressSync(brotli.bytes).equals(plain.bytes),
    `${brotli.headers["content-encoding"]} ${brotli.bytes.length} bytes`,
  );
  check("without Accept-Encoding the page is sent as it is", plain.headers["content-encoding"] === undefined && plain.bytes.length > 1024, `${plain.headers["content-encoding"]}`);
  const small = await rawGet("/api/health", { "accept-encoding": "gzip, br" });
  check(
    "an answer under 1 KiB is sent as it is",
    small.status === 200 && small.headers["content-encoding"] === undefined && small.bytes.length < 1024 && typeof JSON.parse(small.bytes.toString("utf8")) === "object",
    `${small.status} ${small.headers["content-encoding"]} ${small.bytes.length} bytes`,
  );
  check("every API answer carries an X-Request-Id", /^[0-9a-f-]{36}$/.test(small.headers["x-request-id"] ?? ""), `${small.headers["x-request-id"]}`);
}

/**
 * A POST whose body arrives in two parts: the request is in flight, its handler waiting for the
 * rest, until `finish()` sends it.
 */
function slowPost(pathname, token, body) {
  const text = JSON.stringify(body);
  const half = Math.floor(text.length / 2);
  let finish;
  const response = new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${pathname}`,
      { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json", "content-length": Buffer.byteLength(text) } },
      (res) => {
        let answer = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => (answer += chunk));
        res.on("end", () => resolve({ status: res.statusCode, text: answer }));
      },
    );
    req.on("error", reject);
    req.write(text.slice(0, half));
    req.flushHeaders();
    finish = () => req.end(text.slice(half));
  });
  return { response, finish: () => finish() };
}

/** Opens the server's PGlite folder, as the next start would, and counts the contacts named so. */
async function countContactsInFolder(firstName) {
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const db = await PGlite.create(env.PGLITE_DATA_DIR, { extensions: { pg_trgm } });
  try {
    const result = await db.query("select count(*)::int as n from contacts where first_name = $1", [firstName]);
    return result.rows[0].n;
  } finally {
    await db.close();
  }
}

/**
 * A GET /api/health on `agent`'s connection (a new one without an agent): its status and
 * Connection header, or the error's code when it got no answer (ECONNREFUSED: nobody listens;
 * ECONNRESET: cut).
 */
function probe(agent = false) {
  return new Promise((resolve) => {
    const req = http.request(`${base}/api/health`, { agent }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode, connection: res.headers.connection }));
      res.on("error", (error) => resolve({ error: error.code ?? error.message }));
    });
    req.on("error", (error) => resolve({ error: error.code ?? error.message }));
    req.end();
  });
}

/**
 * A connection the server has taken but no request yet (its request is on its way), whose
 * GET /api/health `send()` writes later: `outcome` is the answer's status, or how it failed.
 */
async function openConnection() {
  const socket = net.connect(port, "127.0.0.1");
  await new Promise((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  const outcome = new Promise((resolve) => {
    let answer = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => (answer += chunk));
    socket.on("error", (error) => resolve({ error: error.code ?? error.message }));
    socket.on("close", () => {
      const status = Number(/^HTTP\/1\.1 (\d{3}) /.exec(answer)?.[1]);
      resolve(status ? { status } : { error: "closed without an answer" });
    });
  });
  return { send: () => socket.write(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`), outcome };
}

const answered = (result) => result.status === 200 || result.status === 503;
const describeProbe = (result) => result.error ?? `${result.status}${result.connection ? ` connection=${result.connection}` : ""}`;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** Resolves once one of the `answers` says Connection: close (never, if none does). */
const untilClosing = (answers) =>
  new Promise((resolve) => answers.forEach((answer) => answer.then((result) => result.connection === "close" && resolve())));

async function checkGracefulShutdown(token) {
  const slow = slowPost("/api/v1/contacts", token, { first_name: "Slowpoke", last_name: "Shutdown", city: "Springfield" });
  // Connections the server has taken before SIGTERM, whose next request comes after it: three
  // kept alive after a first request (a load balancer's pool), two just opened.
  const keptAlive = [0, 1, 2].map(() => new http.Agent({ keepAlive: true, maxSockets: 1 }));
  const warmUps = await Promise.all(keptAlive.map((agent) => probe(agent)));
  const opened = await Promise.all([0, 1].map(() => openConnection()));
  // The request has reached the server once its handler is waiting for the body.
  await sleep(500);
  const exited = new Promise((resolve) => server.child.once("exit", (code, signal) => resolve({ code, signal })));
  const signalled = Date.now();
  process.kill(-server.child.pid, "SIGTERM");
  const onKeptAlive = [probe(keptAlive[0])];
  opened[0].send();
  await sleep(50);
  onKeptAlive.push(probe(keptAlive[1]));
  await sleep(50);
  opened[1].send();
  // New connections once the server has taken the signal in (an answer says Connection: close):
  // refused (a load balancer retries them elsewhere) or, if taken before the listening socket
  // closed, answered. Not sooner: a connection still in the kernel's queue when the listening
  // socket closes is reset by the kernel, which no server can prevent.
  await Promise.race([untilClosing(onKeptAlive), sleep(300)]);
  const fresh = [];
  for (let i = 0; i < 8; i++) {
    fresh.push(probe());
    await sleep(5);
  }
  await sleep(Math.max(0, signalled + 300 - Date.now()));
  onKeptAlive.push(probe(keptAlive[2]));
  const taken = await Promise.all([...onKeptAlive, ...opened.map((connection) => connection.outcome)]);
  const late = await Promise.all(fresh);
  for (const agent of keptAlive) agent.destroy();
  check(
    "requests on connections taken before SIGTERM (kept alive, or just opened) are answered, never cut",
    warmUps.every(answered) && taken.every(answered),
    `warm-ups ${warmUps.map(describeProbe).join(", ")}; after SIGTERM ${taken.map(describeProbe).join(", ")}`,
  );
  check(
    "new connections after SIGTERM are refused or answered, never reset",
    late.every((result) => answered(result) || result.error === "ECONNREFUSED"),
    late.map(describeProbe).join(", "),
  );
  console.log(`after SIGTERM: on connections taken before ${taken.map(describeProbe).join(", ")}; new ones ${late.map(describeProbe).join(", ")}`);
  await sleep(300);
  const refused = await probe();
  check("after SIGTERM the server accepts no new connection", refused.error === "ECONNREFUSED", describeProbe(refused));
  check("after SIGTERM the server waits for the request in flight", server.child.exitCode === null && server.child.signalCode === null, `exited ${server.child.exitCode ?? server.child.signalCode}`);
  slow.finish();
  const answer = await slow.response;
  check("the request in flight during SIGTERM is answered", answer.status === 201, `${answer.status} ${answer.text.slice(0, 200)}`);
  const { code, signal } = await exited;
  check("the server exits 0 after SIGTERM", code === 0, `code ${code} signal ${signal}`);
  console.log(`SIGTERM to exit with a request in flight: ${seconds(signalled)}`);
  check("the database folder is unlocked", !fs.existsSync(`${env.PGLITE_DATA_DIR}.lock`), "the lock file is still there");
  const count = await countContactsInFolder("Slowpoke").catch((error) => error);
  check("the database folder opens again and holds the answered request's contact", count === 1, String(count));
}

async function main() {
  buildUnlessSkipped(env);

  const started = Date.now();
  server = startServer({ port, env, logFile });
  await waitForHealth(server, 60_000);
  console.log(`server.mjs to the first 200 on a new PGlite folder (migrations and demo seed): ${seconds(started)}`);

  const health = await request("GET", "/api/health");
  check("GET /api/health is 200 {status: ok}", health.status === 200 && health.json?.status === "ok", `${health.status} ${health.text}`);

  const login = await request("POST", "/api/v1/auth/login", { body: { app_id: "smoke", email: "demo@example.com", password: "demo-password" } });
  const token = login.json?.data?.token;
  check("demo login returns a token", login.status === 200 && typeof token === "string", `${login.status} ${login.text}`);

  const contacts = await request("GET", "/api/v1/contacts", { token });
  check(
    "GET /api/v1/contacts with the token lists the demo contacts",
    contacts.status === 200 && Array.isArray(contacts.json?.data) && contacts.json.data.length > 0,
    `${contacts.status} ${contacts.text.slice(0, 300)}`,
  );

  const anonymous = await request("GET", "/api/v1/contacts");
  check("no token is 401 Unauthenticated.", anonymous.status === 401 && anonymous.json?.message === "Unauthenticated.", `${anonymous.status} ${anonymous.text}`);

  const unknown = await request("GET", "/api/v1/nope");
  check(
    "unknown API route is a JSON 404",
    unknown.status === 404 && unknown.type.includes("application/json") && typeof unknown.json?.message === "string",
    `${unknown.status} ${unknown.type} ${unknown.text.slice(0, 200)}`,
  );

  const malformed = await request("POST", "/api/v1/auth/login", { rawBody: '{"email": "demo@example.com",' });
  check(
    "malformed JSON is a JSON 400",
    malformed.status === 400 && malformed.type.includes("application/json") && typeof malformed.json?.message === "string",
    `${malformed.status} ${malformed.text.slice(0, 200)}`,
  );

  const trace = await rawRequest("TRACE", "/api/v1/cards");
  check(
    "TRACE is a JSON 405 with Allow",
    trace.status === 405 && trace.type.includes("application/json") && trace.allow.includes("GET") && typeof trace.json?.message === "string",
    `${trace.status} ${trace.type} allow=${trace.allow} ${trace.text.slice(0, 200)}`,
  );

  const home = await request("GET", "/");
  check("the home page renders", home.status === 200 && home.type.includes("text/html") && home.text.includes("Cardmail"), `${home.status} ${home.type}`);

  await checkCompression(token);
  await checkGracefulShutdown(token);
}

await runScript({ title: "Smoke test", checks, logDir: dataDir, main, cleanup: () => stopServer(server) });
