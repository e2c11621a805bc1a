import { config } from "@/lib/config";
import { AppError } from "@/lib/errors";
import { eventLoopPacer } from "@/lib/pace";
import fresh from "fresh";

const MAX_BODY_BYTES = 1024 * 1024;

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return jsonText(JSON.stringify(body), status, headers);
}

/** A JSON response whose body is JSON text already. */
export function jsonText(text: string, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(text, {
    status,
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store", ...headers },
  });
}

export function noContent(): Response {
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
}

/** The most of a body decoded without a pause (a body read by a proxy first comes in one chunk). */
const DECODE_BYTES = 256 * 1024;

/**
 * The body's chunks as they come, refusing more than `maxBytes` (a declared length over it before
 * reading anything) without buffering the body.
 */
async function* bodyChunks(req: Request, maxBytes: number): AsyncGenerator<Uint8Array> {
  const tooLarge = () => new AppError("payload_too_large", `The request body is too large: the limit is ${maxBytes / (1024 * 1024)} MiB.`);
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw tooLarge();
  if (!req.body) return;
  const reader = req.body.getReader();
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    yield value;
  }
}

/**
 * Reads the body as UTF-8 text, refusing more than 1 MiB (or `maxBytes`) without buffering it
 * all. It is decoded as it comes, a slice at a time, pausing for other requests now and then: a
 * body of several MiB decoded at once holds the event loop for tens of milliseconds.
 */
export async function readBodyText(req: Request, maxBytes = MAX_BODY_BYTES): Promise<string> {
  // As Buffer#toString: invalid bytes become U+FFFD, a byte order mark is kept.
  const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
  const pacer = eventLoopPacer();
  const parts: string[] = [];
  for await (const value of bodyChunks(req, maxBytes)) {
    for (let start = 0; start < value.byteLength; start += DECODE_BYTES) {
      parts.push(decoder.decode(value.subarray(start, start + DECODE_BYTES), { stream: true }));
      if (pacer.isDue()) await pacer.pause();
    }
  }
  parts.push(decoder.decode());
  return parts.join("");
}

/** Parses a JSON body; an empty body is an empty object, so validation names the missing fields. */
export function parseJsonText(text: string): unknown {
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("bad_request", "The request body is not valid JSON.");
  }
}

/**
 * The client's address, for throttling. server.mjs appends the socket's address to
 * X-Forwarded-For, so the last entry is the peer and each of the TRUSTED_PROXIES hops before it
 * added the entry to its left: the client is the entry TRUSTED_PROXIES + 1 from the right, or
 * the leftmost when there are fewer. Entries further left are the client's own words.
 * Production always runs through server.mjs (instrumentation.ts warns otherwise); a request
 * without the header never came through an HTTP server (route handlers called by tests).
 */
export function clientIp(req: Request): string {
  return clientIpFromHeaders(req.headers);
}

/** clientIp() for server actions, which see the request's headers but no Request. */
export function clientIpFromHeaders(headers: Headers): string {
  const entries = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return "no-forwarded-for";
  const index = entries.length - 1 - config().TRUSTED_PROXIES;
  return entries[Math.max(0, index)]!;
}

export function searchParamsObject(req: Request): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of new URL(req.url).searchParams) params[key] = value;
  return params;
}

/**
 * Whether a conditional GET may be answered 304: the request's If-None-Match names the
 * response's ETag, or, without one, its If-Modified-Since is not before Last-Modified (the
 * `fresh` package, which Express uses, reads the headers as HTTP says). The request's
 * Cache-Control is not passed on: `no-cache` speaks to caches on the way, and the fetch()
 * standard adds it to every request with a validator, yet the origin still answers the
 * condition (RFC 9110, 13.2.1).
 */
export function isFresh(req: Request, validators: { etag: string; lastModified: Date }): boolean {
  return fresh(
    { "if-none-match": req.headers.get("if-none-match") ?? undefined, "if-modified-since": req.headers.get("if-modified-since") ?? undefined },
    { etag: validators.etag, "last-modified": validators.lastModified.toUTCString() },
  );
}


/**
 * Reads the body as bytes, refusing more than 1 MiB (or `maxBytes`) without buffering it all;
 * for bodies whose charset the caller works out (an imported address book).
 */
export async function readBodyBytes(req: Request, maxBytes = MAX_BODY_BYTES): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of bodyChunks(req, maxBytes)) chunks.push(chunk);
  return Buffer.concat(chunks);
}
