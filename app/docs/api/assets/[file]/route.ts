// GET /docs/api/assets/{file} — Swagger UI's script for the API reference, served from the installed package (no CDN)
import { readFile } from "node:fs/promises";
import path from "node:path";
import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/http";

const ASSETS: Record<string, string> = {
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
};

// The package's files never change while the server runs: read each once.
const cache = new Map<string, Promise<{ body: Buffer; etag: string }>>();

async function load(file: string): Promise<{ body: Buffer; etag: string }> {
  const folder = path.join(process.cwd(), "node_modules", "swagger-ui-dist");
  const [body, manifest] = await Promise.all([readFile(path.join(folder, file)), readFile(path.join(folder, "package.json"), "utf8")]);
  const version = (JSON.parse(manifest) as { version?: string }).version ?? "0";
  return { body, etag: `"swagger-ui-${version}-${file}"` };
}

export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: async (req, context) => {
    const { file } = (await context.params) as { file?: string };
    const type = file ? ASSETS[file] : undefined;
    if (!file || !type) return json({ message: "Not found." }, 404);
    let asset = cache.get(file);
    if (!asset) {
      asset = load(file);
      cache.set(file, asset);
      asset.catch(() => cache.delete(file));
    }
    let loaded: { body: Buffer; etag: string };
    try {
      loaded = await asset;
    } catch (error) {
      console.error("API reference asset missing (is swagger-ui-dist installed?)", error);
      return json({ message: "Not found." }, 404);
    }
    const headers = { "Content-Type": type, "Cache-Control": "public, max-age=86400", ETag: loaded.etag, "X-Content-Type-Options": "nosniff" };
    if (req.headers.get("if-none-match") === loaded.etag) return new Response(null, { status: 304, headers });
    return new Response(new Uint8Array(loaded.body), { status: 200, headers });
  },
});
