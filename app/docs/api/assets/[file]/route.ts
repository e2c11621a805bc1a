// GET /docs/api/assets/{file} — Swagger UI's script for the API explorer, from the installed package (no CDN), plain or gzipped
import { readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { gzip as gzipCallback } from "node:zlib";
import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/http";

const gzip = promisify(gzipCallback);

/*
 * Next 16 drops Content-Encoding from a route handler's response and does not compress it
 * either, so the bundle cannot be sent with HTTP compression from here. It is offered as a
 * gzip file instead, which the explorer inflates in the browser (DecompressionStream); the
 * plain file stays for browsers without it.
 */
const ASSETS: Record<string, { source: string; type: string; gzipped: boolean }> = {
  "swagger-ui-bundle.js": { source: "swagger-ui-bundle.js", type: "text/javascript; charset=utf-8", gzipped: false },
  "swagger-ui-bundle.js.gz": { source: "swagger-ui-bundle.js", type: "application/gzip", gzipped: true },
};

type Loaded = { body: Buffer; etag: string };

// The package's files never change while the server runs: read and compress each once.
const cache = new Map<string, Promise<Loaded>>();

async function load(file: string): Promise<Loaded> {
  const asset = ASSETS[file]!;
  const folder = path.join(process.cwd(), "node_modules", "swagger-ui-dist");
  const [source, manifest] = await Promise.all([readFile(path.join(folder, asset.source)), readFile(path.join(folder, "package.json"), "utf8")]);
  const version = (JSON.parse(manifest) as { version?: string }).version ?? "0";
  const body = asset.gzipped ? await gzip(source, { level: 9 }) : source;
  return { body, etag: `"swagger-ui-${version}-${file}"` };
}

function matches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((candidate) => {
    const tag = candidate.trim();
    return tag === "*" || tag.replace(/^W\//, "") === etag;
  });
}

export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: async (req, context) => {
    const { file } = (await context.params) as { file?: string };
    const asset = file ? ASSETS[file] : undefined;
    if (!file || !asset) return json({ message: "Not found." }, 404);
    let pending = cache.get(file);
    if (!pending) {
      pending = load(file);
      cache.set(file, pending);
      pending.catch(() => cache.delete(file));
    }
    let loaded: Loaded;
    try {
      loaded = await pending;
    } catch (error) {
      console.error("API explorer asset missing (is swagger-ui-dist installed?)", error);
      return json({ message: "Not found." }, 404);
    }
    const headers = { "Content-Type": asset.type, "Cache-Control": "public, max-age=86400", ETag: loaded.etag, "X-Content-Type-Options": "nosniff" };
    if (matches(req.headers.get("if-none-match"), loaded.etag)) return new Response(null, { status: 304, headers });
    return new Response(new Uint8Array(loaded.body), { status: 200, headers });
  },
});
