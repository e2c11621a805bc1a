// Compression of the API's JSON answers, for server.mjs. Here and not in the route handlers:
// Next's server drops the Content-Encoding a route handler sets (it would send the bytes
// encoded but unlabelled) and compresses no route handler's answer itself.
import zlib from "node:zlib";

/** Below this a JSON body is sent as is: the saving would not pay for the work. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

// Brotli at quality 4 and gzip at 6 cost about 1.5 ms for a 70 KB page of 100 contacts;
// brotli's default quality (11) took 88 ms.
const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT } };
const GZIP_OPTIONS = { level: 6 };

/**
 * The encoding the client accepts with the highest weight (RFC 9110 §12.5.3), brotli on a tie;
 * null when it sent no Accept-Encoding or refused both.
 */
export function chooseEncoding(acceptEncoding) {
  if (!acceptEncoding) return null;
  const weights = new Map();
  for (const part of String(acceptEncoding).split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    const weight = q === undefined ? 1 : Number(q);
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (name) => weights.get(name) ?? weights.get("*") ?? 0;
  const br = weightOf("br");
  const gzip = weightOf("gzip");
  if (br <= 0 && gzip <= 0) return null;
  return br >= gzip ? "br" : "gzip";
}

function addVary(res) {
  const vary = res.getHeader("vary");
  const list = vary ? String(vary) : "";
  if (!/(^|,)\s*accept-encoding\s*(,|$)/i.test(list)) res.setHeader("Vary", list ? `${list}, Accept-Encoding` : "Accept-Encoding");
}

/**
 * Makes `res` compress a JSON answer over 1 KiB with br or gzip when `req` accepts it: the body
 * is held until the end (API answers are bounded: a page is at most 100 contacts), then sent
 * with Content-Encoding, its new Content-Length and Vary: Accept-Encoding. Anything that is not
 * JSON, or is already encoded, passes through untouched as it is written.
 */
export function compressJsonAnswers(req, res) {
  const encoding = chooseEncoding(req.headers["accept-encoding"]);
  if (!encoding) {
    // Nothing will be compressed: the answer streams as written, no body held on the hot path;
    // only Vary tells caches that another client may get it encoded.
    const writeHeadPlain = res.writeHead.bind(res);
    res.writeHead = (...args) => {
      if (String(res.getHeader("content-type") ?? "").startsWith("application/json")) addVary(res);
      return writeHeadPlain(...args);
    };
    return;
  }
  const write = res.write.bind(res);
  const end = res.end.bind(res);
  const writeHead = res.writeHead.bind(res);
  const flushHeaders = res.flushHeaders.bind(res);
  let holding;
  const chunks = [];
  const decide = () => {
    if (holding === undefined) {
      const type = String(res.getHeader("content-type") ?? "");
      holding = type.startsWith("application/json") && !res.getHeader("content-encoding") && req.method !== "HEAD";
      if (holding) addVary(res);
    }
    return holding;
  };
  res.writeHead = (statusCode, ...rest) => {
    // Headers given here are set now and sent with the body, once its encoding is known.
    res.statusCode = statusCode;
    const headers = rest.find((arg) => arg && typeof arg === "object");
    const message = rest.find((arg) => typeof arg === "string");
    if (message) res.statusMessage = message;
    if (Array.isArray(headers)) {
      for (let i = 0; i < headers.length; i += 2) res.setHeader(headers[i], headers[i + 1]);
    } else if (headers) {
      for (const [name, value] of Object.entries(headers)) if (value !== undefined) res.setHeader(name, value);
    }
    return decide() ? res : writeHead(res.statusCode);
  };
  res.flushHeaders = () => {
    if (!decide()) flushHeaders();
  };
  res.write = (chunk, encodingOrCallback, callback) => {
    if (!decide()) return write(chunk, encodingOrCallback, callback);
    if (chunk) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, typeof encodingOrCallback === "string" ? encodingOrCallback : "utf8"));
    const done = typeof encodingOrCallback === "function" ? encodingOrCallback : callback;
    if (done) process.nextTick(done);
    return true;
  };
  res.end = (chunk, encodingOrCallback, callback) => {
    if (typeof chunk === "function") return res.end(undefined, undefined, chunk);
    if (!decide()) return end(chunk, encodingOrCallback, callback);
    if (chunk) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, typeof encodingOrCallback === "string" ? encodingOrCallback : "utf8"));
    const done = typeof encodingOrCallback === "function" ? encodingOrCallback : callback;
    let body = Buffer.concat(chunks);
    if (encoding && body.length > COMPRESSION_THRESHOLD_BYTES) {
      body = encoding === "br" ? zlib.brotliCompressSync(body, BROTLI_OPTIONS) : zlib.gzipSync(body, GZIP_OPTIONS);
      res.setHeader("Content-Encoding", encoding);
    }
    res.removeHeader("Transfer-Encoding");
    res.setHeader("Content-Length", body.length);
    // Node writes the held headers through writeHead: the original one, now.
    res.writeHead = writeHead;
    return end(body, done);
  };
}
