import http from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chooseEncoding, compressJsonAnswers } from "./compression.mjs";

// A server that answers like Next's: headers set one by one, then the body written in chunks.
const page = JSON.stringify({ data: Array.from({ length: 100 }, (_, i) => ({ first_name: `Friend${i}`, last_name: "Example", city: "Springfield" })) });
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    compressJsonAnswers(req, res);
    const body = req.url === "/small" ? '{"status":"ok"}' : page;
    res.statusCode = 200;
    res.setHeader("Content-Type", req.url === "/text" ? "text/plain" : "application/json");
    res.write(body.slice(0, 100));
    res.end(body.slice(100));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function get(path: string, acceptEncoding?: string): Promise<{ headers: http.IncomingHttpHeaders; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${path}`, { headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ headers: res.headers, bytes: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

describe("compressed JSON answers", () => {
  it("gzips a 100-contact page for Accept-Encoding: gzip, decompressing to the same JSON", async () => {
    const { headers, bytes } = await get("/page", "gzip");
    expect(headers["content-encoding"]).toBe("gzip");
    expect(headers.vary).toContain("Accept-Encoding");
    expect(Number(headers["content-length"])).toBe(bytes.length);
    expect(gunzipSync(bytes).toString("utf8")).toBe(page);
  });

  it("prefers brotli when the client accepts both", async () => {
    const { headers, bytes } = await get("/page", "gzip, deflate, br");
    expect(headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(bytes).toString("utf8")).toBe(page);
  });

  it("sends an answer under 1 KiB, or to a client without Accept-Encoding, as it is", async () => {
    const small = await get("/small", "gzip, br");
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.bytes.toString("utf8")).toBe('{"status":"ok"}');
    const plain = await get("/page");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toContain("Accept-Encoding");
    expect(plain.bytes.toString("utf8")).toBe(page);
  });

  it("leaves answers that are not JSON alone", async () => {
    const { headers, bytes } = await get("/text", "gzip");
    expect(headers["content-encoding"]).toBeUndefined();
    expect(bytes.toString("utf8")).toBe(page);
  });

  it("honours the client's weights and refusals", () => {
    expect(chooseEncoding("gzip;q=1, br;q=0.5")).toBe("gzip");
    expect(chooseEncoding("br;q=0, gzip;q=0")).toBeNull();
    expect(chooseEncoding("identity")).toBeNull();
    expect(chooseEncoding("*, br;q=0")).toBe("gzip");
    expect(chooseEncoding(undefined)).toBeNull();
  });
});
